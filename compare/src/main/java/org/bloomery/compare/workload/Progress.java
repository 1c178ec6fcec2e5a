package org.bloomery.compare.workload;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The progress line on stderr: which contestant, which workload, and how much of the run is done.
 * On a console it rewrites one line with '\r'; otherwise (a file, a pipe, a test) it prints plain
 * lines.
 */
public final class Progress {
    private final PrintWriter out;
    private final boolean console;
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
        this.out = out;
        this.console = console;
    }

    void begin(int steps) {
        total = Math.max(1, steps);
        done = 0;
    }

    void step(String what) {
        String line = String.format(Locale.ROOT, "[%3d%%] %s", 100 * done / total, what);
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
            out.println("[100%] done");
        }
        out.flush();
    }
}
