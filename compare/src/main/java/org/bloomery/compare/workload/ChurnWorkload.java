package org.bloomery.compare.workload;

import java.util.ArrayList;
import java.util.List;
import org.bloomery.compare.contestant.Entrant;
import org.bloomery.compare.stats.Proportion;

/**
 * {@code churn}, the blacklist case: a live set of n keys; each round removes the oldest n/10 and
 * adds n/10 new ones, then queries every live key (each miss is a false negative, which must never
 * happen) and n absent keys. The live set after round r is present keys [r·n/10, n + r·n/10).
 */
final class ChurnWorkload {
    private ChurnWorkload() {
    }

    static Result run(Entrant entrant, KeyPools keys, int n, double fpp, int rounds, int step) {
        Trial trial = new Trial(entrant.create(keys.type(), n, fpp), keys.type());
        // The initial fill is set-up, not part of any round: it goes around the trial's timers.
        keys.present().addTo(trial.contestant(), 0, n);
        List<ChurnRound> perRound = new ArrayList<>(rounds);
        long failedRemoves = 0;
        for (int round = 1; round <= rounds; round++) {
            long operationsBefore = trial.operations();
            long nanosBefore = trial.nanos();
            int oldest = (round - 1) * step;
            failedRemoves += trial.remove(keys.present(), oldest, oldest + step);
            trial.add(keys.present(), n + oldest, n + oldest + step);
            long falseNegatives = trial.queryPresent(keys.present(), round * step, n + round * step);
            Proportion falsePositives = trial.queryAbsent(keys.absent(), 0, n);
            double mops = Throughput.mops(trial.operations() - operationsBefore, trial.nanos() - nanosBefore);
            perRound.add(new ChurnRound(round, falseNegatives, falsePositives, mops));
        }
        long bits = trial.contestant().bitSize().orElseThrow();
        String note = failedRemoves == 0 ? "" : failedRemoves + " removes reported failure";
        return trial.result(Workload.CHURN, entrant, n, fpp, n, bits, false, perRound, note);
    }
}
