package org.bloomery.compare.report;

import java.util.List;
import org.bloomery.compare.workload.Result;
import org.bloomery.compare.workload.Workload;

/**
 * A finished comparison: the run's description, its result rows in report order, and the JMH
 * figures imported with it.
 *
 * @param info the run
 * @param results the rows
 * @param jmh benchmarks imported from a JMH result file, or none
 */
public record Report(RunInfo info, List<Result> results, List<JmhResult> jmh) {

    /** Copies the rows. */
    public Report {
        results = List.copyOf(results);
        jmh = List.copyOf(jmh);
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
