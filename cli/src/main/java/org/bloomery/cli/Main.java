package org.bloomery.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code bloomery} command: {@code build}, {@code query} and {@code info}. Items are text, one
 * per line, hashed as UTF-8 ({@code KeyHasher.strings()}). Exit codes follow grep: 0 when every
 * queried item might be present (or the command succeeded), 1 when a queried item is definitely
 * absent, 2 for a bad argument or an unusable file, with one line on stderr.
 */
@Command(name = "bloomery", mixinStandardHelpOptions = true, version = "bloomery 0.1.0",
        subcommands = {BuildCommand.class, QueryCommand.class, InfoCommand.class, RewriteCommand.class,
                CommandLine.HelpCommand.class},
        description = "Builds an approximate-membership filter of any Bloomery kind from a file, queries it,"
                + " describes it, and rewrites it in the current format version.")
public final class Main implements Runnable {
    /** Exit code when a queried item is definitely absent. */
    public static final int ABSENT = 1;
    /** Exit code for a bad argument or an unusable file. */
    public static final int USAGE = 2;

    @Spec
    private CommandSpec spec;

    /**
     * Runs the command line and exits with its code.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        System.exit(execute(commandLine(System.in), args));
    }

    /**
     * Executes a command line, with a last resort for what no command reports itself: an error of
     * the JVM (out of memory, a stack overflow) or a bug ends in one {@code bloomery:} line on the
     * command line's stderr and {@link #USAGE}, never a stack trace.
     *
     * @param commandLine the command line, as from {@link #commandLine}
     * @param args the arguments
     * @return the exit code
     */
    public static int execute(CommandLine commandLine, String... args) {
        try {
            return commandLine.execute(args);
        } catch (OutOfMemoryError e) {
            return oneLine(commandLine, "out of memory (" + e.getMessage() + "): give java a larger heap with -Xmx",
                    false);
        } catch (RuntimeException | Error e) {
            return oneLine(commandLine, "internal error: " + e, false);
        }
    }

    /**
     * The command line, ready to {@code execute}.
     *
     * @param stdin where {@code query} reads items when none are given as arguments
     * @return a new command line
     */
    public static CommandLine commandLine(InputStream stdin) {
        CommandLine commandLine = new CommandLine(new Main());
        ((QueryCommand) commandLine.getSubcommands().get("query").getCommand()).stdin = stdin;
        commandLine.setParameterExceptionHandler(Main::badArgument);
        commandLine.setExecutionExceptionHandler((e, line, parsed) -> failure(e, line));
        return commandLine;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: use 'build', 'query', 'info' or 'rewrite' (see --help)");
    }

    private static int badArgument(ParameterException e, String[] args) {
        return oneLine(e.getCommandLine(), String.valueOf(e.getMessage()), true);
    }

    /** A failure while running (a missing file, data that is not a filter, a refused spec): one line, code 2. */
    private static int failure(Exception e, CommandLine line) {
        String message = e instanceof FileSystemException ? UserFiles.describe((FileSystemException) e)
                : e.getMessage() == null ? e.toString() : e.getMessage();
        return oneLine(line, message, false);
    }

    private static int oneLine(CommandLine line, String message, boolean pointToHelp) {
        PrintWriter err = line.getErr();
        String flat = message.replaceAll("\\s*\\R\\s*", " ").trim();
        err.println("bloomery: " + flat + (pointToHelp && !flat.contains("--help") ? " (see --help)" : ""));
        err.flush();
        return USAGE;
    }
}
