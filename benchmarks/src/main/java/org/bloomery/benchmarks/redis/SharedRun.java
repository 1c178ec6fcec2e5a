package org.bloomery.benchmarks.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A finished {@code redis} workload: what was run, where, and its figures, as tables for the
 * reports and as single figures for the CSV.
 *
 * @param settings what was run
 * @param server where: the embedded server or the one of {@code --redis-uri}
 * @param rows one per contestant: redis-classic, redis-counting, redisson
 * @param growth the growth row: redis-scalable and scalable
 */
public record SharedRun(RedisComparison.Settings settings, String server, List<RedisComparison.Row> rows,
        List<GrowthRow> growth) {
    /** The contestant that is not Bloomery's. */
    public static final String PEER = "redisson";

    /** Copies the lists. */
    public SharedRun {
        rows = List.copyOf(rows);
        growth = List.copyOf(growth);
    }

    /**
     * A table of the run.
     *
     * @param title the heading
     * @param headers the column headings; the first column is text, the others numbers
     * @param rows the cells
     */
    public record Table(String title, List<String> headers, List<List<String>> rows) {
    }

    /**
     * One measured figure, for the CSV.
     *
     * @param workload {@code redis} or {@code redis growth}
     * @param contestant the contestant
     * @param peer whether it is a peer library
     * @param capacity the filter's capacity (the first layer's, for the growth row)
     * @param threads client threads
     * @param figure its name, e.g. {@code add_ops}
     * @param unit its unit
     * @param value the value
     */
    public record Figure(String workload, String contestant, boolean peer, long capacity, int threads, String figure,
            String unit, double value) {
    }

    /**
     * Whether a column of {@link #tables()} holds text rather than a number.
     *
     * @param header the column's heading
     * @return true for the contestant and the fpp-with-interval columns
     */
    public static boolean isText(String header) {
        return header.equals("contestant") || header.startsWith("fpp");
    }

    /** @return the shared kinds against Redisson, then the growth row */
    public List<Table> tables() {
        int t = settings.threads();
        List<List<String>> cells = new ArrayList<>();
        for (RedisComparison.Row r : rows) {
            cells.add(List.of(r.contestant(), RedisComparison.ops(r.add1()), RedisComparison.ops(r.addN()),
                    RedisComparison.ops(r.query1()), RedisComparison.ops(r.queryN()), RedisComparison.ops(r.batchAdd()),
                    RedisComparison.ops(r.batchQuery()), RedisComparison.ops(r.remove1()), RedisComparison.ops(r.removeN()),
                    String.format(Locale.ROOT, "%.2f", r.commandsPerAdd()),
                    String.format(Locale.ROOT, "%.2f", r.commandsPerQuery()), String.format(Locale.ROOT, "%,d", r.bitBytes()),
                    String.format(Locale.ROOT, "%,d", r.dataBytes()), String.format(Locale.ROOT, "%,d", r.memoryBytes()),
                    interval(r.fpp().rate(), r.fpp().low(), r.fpp().high()), Long.toString(r.falseNegatives())));
        }
        Table shared = new Table(String.format(Locale.ROOT, "redis: n = %,d string keys, fpp %s, %s; %d client threads,"
                + " batches of %,d (operations per second)", settings.n(), settings.fpp(), server, t, settings.batch()),
                List.of("contestant", "add, 1 thread", "add, " + t + " threads", "query, 1 thread",
                        "query, " + t + " threads", "batched add", "batched query", "remove, 1 thread",
                        "remove, " + t + " threads", "commands per add", "commands per query", "filter bytes",
                        "string bytes", "MEMORY USAGE", "fpp [95% interval]", "false negatives"), cells);
        List<List<String>> growthCells = new ArrayList<>();
        for (GrowthRow g : growth) {
            growthCells.add(List.of(g.contestant(), String.format(Locale.ROOT, "%,d", g.capacity()),
                    String.format(Locale.ROOT, "%,d", g.items()), Integer.toString(g.layers()),
                    String.format(Locale.ROOT, "%.2f", g.bitsPerItem()),
                    interval(g.fpp().rate(), g.fpp().low(), g.fpp().high()), Long.toString(g.falseNegatives()),
                    RedisComparison.ops(g.adds()), RedisComparison.ops(g.queries())));
        }
        Table grown = new Table(String.format(Locale.ROOT, "redis growth: redis-scalable against the in-process scalable"
                + " kind, each grown 1,000x from capacity n/1000 at fpp %s (redis-scalable in batches of %,d, one round"
                + " trip each; scalable one call per key)", settings.fpp(), settings.batch()),
                List.of("contestant", "first capacity", "items", "layers", "bits per item", "fpp [95% interval]",
                        "false negatives", "adds/s", "queries/s"), growthCells);
        return List.of(shared, grown);
    }

    /** @return every figure of the run, one per contestant, phase and thread count */
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        int t = settings.threads();
        for (RedisComparison.Row r : rows) {
            boolean peer = r.contestant().equals(PEER);
            long n = settings.n();
            String w = "redis";
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "add_ops", "ops/s", r.add1()));
            figures.add(new Figure(w, r.contestant(), peer, n, t, "add_ops", "ops/s", r.addN()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "query_ops", "ops/s", r.query1()));
            figures.add(new Figure(w, r.contestant(), peer, n, t, "query_ops", "ops/s", r.queryN()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "batched_add_ops", "ops/s", r.batchAdd()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "batched_query_ops", "ops/s", r.batchQuery()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "remove_ops", "ops/s", r.remove1()));
            figures.add(new Figure(w, r.contestant(), peer, n, t, "remove_ops", "ops/s", r.removeN()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "commands_per_add", "count", r.commandsPerAdd()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "commands_per_query", "count", r.commandsPerQuery()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "filter_bytes", "bytes", r.bitBytes()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "string_bytes", "bytes", r.dataBytes()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "memory_usage", "bytes", r.memoryBytes()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "measured_fpp", "ratio", r.fpp().rate()));
            figures.add(new Figure(w, r.contestant(), peer, n, 1, "false_negatives", "count", r.falseNegatives()));
        }
        for (GrowthRow g : growth) {
            String w = "redis growth";
            figures.add(new Figure(w, g.contestant(), false, g.capacity(), 1, "layers", "count", g.layers()));
            figures.add(new Figure(w, g.contestant(), false, g.capacity(), 1, "bits_per_element", "bits",
                    g.bitsPerItem()));
            figures.add(new Figure(w, g.contestant(), false, g.capacity(), 1, "measured_fpp", "ratio", g.fpp().rate()));
            figures.add(new Figure(w, g.contestant(), false, g.capacity(), 1, "false_negatives", "count",
                    g.falseNegatives()));
            figures.add(new Figure(w, g.contestant(), false, g.capacity(), 1, "add_ops", "ops/s", g.adds()));
            figures.add(new Figure(w, g.contestant(), false, g.capacity(), 1, "query_ops", "ops/s", g.queries()));
        }
        figures.removeIf(f -> Double.isNaN(f.value()));
        return figures;
    }

    private static String interval(double rate, double low, double high) {
        return String.format(Locale.ROOT, "%.4f%% [%.4f, %.4f]", 100 * rate, 100 * low, 100 * high);
    }
}
