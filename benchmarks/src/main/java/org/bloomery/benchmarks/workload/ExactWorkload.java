package org.bloomery.benchmarks.workload;

import java.util.List;
import java.util.OptionalLong;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * {@code exact}: the same n keys in an exact set, probed with the n present keys and n absent keys
 * split over at most {@link Plan#SIDE_ROUNDS} rounds (an exact set must show no false positive and no false negative). Its size is
 * read from its tables when the library exposes them; otherwise it is the heap grown by building it
 * in the first round, measured after forced garbage collection and marked approximate.
 */
final class ExactWorkload {
    private ExactWorkload() {
    }

    static List<Heat> heats(Plan plan, KeyType type) {
        return List.of(new Heat("n " + plan.n(), plan.exactSets().stream().map(e -> lane(plan, e, type)).toList(),
                plan.sideRounds()));
    }

    static Lane lane(Plan plan, Entrant entrant, KeyType type) {
        int n = plan.n();
        return new TrialLane(entrant, type, (trial, keys, round) -> {
            long heapBefore = round == 0 ? HeapMeter.usedAfterGc() : 0;
            Contestant set = trial.round(n, Double.NaN);
            trial.add(keys.present(), 0, n);
            if (round == 0) {
                OptionalLong structureBits = set.bitSize();
                if (structureBits.isPresent()) {
                    trial.measureSize();
                } else {
                    trial.measuredBits(Math.max(0, HeapMeter.usedAfterGc() - heapBefore) * Byte.SIZE);
                }
            }
            trial.queryPresent(keys.present(), 0, n);
            // n absent queries in all suffice: an exact set has no false-positive rate to estimate.
            trial.queryAbsent(keys.absent(), TrialLane.sliceStart(n, round, plan.sideRounds()),
                    TrialLane.sliceStart(n, round + 1, plan.sideRounds()));
        }, trial -> trial.result(Workload.EXACT, n, Double.NaN, n, 1, List.of(), note(trial)));
    }

    private static String note(Trial trial) {
        if (trial.bitsApproximate()) {
            return "heap delta after forced GC (approximate)";
        }
        return trial.keyType() == KeyType.STRING ? "table only; the strings are the caller's" : "";
    }
}
