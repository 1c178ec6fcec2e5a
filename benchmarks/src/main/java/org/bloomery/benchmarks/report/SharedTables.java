package org.bloomery.benchmarks.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.bloomery.benchmarks.redis.RedisComparison;
import org.bloomery.benchmarks.redis.SharedRun;

/**
 * The {@code redis} workload in the reports: its tables (shared kinds against Redisson, and the
 * growth row), its CSV figures and the summary's "shared between processes" row, read from its own
 * measurements.
 */
final class SharedTables {
    private SharedTables() {
    }

    /** @return the workload's tables, none when it did not run */
    static List<Table> of(Report report) {
        List<Table> tables = new ArrayList<>();
        report.shared().ifPresent(run -> run.tables().forEach(t -> {
            Set<Integer> text = new HashSet<>();
            for (int i = 0; i < t.headers().size(); i++) {
                if (SharedRun.isText(t.headers().get(i))) {
                    text.add(i);
                }
            }
            tables.add(new Table(t.title(), t.headers(), text, t.rows()));
        }));
        return tables;
    }

    /**
     * The summary's row for sharing a filter between processes: the Bloomery shared kind with the
     * most single-item queries per second on one client thread, against Redisson.
     *
     * @param need the row's need
     * @return the row, or empty when the workload did not run
     */
    static Optional<Summary.Row> summaryRow(Report report, String need) {
        return report.shared().map(run -> {
            List<RedisComparison.Row> kinds = run.rows().stream().filter(r -> !r.contestant().equals(SharedRun.PEER))
                    .sorted(Comparator.comparingDouble(RedisComparison.Row::query1).reversed()).toList();
            Optional<RedisComparison.Row> peer = run.rows().stream()
                    .filter(r -> r.contestant().equals(SharedRun.PEER)).findFirst();
            if (kinds.isEmpty()) {
                return new Summary.Row(need, "no kind in this run serves it", "–", "–",
                        peer.map(SharedTables::figures).orElse("–"), List.of());
            }
            RedisComparison.Row best = kinds.get(0);
            return new Summary.Row(need, best.contestant(), figures(best),
                    kinds.size() > 1 ? kinds.get(1).contestant() + ": " + figures(kinds.get(1)) : "–",
                    peer.map(p -> p.contestant() + ": " + figures(p)).orElse("–"), List.of(best.contestant()));
        });
    }

    private static String figures(RedisComparison.Row r) {
        return String.format(Locale.ROOT, "%,.0f queries/s and %,.0f adds/s on one client thread, %,.0f batched"
                + " queries/s, %.2f commands per query (redis workload)", r.query1(), r.add1(), r.batchQuery(),
                r.commandsPerQuery());
    }

    /**
     * The workload's CSV rows, each as the report's columns up to {@code note} (the caller adds the
     * run's seed and machine).
     *
     * @return the rows, none when it did not run
     */
    static List<List<String>> csvRows(Report report) {
        List<List<String>> rows = new ArrayList<>();
        report.shared().ifPresent(run -> {
            for (SharedRun.Figure f : run.figures()) {
                String value = CsvReport.number(f.value());
                rows.add(List.of(f.workload(), f.contestant(), "shared", f.peer() ? "peer" : "bloomery", "string",
                        Long.toString(run.settings().n()), CsvReport.number(run.settings().fpp()),
                        Long.toString(f.capacity()), Integer.toString(f.threads()), f.figure(), f.unit(), value, value,
                        value, "1", run.server()));
            }
        });
        return rows;
    }
}
