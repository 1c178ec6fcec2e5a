package org.bloomery.samples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The code on the user pages (README.md and docs/) is code the build compiles and runs, so a page
 * cannot drift from the library. Every {@code java} block is preceded by a marker
 * {@code <!-- sample: path/from/the/root/SomeTest.java#region -->} naming a region of a test source
 * between the lines {@code // sample:region} and {@code // end:region}; the block must equal the
 * region, once both lose their common indentation and trailing spaces. The test that holds the
 * region runs it and checks what the page says about it. Every block names its language, so no Java
 * hides in a bare block; every region is shown on some page, so none is left behind when a page
 * changes; and the Maven coordinates the pages give are the build's.
 */
class DocumentSamplesTest {
    private static final Pattern FENCE = Pattern.compile("^(\\s*)(```|~~~)\\s*(\\S*)\\s*$");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*sample:\\s*(\\S+)#(\\S+)\\s*-->\\s*$");
    private static final Pattern REGION = Pattern.compile("^\\s*// sample:(\\S+)\\s*$");
    private static final Pattern DEPENDENCY = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);
    private static final Path BOM = Pages.ROOT.resolve("bom/pom.xml");

    /** One fenced code block of a page. */
    record Block(Path page, int line, String language, List<String> text, String marker) {
        String where() {
            return Pages.name(page) + ":" + line;
        }
    }

    static Stream<Path> pages() {
        List<Path> pages = Pages.userPages();
        assertThat(pages).as("user pages under " + Pages.ROOT).isNotEmpty();
        return pages.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pages")
    void everyJavaBlockIsARegionOfATestSource(Path page) {
        List<String> problems = new ArrayList<>();
        for (Block block : blocks(page, problems)) {
            if (block.language().isEmpty()) {
                problems.add(block.where() + ": a code block without a language (java, xml, sh, text, ...)");
            } else if (block.language().equals("java") && block.marker() == null) {
                problems.add(block.where() + ": a java block without a <!-- sample: path#region --> marker above it");
            } else if (block.marker() != null) {
                checkRegion(block, problems);
            }
        }
        assertThat(problems).as("samples of " + Pages.name(page)).isEmpty();
    }

    @Test
    void everySampleRegionIsShownOnAPage() {
        Set<String> shown = new HashSet<>();
        for (Path page : Pages.userPages()) {
            for (Block block : blocks(page, new ArrayList<>())) {
                if (block.marker() != null) {
                    shown.add(block.marker());
                }
            }
        }
        Set<String> unshown = new TreeSet<>();
        for (Path source : testSources()) {
            for (String line : Pages.read(source)) {
                Matcher m = REGION.matcher(line);
                if (m.matches() && !shown.contains(Pages.name(source) + "#" + m.group(1))) {
                    unshown.add(Pages.name(source) + "#" + m.group(1));
                }
            }
        }
        assertThat(unshown).as("sample regions that no page shows").isEmpty();
    }

    @Test
    void theBloomeryCoordinatesOnThePagesAreTheBomsArtifactsAtItsVersion() {
        String bom = String.join("\n", Pages.read(BOM));
        String version = tag(bom.substring(bom.indexOf("<artifactId>bloomery-bom</artifactId>")), "version");
        Set<String> managed = new HashSet<>();
        Matcher managedDependency = DEPENDENCY.matcher(bom);
        while (managedDependency.find()) {
            managed.add(tag(managedDependency.group(1), "artifactId"));
        }
        managed.add("bloomery-bom");
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Path page : Pages.userPages()) {
            for (Block block : blocks(page, problems)) {
                if (!block.language().equals("xml")) {
                    continue;
                }
                Matcher m = DEPENDENCY.matcher(String.join("\n", block.text()));
                while (m.find()) {
                    if (!"org.bloomery".equals(tag(m.group(1), "groupId"))) {
                        continue;
                    }
                    checked++;
                    String artifact = tag(m.group(1), "artifactId");
                    String given = tag(m.group(1), "version");
                    if (!managed.contains(artifact)) {
                        problems.add(block.where() + ": " + artifact + " is not an artifact of bom/pom.xml " + managed);
                    }
                    if (given != null && !given.equals(version)) {
                        problems.add(block.where() + ": " + artifact + " at version " + given + ", the build's is " + version);
                    }
                }
            }
        }
        assertThat(problems).as("Maven coordinates on the pages").isEmpty();
        assertThat(checked).as("org.bloomery dependencies on the pages (README.md gives the BOM)").isPositive();
    }

    /** The fenced blocks of a page, each with the sample marker on the line above it, if any. */
    static List<Block> blocks(Path page, List<String> problems) {
        List<String> lines = Pages.read(page);
        List<Block> blocks = new ArrayList<>();
        String pendingMarker = null;
        int markerLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher marker = MARKER.matcher(lines.get(i));
            if (marker.matches()) {
                pendingMarker = marker.group(1) + "#" + marker.group(2);
                markerLine = i + 1;
                continue;
            }
            Matcher fence = FENCE.matcher(lines.get(i));
            if (!fence.matches()) {
                if (pendingMarker != null && !lines.get(i).isBlank()) {
                    problems.add(Pages.name(page) + ":" + markerLine + ": a sample marker not followed by a code block");
                    pendingMarker = null;
                }
                continue;
            }
            int start = i;
            List<String> text = new ArrayList<>();
            String close = fence.group(2);
            while (++i < lines.size() && !lines.get(i).trim().equals(close)) {
                text.add(lines.get(i));
            }
            blocks.add(new Block(page, start + 1, fence.group(3), text, pendingMarker));
            pendingMarker = null;
        }
        if (pendingMarker != null) {
            problems.add(Pages.name(page) + ":" + markerLine + ": a sample marker not followed by a code block");
        }
        return blocks;
    }

    private static void checkRegion(Block block, List<String> problems) {
        int hash = block.marker().indexOf('#');
        String file = block.marker().substring(0, hash);
        String region = block.marker().substring(hash + 1);
        Path source = Pages.ROOT.resolve(file).normalize();
        if (!file.contains("/src/test/java/") || !file.endsWith(".java")) {
            problems.add(block.where() + ": " + file + " is not a Java test source (…/src/test/java/…), which the tests compile and run");
            return;
        }
        if (!Files.isRegularFile(source)) {
            problems.add(block.where() + ": no file " + file);
            return;
        }
        List<String> lines = Pages.read(source);
        int begin = indexOf(lines, "// sample:" + region);
        int end = indexOf(lines, "// end:" + region);
        if (begin < 0 || end < begin || lines.lastIndexOf(lines.get(begin)) != begin) {
            problems.add(block.where() + ": " + file + " has no single region '" + region
                    + "' between '// sample:" + region + "' and '// end:" + region + "'");
            return;
        }
        List<String> expected = unindented(lines.subList(begin + 1, end));
        List<String> shown = unindented(block.text());
        if (!expected.equals(shown)) {
            int at = 0;
            while (at < Math.min(expected.size(), shown.size()) && expected.get(at).equals(shown.get(at))) {
                at++;
            }
            problems.add(block.where() + ": differs from " + block.marker() + " at its line " + (at + 1)
                    + ":\n  page:   " + (at < shown.size() ? shown.get(at) : "(ends)")
                    + "\n  source: " + (at < expected.size() ? expected.get(at) : "(ends)"));
        }
    }

    private static int indexOf(List<String> lines, String marker) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).trim().equals(marker)) {
                return i;
            }
        }
        return -1;
    }

    /** Lines without their common leading spaces and without trailing spaces. */
    static List<String> unindented(List<String> lines) {
        int indent = lines.stream().filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        return lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent).stripTrailing())
                .collect(Collectors.toList());
    }

    /** Every Java test source of the repository's modules (build output and hidden folders skipped). */
    private static List<Path> testSources() {
        List<Path> sources = new ArrayList<>();
        try {
            Files.walkFileTree(Pages.ROOT, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    boolean skip = !dir.equals(Pages.ROOT) && (name.equals("target") || name.startsWith("."));
                    return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (file.toString().endsWith(".java") && Pages.name(file).contains("/src/test/java/")) {
                        sources.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sources;
    }

    private static String tag(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">\\s*([^<]*?)\\s*</" + name + ">").matcher(xml);
        return m.find() ? m.group(1) : null;
    }
}
