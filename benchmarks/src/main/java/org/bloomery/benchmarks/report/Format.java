package org.bloomery.benchmarks.report;

import java.util.Locale;
import java.util.function.Function;

/** The output formats, each with its file name and writer. */
public enum Format {
    /** {@code report.md}: the tables as Markdown (also printed to stdout). */
    MD("report.md", MarkdownReport::write),
    /** {@code results.csv}: every figure, one row per contestant × workload × spec × key type. */
    CSV("results.csv", CsvReport::write),
    /** {@code index.html}: a self-contained page with SVG charts and the tables. */
    HTML("index.html", HtmlReport::write);

    private final String fileName;
    private final Function<Report, String> writer;

    Format(String fileName, Function<Report, String> writer) {
        this.fileName = fileName;
        this.writer = writer;
    }

    /**
     * The file this format is written to in the output directory.
     *
     * @return the file name
     */
    public String fileName() {
        return fileName;
    }

    /**
     * Renders a report.
     *
     * @param report the report
     * @return the file's text
     */
    public String render(Report report) {
        return writer.apply(report);
    }

    /**
     * The Markdown fragment of the imported JMH figures that the README's performance table is pasted
     * from ({@code performance.md}).
     *
     * @param report a report with JMH figures
     * @return the Markdown text
     */
    public static String performance(Report report) {
        return JmhTables.performanceFragment(report.jmh(), report.info());
    }

    /**
     * The name used on the command line.
     *
     * @return {@code md}, {@code csv} or {@code html}
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
