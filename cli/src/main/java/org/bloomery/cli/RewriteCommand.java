package org.bloomery.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rewrite}: a filter file written again in the current format version, the one that {@code
 * query}, {@code info} and {@code Filters.map} map: how a file of an earlier version becomes one that
 * is served without being read. The filter is the same, so it answers every query as before.
 */
@Command(name = "rewrite", mixinStandardHelpOptions = true,
        description = "Writes a filter file again in the current format version (" + Envelope.FORMAT_VERSION
                + "), whose body query and info map instead of reading it: for files written by earlier versions."
                + " The filter is unchanged and answers every query as before. The file is checked whole first,"
                + " then replaced in one step (or the copy written to --out).")
final class RewriteCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "FILTER", description = "A filter file of any format version.")
    private Path filterFile;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write it; FILTER itself if not given.")
    private Path out;

    @Override
    public Integer call() throws IOException {
        Path target = out != null ? out : filterFile;
        int version = FilterFileReader.version(filterFile);
        try (MembershipFilter<Object> filter = FilterFileReader.readToRewrite(filterFile)) {
            UserFiles.writeAtomically(target, filter::writeTo);
        }
        PrintWriter err = spec.commandLine().getErr();
        err.printf("bloomery: rewrote %s (format version %d) as format version %d into %s%n", filterFile, version,
                Envelope.FORMAT_VERSION, target);
        err.flush();
        return 0;
    }
}
