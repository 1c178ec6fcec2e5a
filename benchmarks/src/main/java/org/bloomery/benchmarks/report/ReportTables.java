package org.bloomery.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.stats.Proportion;
import org.bloomery.benchmarks.workload.Plan;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.Spread;
import org.bloomery.benchmarks.workload.Throughput;
import org.bloomery.benchmarks.workload.Workload;

/** The tables of the human-readable reports: one per workload (uniform: one per key type). */
final class ReportTables {
    /** Marks a row whose contestant gave a false negative, which a filter must never do. */
    static final String BROKEN_PROMISE = " ⚠";

    private ReportTables() {
    }

    static List<Table> of(Report report) {
        List<Table> tables = new ArrayList<>();
        for (KeyType type : KeyType.values()) {
            List<Result> rows = report.of(Workload.UNIFORM).stream().filter(r -> r.keyType() == type).toList();
            if (!rows.isEmpty()) {
                tables.add(uniform(type, rows));
            }
        }
        if (!report.of(Workload.CHURN).isEmpty()) {
            tables.add(churn(report.of(Workload.CHURN)));
        }
        if (!report.of(Workload.GROWTH).isEmpty()) {
            tables.add(growth(report.of(Workload.GROWTH)));
        }
        if (!report.of(Workload.EXACT).isEmpty()) {
            tables.add(exact(report.of(Workload.EXACT)));
        }
        for (KeyType type : KeyType.values()) {
            List<Result> rows = report.of(Workload.SCALING).stream().filter(r -> r.keyType() == type).toList();
            if (!rows.isEmpty()) {
                tables.add(scaling(type, rows));
            }
        }
        if (!report.of(Workload.THREADS).isEmpty()) {
            tables.add(threads(report.of(Workload.THREADS)));
        }
        if (!report.of(Workload.STATIC).isEmpty()) {
            tables.add(builtFromSets(report.of(Workload.STATIC)));
        }
        if (!report.of(Workload.WINDOW).isEmpty()) {
            tables.add(window(report.of(Workload.WINDOW)));
        }
        tables.addAll(SharedTables.of(report));
        if (!report.jmh().isEmpty()) {
            tables.add(JmhTables.list(report.jmh()));
        }
        return tables;
    }

    private static Table uniform(KeyType type, List<Result> rows) {
        List<List<String>> cells = new ArrayList<>();
        for (Result r : rows) {
            Throughput t = r.throughput();
            cells.add(List.of(name(r), r.family(), Figures.fpp(r.targetFpp()), Figures.twoDecimals(r.bitsPerElement()),
                    withInterval(r.falsePositives()), Figures.count(r.falseNegatives()),
                    Figures.spread(t.add()), Figures.spread(t.queryPresent()),
                    Figures.spread(t.queryAbsent()), Figures.spread(t.batchQuery()), Figures.spread(t.remove())));
        }
        return new Table("uniform, " + type.label() + " keys: insert n, query n present and "
                + Plan.ABSENT_PER_KEY + "·n absent, one at a time and in batches of " + Contestant.BATCH
                + " (M ops/s)",
                List.of("contestant", "family", "target fpp", "bits/element", "measured fpp (95% CI)", "false neg.",
                        "add", "query present", "query absent", "batch query", "remove"), Set.of(0, 1), cells);
    }

    private static Table churn(List<Result> rows) {
        List<List<String>> cells = new ArrayList<>();
        for (Result r : rows) {
            Throughput t = r.throughput();
            cells.add(List.of(name(r), r.keyType().label(), Figures.fpp(r.targetFpp()),
                    Integer.toString(r.rounds().size()),
                    r.rounds().stream().map(c -> Long.toString(c.falseNegatives())).collect(Collectors.joining(" ")),
                    r.rounds().stream().map(c -> Figures.percent(c.falsePositives().rate()))
                            .collect(Collectors.joining(" ")),
                    withInterval(r.falsePositives()), Figures.spread(t.remove()), Figures.spread(t.add()),
                    r.rounds().stream().map(c -> Figures.twoDecimals(c.mops())).collect(Collectors.joining(" "))));
        }
        return new Table("churn: a live set of n; each round removes the oldest 10% and adds 10% new (M ops/s)",
                List.of("contestant", "keys", "target fpp", "rounds", "false neg. per round", "fpp per round",
                        "pooled fpp (95% CI)", "remove", "add", "M ops/s per round"), Set.of(0, 1), cells);
    }

    private static Table growth(List<Result> rows) {
        List<List<String>> cells = new ArrayList<>();
        for (Result r : rows) {
            cells.add(List.of(name(r), r.keyType().label(), Figures.fpp(r.targetFpp()), Figures.count(r.capacity()),
                    r.layers().isPresent() ? Integer.toString(r.layers().getAsInt()) : "–",
                    Figures.twoDecimals(r.bitsPerElement()), withInterval(r.falsePositives()),
                    Figures.count(r.falseNegatives()), Figures.spread(r.throughput().add()),
                    Figures.spread(r.throughput().queryAbsent()), r.note()));
        }
        return new Table("growth: start at capacity n/1000 and insert n, against a classic filter pre-sized for n"
                + " (M ops/s)",
                List.of("contestant", "keys", "target fpp", "capacity", "layers", "bits/element",
                        "measured fpp (95% CI)", "false neg.", "add", "query absent", "note"), Set.of(0, 1, 10), cells);
    }

