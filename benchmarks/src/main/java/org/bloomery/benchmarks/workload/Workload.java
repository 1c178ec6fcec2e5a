package org.bloomery.benchmarks.workload;

import java.util.List;
import java.util.Locale;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * The workloads, in the order they run and are reported. Adding one takes a constant here with the
 * class that lays out its heats (a {@link Setup}: which contestants race, and what one timed pass of
 * each does), and its table or chart in the report package.
 */
public enum Workload {
    /** Insert n keys, query n present and 5·n absent keys (and remove the n, where possible). */
    UNIFORM(UniformWorkload::heats),
    /** A live set of n; each round removes the oldest 10% and adds 10% new: deletion-capable contestants. */
    CHURN(ChurnWorkload::heats),
    /** Start at capacity n/1000 and insert n: contestants that grow, against a pre-sized classic filter. */
    GROWTH(GrowthWorkload::heats),
    /** The same keys in exact sets, for the space comparison. */
    EXACT(ExactWorkload::heats),
    /** n from 10^4 upwards in steps of √10: nanoseconds per add and per query against n. */
    SCALING(ScalingWorkload::heats),
    /** Query throughput of the contestants safe for concurrent use, at 1 thread and at the plan's threads. */
    THREADS(ThreadsWorkload::heats),
    /**
     * Build from the whole set of n keys at once, then query n present and 5·n absent keys: the static
     * filters, against the classic and cuckoo kinds built from the same set.
     */
    STATIC(StaticWorkload::heats),
    /**
     * Five windows of n adds with queries between: the sliding-window filters (kind {@code aging}, Commons'
     * layered filter, a hand-rolled rotation of classic filters), for fpp, false negatives within the
     * window, slack and bits per window item.
     */
    WINDOW(WindowWorkload::heats);

    private final Setup setup;

    Workload(Setup setup) {
        this.setup = setup;
    }

    /**
     * The name used on the command line and in reports.
     *
     * @return e.g. {@code "uniform"}
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    List<Heat> heats(Plan plan, KeyType type) {
        return setup.heats(plan, type);
    }

    /** Lays out a workload's heats for one key type: the extension point of a new workload. */
    @FunctionalInterface
    interface Setup {
        /**
         * The heats, in report order; each lane builds its contestants only when its passes run.
         *
         * @param plan the run
         * @param type the key type
         * @return the heats, empty when no selected contestant takes part
         */
        List<Heat> heats(Plan plan, KeyType type);
    }
}
