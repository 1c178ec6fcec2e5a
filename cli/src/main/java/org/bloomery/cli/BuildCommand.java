package org.bloomery.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code build}: a filter of any kind from a file of items, written to a file. */
@Command(name = "build", mixinStandardHelpOptions = true,
        description = "Builds a filter holding every line of the input file (UTF-8, one item per line, empty"
                + " lines skipped) and writes it in the Bloomery format. Progress goes to stderr every million"
                + " lines.")
final class BuildCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--kind", required = true, paramLabel = "KIND",
            description = "The filter kind, e.g. classic, cuckoo, fuse (any kind found; a wrong one lists them).")
    private String kind;

    @Option(names = "--fpp", required = true, paramLabel = "P",
            description = "Target false-positive probability, in (0, 1).")
    private double fpp;

    @Option(names = "--input", required = true, paramLabel = "FILE", description = "The items, one per line.")
    private Path input;

    @Option(names = "--out", required = true, paramLabel = "FILTER", description = "Where the filter is written.")
    private Path out;

    @Option(names = "--expected", paramLabel = "N",
            description = "Expected insertions to size the filter for (default: the input's non-empty lines).")
    private Long expected;

    @Option(names = "--option", paramLabel = "KEY=VALUE", description = "A kind option, e.g. fingerprintBits=16.")
    private Map<String, String> options = new LinkedHashMap<>();

    @Override
    public Integer call() throws IOException {
        if (!(fpp > 0 && fpp < 1)) {
            throw new ParameterException(spec.commandLine(), "--fpp must be in (0, 1), got " + fpp);
        }
        if (expected != null && expected < 1) {
            throw new ParameterException(spec.commandLine(), "--expected must be at least 1, got " + expected);
        }
        PrintWriter err = spec.commandLine().getErr();
        long lines = LineItems.count(input);
        FilterSpec filterSpec = FilterSpec.of(expected != null ? expected : Math.max(1, lines), fpp);
        for (Map.Entry<String, String> option : options.entrySet()) {
            filterSpec = filterSpec.withOption(option.getKey(), option.getValue());
        }
        // Checked before the input is read: an unknown kind or a bad option fails at once.
        Filters.create(kind, filterSpec, KeyHasher.strings());
        MembershipFilter<CharSequence> filter;
        try (BufferedReader reader = LineItems.reader(LineItems.open(input, "input file"))) {
            filter = Filters.build(kind, filterSpec, KeyHasher.strings(), LineItems.lines(reader, err, lines));
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof CharacterCodingException) {
                throw new IOException("the input file " + input + " is not valid UTF-8", e);
            }
            throw e.getCause();
        }
        // Written beside the target and moved over it, so a failed write never leaves half a filter.
        Path temporary = out.resolveSibling(out.getFileName() + ".partial");
        try {
            try (OutputStream stream = Files.newOutputStream(temporary)) {
                filter.writeTo(stream);
            }
            Files.move(temporary, out, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
        err.printf("bloomery: built a %s filter of %,d items (%.2f bits per item, expected fpp %.3g) into %s%n",
                kind, filter.approximateCount(), (double) filter.bitSize() / Math.max(1, filter.approximateCount()),
                filter.expectedFpp(), out);
        err.flush();
        return 0;
    }
}
