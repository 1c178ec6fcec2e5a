package org.bloomery.benchmarks;

import java.io.PrintWriter;
import org.bloomery.benchmarks.contestant.LibraryVersions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code bloomery-compare} command: {@code compare} runs the comparison, {@code list} shows who
 * would take part, {@code redis} runs the shared-filter workload against Redis. A bad argument prints one line on stderr and exits with code 2.
 */
@Command(name = "bloomery-compare", mixinStandardHelpOptions = true,
        versionProvider = BloomeryCompare.Version.class,
        subcommands = {CompareCommand.class, ListCommand.class, RedisCommand.class, CommandLine.HelpCommand.class},
        description = "Compares Bloomery's filter kinds with Guava, Commons Collections and CuckooFilter4J"
                + " on identical keys, and exact sets for space.")
public final class BloomeryCompare implements Runnable {
    /** Exit code for a bad argument. */
    public static final int USAGE = 2;

    @Spec
    private CommandSpec spec;

    /**
     * Runs the command line and exits with its code.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * The command line, ready to {@code execute}: bad arguments give one line on stderr and exit code 2.
     *
     * @return a new command line
     */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new BloomeryCompare());
        commandLine.setParameterExceptionHandler(BloomeryCompare::oneLineError);
        return commandLine;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: use 'compare' or 'list' (see --help)");
    }

    private static int oneLineError(ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        String message = String.valueOf(e.getMessage()).replaceAll("\\s*\\R\\s*", " ").trim();
        err.println("bloomery-compare: " + message + (message.contains("--help") ? "" : " (see --help)"));
        err.flush();
        return USAGE;
    }

    /** The version line of {@code --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"bloomery-compare " + LibraryVersions.of("bloomery")};
        }
    }
}
