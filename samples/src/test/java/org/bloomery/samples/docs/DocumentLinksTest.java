package org.bloomery.samples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every relative link in the project's Markdown pages (README.md, FORMAT.md, CHANGELOG.md and
 * docs/) resolves: the file exists, and an anchor names a heading of it, as GitHub makes anchors
 * from headings (lower case, punctuation dropped, spaces to hyphens, a repeated heading numbered).
 */
class DocumentLinksTest {
    private static final Path ROOT = Pages.ROOT;
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");

    static Stream<Path> pages() {
        List<Path> pages = Pages.all();
        assertThat(pages).as("pages under " + ROOT).isNotEmpty();
        return pages.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pages")
    void everyRelativeLinkAndAnchorResolves(Path page) {
        List<String> broken = new ArrayList<>();
        for (String target : links(page)) {
            if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                continue; // http:, https:, mailto: and other absolute links are not checked here.
            }
            int hash = target.indexOf('#');
            String file = hash < 0 ? target : target.substring(0, hash);
            Path linked = file.isEmpty() ? page : page.getParent().resolve(URI.create(file).getPath()).normalize();
            if (!Files.exists(linked)) {
                broken.add(target + " (no file " + ROOT.relativize(linked) + ")");
            } else if (hash >= 0 && !anchors(linked).contains(target.substring(hash + 1))) {
                broken.add(target + " (no heading with anchor #" + target.substring(hash + 1) + " in "
                        + ROOT.relativize(linked) + ")");
            }
        }
        assertThat(broken).as("broken links in " + ROOT.relativize(page)).isEmpty();
    }

    /** The link targets of a page, outside code blocks and code spans. */
    private static List<String> links(Path page) {
        List<String> targets = new ArrayList<>();
        boolean code = false;
        for (String line : Pages.read(page)) {
            if (FENCE.matcher(line).find()) {
                code = !code;
                continue;
            }
            if (code) {
                continue;
            }
            Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (m.find()) {
                targets.add(m.group(1));
            }
        }
        return targets;
    }

    /** The anchors of a page's headings, as GitHub makes them. */
    static Set<String> anchors(Path page) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean code = false;
        for (String line : Pages.read(page)) {
            if (FENCE.matcher(line).find()) {
                code = !code;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (code || !m.matches()) {
                continue;
            }
            String slug = slug(m.group(1));
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? slug : slug + "-" + n);
        }
        return anchors;
    }

    /** GitHub's anchor of a heading's text. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        StringBuilder slug = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                slug.appendCodePoint(c);
            } else if (c == ' ') {
                slug.append('-');
            }
        });
        return slug.toString();
    }
}
