package org.bloomery.compare.report;

import java.util.List;
import org.bloomery.compare.workload.Result;
import org.bloomery.compare.workload.Workload;

/**
 * A finished comparison: the run's description and its result rows in report order.
 *
 * @param info the run
 * @param results the rows
 */
public record Report(RunInfo info, List<Result> results) {

    /** Copies the rows. */
    public Report {
        results = List.copyOf(results);
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
