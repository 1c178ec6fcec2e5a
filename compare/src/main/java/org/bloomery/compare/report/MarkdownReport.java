package org.bloomery.compare.report;

import java.util.List;

/** Writes a report as Markdown: the header, one table per workload, and how to read it. */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    /**
     * The report as Markdown.
     *
     * @param report the report
     * @return the text, ending in a newline
     */
    public static String write(Report report) {
        StringBuilder md = new StringBuilder("# Bloomery comparison\n\n");
        for (String line : ReportHeader.lines(report.info())) {
            md.append("- ").append(line).append('\n');
        }
        for (Table table : ReportTables.of(report)) {
            md.append("\n## ").append(table.title()).append("\n\n");
            row(md, table.headers());
            md.append('|');
            for (int i = 0; i < table.headers().size(); i++) {
                md.append(table.isText(i) ? "---|" : "---:|");
            }
            md.append('\n');
            table.rows().forEach(cells -> row(md, cells));
        }
        md.append("\n## How to read this report\n\n");
        for (String line : ReportHeader.howToRead(report.info())) {
            md.append("- ").append(line).append('\n');
        }
        return md.toString();
    }

    private static void row(StringBuilder md, List<String> cells) {
        md.append('|');
        for (String cell : cells) {
            md.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        md.append('\n');
    }
}