    private static Table window(List<Result> rows) {
        List<List<String>> cells = new ArrayList<>();
        for (Result r : rows) {
            Throughput t = r.throughput();
            cells.add(List.of(name(r), r.keyType().label(), Figures.fpp(r.targetFpp()), Figures.count(r.n()),
                    Figures.twoDecimals(r.bitsPerElement()), withInterval(r.falsePositives()),
                    Figures.count(r.falseNegatives()) + (r.falseNegatives() > 0 ? BROKEN_PROMISE : ""),
                    nanos(t.add()), nanos(t.queryPresent()), nanos(t.queryAbsent()), r.note()));
        }
        return new Table("window: five windows of n adds, the oldest keys within the window and never-added keys"
                + " queried between (ns per operation, median of the rounds)",
                List.of("contestant", "keys", "target fpp", "window", "bits/window item", "measured fpp (95% CI)",
                        "false neg. in window", "add", "query present", "query absent", "note"), Set.of(0, 1, 10),
                cells);
    }

    /** Nanoseconds per operation from a rate in millions per second, or a dash. */
    private static String nanos(Spread s) {
        return s.measured() ? String.format(Locale.ROOT, "%.0f", 1e3 / s.median()) : "–";
    }

    private static Table exact(List<Result> rows) {
        List<List<String>> cells = new ArrayList<>();
        for (Result r : rows) {
            Throughput t = r.throughput();
            cells.add(List.of(name(r), r.keyType().label(),
                    (r.bitsApproximate() ? "≈ " : "") + Figures.twoDecimals(r.bitsPerElement()),
                    r.note().isEmpty() ? "table length × element size" : r.note(),
                    Figures.count(r.falsePositives().hits()), Figures.count(r.falseNegatives()),
                    Figures.spread(t.add()), Figures.spread(t.queryPresent()),
                    Figures.spread(t.queryAbsent())));
        }
        return new Table("exact: the same keys in exact sets (M ops/s)",
                List.of("set", "keys", "bits/element", "how measured", "false pos.", "false neg.", "add",
                        "query present", "query absent"), Set.of(0, 1, 3), cells);
    }

    private static Table scaling(KeyType type, List<Result> rows) {
        List<List<String>> cells = new ArrayList<>();
        List<String> order = rows.stream().map(Result::contestant).distinct().toList();
        for (Result r : rows.stream().sorted(java.util.Comparator.comparingInt((Result r) -> order.indexOf(
                r.contestant())).thenComparingLong(Result::n)).toList()) {
            Throughput t = r.throughput();
            cells.add(List.of(name(r), Figures.count(r.n()), CpuCaches.bytes(Math.round(r.bitsPerElement() * r.n() / 8)),
                    Figures.spread(t.add().nanosPerOperation()), Figures.spread(t.queryPresent().nanosPerOperation()),
                    Figures.spread(t.queryAbsent().nanosPerOperation())));
        }
        return new Table("scaling, " + type.label() + " keys: nanoseconds per operation against n (fpp "
                + Figures.fpp(rows.get(0).targetFpp()) + ")",
                List.of("contestant", "n", "size", "ns/add", "ns/query present", "ns/query absent"), Set.of(0), cells);
    }

    private static Table threads(List<Result> rows) {
        List<List<String>> cells = new ArrayList<>();
        for (Result r : rows) {
            Throughput t = r.throughput();
            double single = rows.stream().filter(o -> o.contestant().equals(r.contestant())
                    && o.keyType() == r.keyType() && o.threads() == 1)
                    .mapToDouble(o -> o.throughput().queryAbsent().median()).findFirst().orElse(Double.NaN);
            cells.add(List.of(name(r), r.keyType().label(), Integer.toString(r.threads()),
                    Figures.spread(t.queryPresent()), Figures.spread(t.queryAbsent()),
                    Figures.twoDecimals(t.queryAbsent().median() / single) + "×"));
        }
        return new Table("threads: query throughput of the contestants safe for concurrent use, all threads together"
                + " (M ops/s)", List.of("contestant", "keys", "threads", "query present", "query absent",
                "absent speed-up over 1 thread"), Set.of(0, 1), cells);
    }

    private static Table builtFromSets(List<Result> rows) {
        List<List<String>> cells = new ArrayList<>();
        for (Result r : rows) {
            Throughput t = r.throughput();
            double measured = r.falsePositives().rate();
            cells.add(List.of(name(r), r.family(), r.keyType().label(), Figures.fpp(r.targetFpp()),
                    Figures.twoDecimals(r.bitsPerElement()), measured > 0
                            ? Figures.twoDecimals(r.bitsPerElement() / Figures.lowerBoundBits(measured)) + "×" : "–",
                    withInterval(r.falsePositives()), Figures.count(r.falseNegatives()),
                    Figures.spread(t.add().nanosPerOperation()), Figures.spread(t.queryPresent()),
                    Figures.spread(t.queryAbsent())));
        }
        return new Table("static: build from the whole set of n keys at once, query n present and "
                + Plan.ABSENT_PER_KEY + "·n absent (FastFilter takes 64-bit keys: string keys reach it as Bloomery's string hash)",
                List.of("contestant", "family", "keys", "target fpp", "bits/element", "× log2(1/measured fpp)",
                        "measured fpp (95% CI)", "false neg.", "build (ns/key)", "query present (M ops/s)",
                        "query absent (M ops/s)"), Set.of(0, 1, 2), cells);
    }

    private static String name(Result r) {
        return r.falseNegatives() > 0 ? r.contestant() + BROKEN_PROMISE : r.contestant();
    }

    private static String withInterval(Proportion p) {
        return String.format(Locale.ROOT, "%s [%s, %s]", Figures.percent(p.rate()), Figures.percent(p.low()),
                Figures.percent(p.high()));
    }
}
