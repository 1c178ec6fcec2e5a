package org.bloomery.benchmarks.workload;

import java.util.List;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * A lane that keeps one {@link Trial} over its rounds: the workload says what one pass does and how
 * the row is made from the trial at the end. The pass starts its round on the trial (usually on a
 * fresh contestant); the lane lets go of the contestant after each pass.
 */
final class TrialLane implements Lane {
    private final Trial trial;
    private final Pass pass;
    private final Row row;

    TrialLane(Entrant entrant, KeyType type, Pass pass, Row row) {
        this.trial = new Trial(entrant, type);
        this.pass = pass;
        this.row = row;
    }

    /** One timed pass. */
    @FunctionalInterface
    interface Pass {
        void run(Trial trial, KeyPools keys, int round);
    }

    /** The result row, from the trial after every round. */
    @FunctionalInterface
    interface Row {
        Result of(Trial trial);
    }

    @Override
    public String name() {
        return trial.entrant().name();
    }

    @Override
    public void pass(KeyPools keys, int round) {
        pass.run(trial, keys, round);
        trial.endRound();
    }

    @Override
    public List<Result> results() {
        return List.of(row.of(trial));
    }

    /**
     * The start of round {@code round}'s share when {@code total} keys are split evenly over
     * {@code rounds} rounds; round {@code rounds} gives the end.
     */
    static int sliceStart(int total, int round, int rounds) {
        return (int) ((long) total * round / rounds);
    }

    /** A note for removes the contestant reported as failed, or empty. */
    static String failedRemoves(Trial trial) {
        long failed = trial.events(Phase.REMOVE);
        return failed == 0 ? "" : failed + " removes reported failure";
    }
}
