package org.bloomery.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** One run of the command line in this JVM, as {@code main} runs it: its exit code and what it printed. */
record CliRun(int exitCode, String stdout, String stderr) {
    /**
     * Runs the command line with bytes on stdin.
     *
     * @param stdin what {@code query} reads when it has no item arguments
     * @param args the arguments
     * @return the outcome
     */
    static CliRun withStdin(byte[] stdin, String... args) {
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code = Main.execute(Main.commandLine(new ByteArrayInputStream(stdin)).setOut(new PrintWriter(stdout))
                .setErr(new PrintWriter(stderr)), args);
        return new CliRun(code, stdout.toString(), stderr.toString());
    }

    /** Runs the command line with text on stdin, as UTF-8. */
    static CliRun withStdin(String stdin, String... args) {
        return withStdin(stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    /** Runs the command line with nothing on stdin. */
    static CliRun execute(String... args) {
        return withStdin(new byte[0], args);
    }
}
