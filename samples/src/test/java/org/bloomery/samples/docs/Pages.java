package org.bloomery.samples.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The project's Markdown pages, read from the repository's root, for the tests that check them. */
final class Pages {
    /** The repository's root: this module's parent directory, where Maven runs the tests from. */
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    private Pages() {
    }

    /** README.md, FORMAT.md, CHANGELOG.md and every page under docs/, those that exist. */
    static List<Path> all() {
        List<Path> pages = new ArrayList<>(userPages());
        for (String name : List.of("FORMAT.md", "CHANGELOG.md")) {
            if (Files.exists(ROOT.resolve(name))) {
                pages.add(ROOT.resolve(name));
            }
        }
        return pages;
    }

    /** The pages a user reads to learn the library: README.md and every page under docs/. */
    static List<Path> userPages() {
        List<Path> pages = new ArrayList<>();
        if (Files.exists(ROOT.resolve("README.md"))) {
            pages.add(ROOT.resolve("README.md"));
        }
        Path docs = ROOT.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> files = Files.list(docs)) {
                files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return pages;
    }

    /** A file's lines. */
    static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A path relative to the root, with forward slashes, for messages. */
    static String name(Path file) {
        return ROOT.relativize(file).toString().replace('\\', '/');
    }
}
