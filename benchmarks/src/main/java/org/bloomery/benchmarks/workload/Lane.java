package org.bloomery.benchmarks.workload;

import java.util.List;

/**
 * One contestant's part in a {@link Heat}: one timed pass per round, then its result rows. A lane
 * holds no filter between passes unless the workload needs one that persists (churn, threads), so
 * that only the running lane's structure takes heap.
 */
interface Lane {

    /**
     * The contestant's name, for progress lines.
     *
     * @return the name
     */
    String name();

    /**
     * Runs one timed pass.
     *
     * @param keys the key type's keys
     * @param round the round, from 0
     */
    void pass(KeyPools keys, int round);

    /**
     * The rows measured, after every round has run.
     *
     * @return the rows: usually one; none when the lane had to skip (a note says why)
     */
    List<Result> results();

    /**
     * What the reader must know about this lane beyond its rows, e.g. why it skipped.
     *
     * @return notes for the report header, usually none
     */
    default List<String> notes() {
        return List.of();
    }
}
