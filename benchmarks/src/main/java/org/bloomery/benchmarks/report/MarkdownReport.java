package org.bloomery.benchmarks.report;

import java.util.List;

/**
 * Writes a report as Markdown: the decision summary and a paragraph per kind first, then how to read
 * the report, the run's description, and one table per workload.
 */
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
        StringBuilder md = new StringBuilder("# Bloomery comparison\n");
        table(md, Summary.table(report));
        md.append('\n');
        for (String paragraph : Summary.paragraphs(report)) {
            md.append(paragraph).append("\n\n");
        }
        md.append("## How to read this report\n\n");
        for (String line : ReportHeader.howToRead(report.info())) {
            md.append("- ").append(line).append('\n');
        }
        md.append("\n## The run\n\n");
        for (String line : ReportHeader.lines(report.info())) {
            md.append("- ").append(line).append('\n');
        }
        for (Table table : ReportTables.of(report)) {
            table(md, table);
        }
        return md.toString();
    }

    private static void table(StringBuilder md, Table table) {
        md.append("\n## ").append(table.title()).append("\n\n");
        row(md, table.headers());
        md.append('|');
        for (int i = 0; i < table.headers().size(); i++) {
            md.append(table.isText(i) ? "---|" : "---:|");
        }
        md.append('\n');
        table.rows().forEach(cells -> row(md, cells));
    }

    private static void row(StringBuilder md, List<String> cells) {
        md.append('|');
        for (String cell : cells) {
            md.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        md.append('\n');
    }
}
