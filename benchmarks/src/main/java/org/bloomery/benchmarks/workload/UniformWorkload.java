package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.List;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * {@code uniform}: each round builds a fresh filter and inserts n distinct keys, then queries its share
 * of the n present keys and of the 5·n absent keys, one at a time and then again in batches ({@link
 * Phase#QUERY_BATCH}), and (for deletion-capable contestants) removes
 * its share of the present keys. The rounds split the keys, so that over all rounds every present key
 * is queried once (false negatives) and the fpp is counted over all 5·n absent keys, while each
 * phase is still timed over a whole range of keys. The first fpp runs the plan's rounds; the others,
 * whose times the summary does not use, at most {@link Plan#SIDE_ROUNDS}.
 */
final class UniformWorkload {
    private UniformWorkload() {
    }

    static List<Heat> heats(Plan plan, KeyType type) {
        List<Heat> heats = new ArrayList<>();
        for (double fpp : plan.fpps()) {
            int rounds = heats.isEmpty() ? plan.rounds() : plan.sideRounds();
            heats.add(new Heat("fpp " + fpp,
                    plan.incremental().stream().map(e -> lane(plan, e, type, fpp, rounds)).toList(), rounds));
        }
        return heats;
    }

    private static Lane lane(Plan plan, Entrant entrant, KeyType type, double fpp, int rounds) {
        int n = plan.n();
        return new TrialLane(entrant, type, (trial, keys, round) -> {
            trial.round(n, fpp);
            fillAndProbe(trial, keys, n, round, rounds);
            trial.queryBatch(keys.present(), TrialLane.sliceStart(n, round, rounds),
                    TrialLane.sliceStart(n, round + 1, rounds), keys.absent(),
                    TrialLane.sliceStart(n * Plan.ABSENT_PER_KEY, round, rounds),
                    TrialLane.sliceStart(n * Plan.ABSENT_PER_KEY, round + 1, rounds));
            if (entrant.can(Ability.REMOVE)) {
                trial.remove(keys.present(), TrialLane.sliceStart(n, round, rounds),
                        TrialLane.sliceStart(n, round + 1, rounds));
            }
        }, trial -> trial.result(Workload.UNIFORM, n, fpp, n, 1, List.of(), TrialLane.failedRemoves(trial)));
    }

    /**
     * Inserts keys [0, n), reads the size, then queries round {@code round}'s share of the n present
     * keys and of the 5·n absent keys.
     */
    static void fillAndProbe(Trial trial, KeyPools keys, int n, int round, int rounds) {
        trial.add(keys.present(), 0, n);
        trial.measureSize();
        probe(trial, keys, n, round, rounds);
    }

    /** Queries round {@code round}'s share of the n present keys and of the 5·n absent keys. */
    static void probe(Trial trial, KeyPools keys, int n, int round, int rounds) {
        trial.queryPresent(keys.present(), TrialLane.sliceStart(n, round, rounds),
                TrialLane.sliceStart(n, round + 1, rounds));
        int absent = n * Plan.ABSENT_PER_KEY;
        trial.queryAbsent(keys.absent(), TrialLane.sliceStart(absent, round, rounds),
                TrialLane.sliceStart(absent, round + 1, rounds));
    }
}
