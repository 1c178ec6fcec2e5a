package org.bloomery.benchmarks.report;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.bloomery.benchmarks.redis.SharedRun;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.Workload;

/**
 * A finished comparison: the run's description, its result rows in report order, and the JMH
 * figures imported with it, and the {@code redis} workload's figures when it ran.
 *
 * @param info the run
 * @param results the rows
 * @param jmh benchmarks imported from a JMH result file, or none
 * @param shared the {@code redis} workload (shared filters in a Redis server), when it ran
 */
public record Report(RunInfo info, List<Result> results, List<JmhResult> jmh, Optional<SharedRun> shared) {

    /** Copies the rows. */
    public Report {
        results = List.copyOf(results);
        jmh = List.copyOf(jmh);
        Objects.requireNonNull(shared, "shared");
    }

    /**
     * A report without the {@code redis} workload.
     *
     * @param info the run
     * @param results the rows
     * @param jmh benchmarks imported from a JMH result file, or none
     */
    public Report(RunInfo info, List<Result> results, List<JmhResult> jmh) {
        this(info, results, jmh, Optional.empty());
    }

    /**
     * A report without JMH figures.
     *
     * @param info the run
     * @param results the rows
     */
    public Report(RunInfo info, List<Result> results) {
        this(info, results, List.of());
    }

    /**
     * The rows of one workload.
     *
     * @param workload the workload
     * @return the rows, in report order
     */
    public List<Result> of(Workload workload) {
        return results.stream().filter(r -> r.workload() == workload).toList();
    }
}
