package org.bloomery.compare.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.bloomery.compare.workload.ChurnRound;
import org.bloomery.compare.workload.Result;

/**
 * Writes a report as CSV (RFC 4180): a header line, then one row per contestant × workload × spec ×
 * key type with every measured figure and the machine. Numbers use a dot and no grouping; a figure
 * that was not measured is an empty cell; churn's per-round figures are space-separated lists.
 */
public final class CsvReport {
    /** The column names, in order. */
    public static final List<String> COLUMNS = List.of("workload", "contestant", "family", "side", "key_type", "n",
            "target_fpp", "capacity", "bits_per_element", "bits_approximate", "layers", "absent_queries",
            "false_positives", "measured_fpp", "fpp_ci95_low", "fpp_ci95_high", "false_negatives", "add_mops",
            "query_present_mops", "query_absent_mops", "remove_mops", "rounds", "round_false_negatives",
            "round_fpp", "round_mops", "note", "seed", "jdk", "cores", "os", "max_heap_mib", "date");

    private CsvReport() {
    }

    /**
     * The report as CSV.
     *
     * @param report the report
     * @return the text, lines ending in CRLF as RFC 4180 says
     */
    public static String write(Report report) {
        StringBuilder csv = new StringBuilder();
        line(csv, COLUMNS);
        RunInfo info = report.info();
        Machine m = info.machine();
        for (Result r : report.results()) {
            line(csv, List.of(r.workload().label(), r.contestant(), r.family(), r.side().name().toLowerCase(Locale.ROOT),
                    r.keyType().label(), Long.toString(r.n()), number(r.targetFpp()), Long.toString(r.capacity()),
                    number(r.bitsPerElement()), Boolean.toString(r.bitsApproximate()),
                    r.layers().isPresent() ? Integer.toString(r.layers().getAsInt()) : "",
                    Long.toString(r.falsePositives().trials()), Long.toString(r.falsePositives().hits()),
                    number(r.falsePositives().rate()), number(r.falsePositives().low()),
                    number(r.falsePositives().high()), Long.toString(r.falseNegatives()),
                    number(r.throughput().add()), number(r.throughput().queryPresent()),
                    number(r.throughput().queryAbsent()), number(r.throughput().remove()),
                    r.rounds().isEmpty() ? "" : Integer.toString(r.rounds().size()),
                    perRound(r.rounds(), c -> Long.toString(c.falseNegatives())),
                    perRound(r.rounds(), c -> number(c.falsePositives().rate())),
                    perRound(r.rounds(), c -> number(c.mops())),
                    r.note(), Long.toString(info.seed()), m.jdk(), Integer.toString(m.cores()), m.os(),
                    Long.toString(m.maxHeapMiB()), m.date()));
        }
        return csv.toString();
    }

    /** A plain number with enough digits to recompute it: up to 12 significant digits, no grouping. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "";
        }
        return new BigDecimal(value).round(new MathContext(12)).stripTrailingZeros()
                .toPlainString();
    }

    private static String perRound(List<ChurnRound> rounds, Function<ChurnRound, String> figure) {
        return rounds.stream().map(figure).collect(Collectors.joining(" "));
    }

    private static void line(StringBuilder csv, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                csv.append(',');
            }
            csv.append(quoted(cells.get(i)));
        }
        csv.append("\r\n");
    }

    /** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
    static String quoted(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}
