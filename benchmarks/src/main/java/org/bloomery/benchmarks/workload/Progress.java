package org.bloomery.benchmarks.workload;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The progress line on stderr: how much of the run is done, the minutes and seconds since it began,
 * and which heat and round starts. On a console it rewrites one line with '\r'; otherwise (a file, a
 * pipe, a test) it prints plain lines, so that a log shows what each heat took.
 */
public final class Progress {
    private final PrintWriter out;
    private final boolean console;
    private final LongSupplier nanoClock;
    private long start;
    private int total = 1;
    private int done;
    private int lastLength;

    /**
     * A progress line on a stream.
     *
     * @param out where to print
     * @param console true to rewrite one line in place
     */
    public Progress(PrintWriter out, boolean console) {
        this(out, console, System::nanoTime);
    }

    Progress(PrintWriter out, boolean console, LongSupplier nanoClock) {
        this.out = out;
        this.console = console;
        this.nanoClock = nanoClock;
    }

    void begin(int steps) {
        total = Math.max(1, steps);
        done = 0;
        start = nanoClock.getAsLong();
    }

    private String prefix(int percent) {
        long seconds = TimeUnit.NANOSECONDS.toSeconds(nanoClock.getAsLong() - start);
        return String.format(Locale.ROOT, "[%3d%% %2d:%02d]", percent, seconds / 60, seconds % 60);
    }

    void step(String what) {
        String line = prefix(100 * done / total) + " " + what;
        done++;
        if (console) {
            out.print('\r' + line + " ".repeat(Math.max(0, lastLength - line.length())));
            lastLength = line.length();
        } else {
            out.println(line);
        }
        out.flush();
    }

    void end() {
        if (console) {
            out.print('\r' + " ".repeat(lastLength) + '\r');
            lastLength = 0;
        } else {
            out.println(prefix(100) + " done");
        }
        out.flush();
    }
}
