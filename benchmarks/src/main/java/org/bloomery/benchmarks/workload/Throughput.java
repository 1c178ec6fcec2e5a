package org.bloomery.benchmarks.workload;

/**
 * Millions of operations per second per phase, timed around whole phases, as the median and range of
 * the timed rounds; {@link Spread#NONE} for a phase that did not run.
 *
 * @param add adds
 * @param queryPresent queries of present keys
 * @param queryAbsent queries of absent keys
 * @param batchQuery queries of the same present and absent keys in batches ({@link Phase#QUERY_BATCH})
 * @param remove removes
 */
public record Throughput(Spread add, Spread queryPresent, Spread queryAbsent, Spread batchQuery, Spread remove) {

    /**
     * Millions of operations per second.
     *
     * @param operations operations done
     * @param nanos time taken
     * @return the rate, or NaN when nothing was done
     */
    static double mops(long operations, long nanos) {
        return operations == 0 ? Double.NaN : operations * 1e3 / Math.max(1, nanos);
    }

    /**
     * The figure of one phase.
     *
     * @param phase the phase
     * @return its spread
     */
    public Spread of(Phase phase) {
        return switch (phase) {
            case ADD -> add;
            case QUERY_PRESENT -> queryPresent;
            case QUERY_ABSENT -> queryAbsent;
            case QUERY_BATCH -> batchQuery;
            case REMOVE -> remove;
        };
    }
}
