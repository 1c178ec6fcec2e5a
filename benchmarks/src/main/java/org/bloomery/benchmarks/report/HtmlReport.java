package org.bloomery.benchmarks.report;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.Side;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.Workload;

/**
 * Writes a report as one self-contained XHTML page: the decision summary first, then the reading
 * guide, the run, hand-written inline SVG charts (fpp against space, throughput, threads, churn,
 * scaling per key type, and the imported JMH figures) and the tables. No script, font or other external
 * resource; the page is well-formed XML.
 */
public final class HtmlReport {
    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2em auto;max-width:1280px;\
            color:#222;line-height:1.4;padding:0 1em}
            h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ddd}
            table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.9em}
            th,td{border:1px solid #ddd;padding:.25em .5em}th{background:#f4f4f4}
            td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            .wide{overflow-x:auto;max-width:100%}
            td .range{display:block;font-size:.8em;color:#666}
            svg{display:block;margin:.5em 0;font-size:12px;background:#fff}
            .header li{margin:.15em 0}
            """;

    private static final Pattern FIGURE_WITH_RANGE = Pattern.compile("(\\S+) (\\(\\S+–\\S+\\))");

    private HtmlReport() {
    }

    /**
     * The report as an XHTML page.
     *
     * @param report the report
     * @return the page, UTF-8 text
     */
    public static String write(Report report) {
        SeriesColors contestants = SeriesColors.of(report.results().stream()
                .filter(r -> r.side() != Side.EXACT).toList());
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
                .append("<meta charset=\"utf-8\"/>\n<title>Bloomery comparison</title>\n<style>")
                .append(STYLE).append("</style>\n</head>\n<body>\n<h1>Bloomery comparison</h1>\n");
        table(html, Summary.table(report));
        for (String paragraph : Summary.paragraphs(report)) {
            html.append("<p>").append(Svg.escape(paragraph)).append("</p>\n");
        }
        html.append("<h2>How to read this report</h2>\n");
        list(html, "guide", ReportHeader.howToRead(report.info()));
        html.append("<h2>The run</h2>\n");
        list(html, "header", ReportHeader.lines(report.info()));
        List<Result> uniform = report.of(Workload.UNIFORM);
        if (!uniform.isEmpty()) {
            html.append("<h2>False-positive rate against space</h2>\n")
                    .append(FppChart.draw(uniform, contestants));
            table(html, FppChart.points(uniform, "False-positive rate against space"));
            double fpp = uniform.get(0).targetFpp();
            html.append("<h2>Throughput</h2>\n")
                    .append(BarChart.throughput(uniform.stream().filter(r -> r.targetFpp() == fpp).toList(), fpp));
        }
        List<Result> threads = report.of(Workload.THREADS);
        if (!threads.isEmpty()) {
            html.append("<h2>Threads</h2>\n").append(BarChart.threads(threads, report.info().threads()));
        }
        List<Result> churn = report.of(Workload.CHURN);
        if (!churn.isEmpty()) {
            html.append("<h2>Churn, round by round</h2>\n").append(ChurnChart.draw(churn, contestants));
        }
        for (KeyType type : KeyType.values()) {
            List<Result> scaling = report.of(Workload.SCALING).stream().filter(r -> r.keyType() == type).toList();
            if (!scaling.isEmpty()) {
                html.append("<h2>How cost grows with n, ").append(type.label()).append(" keys</h2>\n")
                        .append(ScalingChart.draw(scaling, contestants, report.info().machine().caches()));
            }
        }
        List<Result> builtFromSets = report.of(Workload.STATIC);
        if (!builtFromSets.isEmpty()) {
            html.append("<h2>Built from a set: false-positive rate against space</h2>\n")
                    .append(FppChart.draw(builtFromSets, contestants));
            table(html, FppChart.points(builtFromSets, "Built from a set: false-positive rate against space"));
        }
        if (!report.jmh().isEmpty()) {
            html.append("<h2>JMH figures</h2>\n").append(JmhChart.draw(report.jmh()));
        }
        for (Table table : ReportTables.of(report)) {
            table(html, table);
        }
        return html.append("</body>\n</html>\n").toString();
    }

    private static void table(StringBuilder html, Table table) {
        html.append("<h2>").append(Svg.escape(table.title())).append("</h2>\n<div class=\"wide\"><table>\n<thead><tr>");
        for (String header : table.headers()) {
            html.append("<th>").append(Svg.escape(header)).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : table.rows()) {
            html.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                html.append(table.isText(i) ? "<td>" : "<td class=\"num\">").append(cell(row.get(i)))
                        .append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table></div>\n");
    }

    /**
     * A cell's text, escaped; a figure with its rounds' range, {@code "12.31 (11.90–12.84)"}, puts
     * the range on a second, smaller line so that wide tables fit the page.
     */
    private static String cell(String text) {
        Matcher m = FIGURE_WITH_RANGE.matcher(text);
        return m.matches() ? Svg.escape(m.group(1)) + "<span class=\"range\">" + Svg.escape(m.group(2)) + "</span>"
                : Svg.escape(text);
    }

    private static void list(StringBuilder html, String cssClass, List<String> items) {
        html.append("<ul class=\"").append(cssClass).append("\">\n");
        for (String item : items) {
            html.append("<li>").append(Svg.escape(item)).append("</li>\n");
        }
        html.append("</ul>\n");
    }
}
