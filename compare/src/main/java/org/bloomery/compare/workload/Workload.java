package org.bloomery.compare.workload;

import java.util.Locale;

/** The workloads, in the order they run and are reported. */
public enum Workload {
    /** Insert n keys, query n present and 10·n absent keys (and remove the n, where possible). */
    UNIFORM,
    /** A live set of n with rounds that remove the oldest 10% and add 10% new: deletion-capable contestants. */
    CHURN,
    /** Start at capacity n/1000 and insert n: contestants that grow, against a pre-sized classic filter. */
    GROWTH,
    /** The same keys in exact sets, for the space comparison. */
    EXACT;

    /**
     * The name used on the command line and in reports.
     *
     * @return e.g. {@code "uniform"}
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
