package org.bloomery.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.MembershipFilter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code info}: what a filter file holds, from its envelope. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = "Prints a filter file's kind, spec, hasher, size, item count and expected fpp (a filter"
                + " written with any hasher, by this tool or by a program), and a sliding-window filter's window"
                + " and generations.")
final class InfoCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "FILTER", description = "A filter written by build.")
    private Path filterFile;

    @Override
    public Integer call() throws IOException {
        try (MembershipFilter<Object> filter = FilterFileReader.readToDescribe(filterFile)) {
            describe(filter);
        }
        return 0;
    }

    private void describe(MembershipFilter<Object> filter) throws IOException {
        FilterSpec filterSpec = filter.spec();
        long count = filter.approximateCount();
        PrintWriter out = spec.commandLine().getOut();
        out.println("kind:           " + filter.kind());
        out.println("capabilities:   " + filter.capabilities());
        out.println("spec:           expected insertions " + filterSpec.expectedInsertions() + ", fpp "
                + filterSpec.fpp() + (filterSpec.options().isEmpty() ? "" : ", options " + filterSpec.options()));
        out.println("hasher:         " + filter.hasher().id());
        out.printf("size:           %,d bits of filter data (%,d bytes in the file)%n", filter.bitSize(),
                Files.size(filterFile));
        boolean empty = EmptyFilter.isEmpty(filter);
        out.printf("items:          %,d%s%n", count, empty ? " (" + EmptyFilter.DESCRIPTION + ")"
                : count > 0 ? String.format(" (%.2f bits per item)", (double) filter.bitSize() / count) : "");
        out.println("expected fpp:   " + (empty ? "0" : String.format("%.4g", filter.expectedFpp())));
        window(filter).ifPresent(window -> out.println("window:         " + window));
        out.flush();
    }

    /**
     * A sliding-window filter's window and generations, read from its kind's public {@code info()}
     * record when that has them (kind {@code aging}'s {@code AgingInfo}): reflection is how the
     * command reads them without importing a kind's classes, which it finds through ServiceLoader only.
     *
     * @return e.g. "5,002 adds in 4 generations of 1,251 (a ring of 5); slack 1,251 adds", or empty
     *     for a filter without a window
     */
    static Optional<String> window(MembershipFilter<?> filter) {
        try {
            Object info = filter.getClass().getMethod("info").invoke(filter);
            long window = (Long) read(info, "window");
            String unit = (Boolean) read(info, "timed") ? " ms" : " adds";
            int generations = (Integer) read(info, "generations");
            return Optional.of(String.format("%,d%s in %d generations of %,d (a ring of %d); slack %,d%s", window, unit,
                    generations, (Long) read(info, "generationSpan"), generations + 1, (Long) read(info, "slack"),
                    unit));
        } catch (ReflectiveOperationException | ClassCastException e) {
            return Optional.empty();
        }
    }

    private static Object read(Object record, String component) throws ReflectiveOperationException {
        return record.getClass().getMethod(component).invoke(record);
    }
}
