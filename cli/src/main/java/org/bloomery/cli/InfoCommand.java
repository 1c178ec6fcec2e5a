package org.bloomery.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
                + " written with any hasher, by this tool or by a program).")
final class InfoCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "FILTER", description = "A filter written by build.")
    private Path filterFile;

    @Override
    public Integer call() throws IOException {
        MembershipFilter<Object> filter = FilterFileReader.readToDescribe(filterFile);
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
        out.flush();
        return 0;
    }
}
