package org.bloomery.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
                + " lines skipped, at most 1 MiB per line) and writes it in the Bloomery format. Progress goes"
                + " to stderr every million lines.")
final class BuildCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--kind", required = true, paramLabel = "KIND",
            description = "The filter kind, e.g. classic, cuckoo, fuse (any kind found; a wrong one lists them).")
    private String kind;

    @Option(names = "--fpp", required = true, paramLabel = "P", converter = PlainNumberConverters.Real.class,
            description = "Target false-positive probability, in (0, 1), plain decimal (0.001 or 1e-3).")
    private double fpp;

    @Option(names = "--input", required = true, paramLabel = "FILE", description = "The items, one per line.")
    private Path input;

    @Option(names = "--out", required = true, paramLabel = "FILTER",
            description = "Where the filter is written; an existing regular file there is replaced.")
    private Path out;

    @Option(names = "--expected", paramLabel = "N", converter = PlainNumberConverters.Whole.class,
            description = "Expected insertions to size the filter for (default: the input's non-empty lines;"
                    + " needed when the input is not a regular file, such as a pipe).")
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
        long lines = expected != null ? -1 : countItems();
        FilterSpec filterSpec = FilterSpec.of(expected != null ? expected : Math.max(1, lines), fpp);
        for (Map.Entry<String, String> option : options.entrySet()) {
            filterSpec = filterSpec.withOption(option.getKey(), option.getValue());
        }
        // Checked before the input is read: an unknown kind or a bad option fails at once.
        Filters.create(kind, filterSpec, KeyHasher.strings());
        MembershipFilter<CharSequence> filter;
        try (InputStream in = UserFiles.openToRead(input)) {
            filter = Filters.build(kind, filterSpec, KeyHasher.strings(),
                    new LineItems(in, input.toString()).nonEmpty(err, lines));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        UserFiles.writeAtomically(out, filter::writeTo);
        long count = filter.approximateCount();
        if (count == 0) {
            err.printf("bloomery: %s has no items (no non-empty lines); wrote an empty %s filter of %,d bits, which"
                    + " answers \"definitely not\" for most queries, into %s%n", input, kind, filter.bitSize(), out);
        } else {
            err.printf("bloomery: built a %s filter of %,d items (%.2f bits per item, expected fpp %.3g) into %s%n",
                    kind, count, (double) filter.bitSize() / count, filter.expectedFpp(), out);
        }
        err.flush();
        return 0;
    }

    /** The input's non-empty lines: a first pass over a file that the build then reads again. */
    private long countItems() throws IOException {
        // A pipe or a device would be used up by the count and give the build nothing to read; checked
        // before opening, which blocks on a named pipe until something writes to it.
        if (Files.exists(input) && !Files.isDirectory(input) && !Files.isRegularFile(input)) {
            throw new ParameterException(spec.commandLine(), "--input " + input + " is not a regular file (a pipe"
                    + " or a device?), so it cannot be read twice to count its items first: give --expected");
        }
        try (InputStream in = UserFiles.openToRead(input)) {
            return new LineItems(in, input.toString()).countNonEmpty();
        }
    }
}
