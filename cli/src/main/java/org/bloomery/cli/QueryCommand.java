package org.bloomery.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code query}: asks a filter about items given as arguments or on stdin. */
@Command(name = "query", mixinStandardHelpOptions = true,
        description = "Asks a filter about each item (the arguments, or the lines of stdin when none are given)"
                + " and prints 'might be present' or 'definitely absent' with it. Exit code 0 if every item"
                + " might be present, 1 if any is definitely absent. Lines of stdin are UTF-8, at most 1 MiB each.")
final class QueryCommand implements Callable<Integer> {
    /** Where items come from when none are given; set by {@link Main#commandLine}. */
    InputStream stdin = System.in;

    @Spec
    private CommandSpec spec;

    @Option(names = "--filter", required = true, paramLabel = "FILTER", description = "A filter written by build.")
    private Path filterFile;

    @Parameters(paramLabel = "ITEM", arity = "0..*", description = "Items to test; read from stdin when none.")
    private List<String> items = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        try (MembershipFilter<CharSequence> filter = FilterFileReader.read(filterFile, KeyHasher.strings())) {
            return query(filter);
        }
    }

    private int query(MembershipFilter<CharSequence> filter) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        boolean anyAbsent = false;
        if (items.isEmpty()) {
            LineItems lines = new LineItems(stdin, "stdin");
            for (String line = lines.next(); line != null; line = lines.next()) {
                anyAbsent |= !answer(filter, line, out);
            }
        } else {
            for (String item : items) {
                anyAbsent |= !answer(filter, item, out);
            }
        }
        out.flush();
        return anyAbsent ? Main.ABSENT : 0;
    }

    private static boolean answer(MembershipFilter<CharSequence> filter, String item, PrintWriter out) {
        boolean maybe = filter.mightContain(item);
        out.println((maybe ? "might be present\t" : "definitely absent\t") + item);
        return maybe;
    }
}
