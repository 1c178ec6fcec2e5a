package org.bloomery.benchmarks.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bloomery.benchmarks.workload.ChurnRound;
import org.bloomery.benchmarks.workload.Phase;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.Spread;

/**
 * Writes a report as CSV (RFC 4180): a header line, then one row per contestant × workload × spec ×
 * key type × figure, with the figure's median, min and max over the timed rounds (all three equal
 * for a figure measured once, such as a size or a count) and the run's seed and machine. Numbers use
 * a dot and no grouping; a figure that was not measured has no row.
 */
public final class CsvReport {
    /** The column names, in order. */
    public static final List<String> COLUMNS = List.of("workload", "contestant", "family", "side", "key_type", "n",
            "target_fpp", "capacity", "threads", "figure", "unit", "median", "min", "max", "rounds", "note", "seed",
            "jdk", "cpu", "cores", "os", "max_heap_mib", "date");
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
        for (Result r : report.results()) {
            for (Figure f : figures(r)) {
                List<String> cells = new ArrayList<>(List.of(r.workload().label(), r.contestant(), r.family(),
                        r.side().name().toLowerCase(Locale.ROOT), r.keyType().label(), Long.toString(r.n()),
                        number(r.targetFpp()), Long.toString(r.capacity()), Integer.toString(r.threads()), f.name(),
                        f.unit(), number(f.value().median()), number(f.value().min()), number(f.value().max()),
                        Integer.toString(f.value().rounds()), r.note()));
                cells.addAll(machine(report.info()));
                line(csv, cells);
            }
        }
        for (List<String> shared : SharedTables.csvRows(report)) {
            List<String> cells = new ArrayList<>(shared);
            cells.addAll(machine(report.info()));
            line(csv, cells);
        }
        return csv.toString();
    }

    /** One figure of one result; {@code name} may carry a churn round, e.g. {@code round_fpp_3}. */
    private record Figure(String name, String unit, Spread value) {
        static Figure once(String name, String unit, double value) {
            return new Figure(name, unit, new Spread(value, value, value, 1));
        }
    }

    private static List<Figure> figures(Result r) {
        List<Figure> figures = new ArrayList<>();
        figures.add(Figure.once("bits_per_element", "bits", r.bitsPerElement()));
        r.layers().ifPresent(layers -> figures.add(Figure.once("layers", "count", layers)));
        figures.add(Figure.once("absent_queries", "count", r.falsePositives().trials()));
        figures.add(Figure.once("false_positives", "count", r.falsePositives().hits()));
        figures.add(Figure.once("measured_fpp", "ratio", r.falsePositives().rate()));
        figures.add(Figure.once("fpp_ci95_low", "ratio", r.falsePositives().low()));
        figures.add(Figure.once("fpp_ci95_high", "ratio", r.falsePositives().high()));
        figures.add(Figure.once("false_negatives", "count", r.falseNegatives()));
        for (Phase phase : Phase.values()) {
            Spread s = r.throughput().of(phase);
            if (s.measured()) {
                figures.add(new Figure(phase.label().replace(' ', '_') + "_mops", "M ops/s", s));
            }
        }
        for (ChurnRound c : r.rounds()) {
            figures.add(Figure.once("round_false_negatives_" + c.round(), "count", c.falseNegatives()));
            figures.add(Figure.once("round_fpp_" + c.round(), "ratio", c.falsePositives().rate()));
            figures.add(Figure.once("round_mops_" + c.round(), "M ops/s", c.mops()));
        }
        return figures;
    }

    private static List<String> machine(RunInfo info) {
        Machine m = info.machine();
        return List.of(Long.toString(info.seed()), m.jdk(), m.cpu(), Integer.toString(m.cores()), m.os(),
                Long.toString(m.maxHeapMiB()), m.date());
    }

    /** A plain number with enough digits to recompute it: up to 12 significant digits, no grouping. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "";
        }
        return new BigDecimal(value).round(new MathContext(12)).stripTrailingZeros()
                .toPlainString();
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
