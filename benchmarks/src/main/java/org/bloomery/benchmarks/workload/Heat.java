package org.bloomery.benchmarks.workload;

import java.util.List;

/**
 * Contestants measured against each other under the same conditions: one workload at one spec and key
 * type. Its lanes' timed passes are interleaved round by round ({@link Interleaving}), so that no
 * contestant is always timed first or last while the machine's state drifts.
 *
 * @param label what the heat measures, for progress lines, e.g. {@code "uniform · fpp 0.01"}
 * @param lanes one per contestant, in report order
 * @param rounds the timed rounds, at most the plan's; 0 for the plan's
 */
record Heat(String label, List<Lane> lanes, int rounds) {
    Heat {
        lanes = List.copyOf(lanes);
    }

    /** A heat of the plan's rounds. */
    Heat(String label, List<Lane> lanes) {
        this(label, lanes, 0);
    }

    /** The rounds this heat runs in a plan. */
    int rounds(Plan plan) {
        return rounds > 0 ? Math.min(rounds, plan.rounds()) : plan.rounds();
    }
}
