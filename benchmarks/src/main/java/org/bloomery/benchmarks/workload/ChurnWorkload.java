package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.List;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.stats.Proportion;

/**
 * {@code churn}, the blacklist case: a live set of n keys; each round removes the oldest n/10 and adds
 * n/10 new ones, then queries every live key (each miss is a false negative, which must never happen)
 * and n absent keys. The live set after round r (from 1) is present keys [r·n/10, n + r·n/10). The
 * churn rounds are the timed rounds: the contestants take each round in turn. The first fpp runs the
 * plan's rounds, the others at most {@link Plan#SIDE_ROUNDS}.
 */
final class ChurnWorkload {
    private ChurnWorkload() {
    }

    static List<Heat> heats(Plan plan, KeyType type) {
        List<Entrant> removers = plan.oneLayoutPerKind().stream().filter(e -> e.can(Ability.REMOVE)).toList();
        if (removers.isEmpty()) {
            return List.of();
        }
        List<Heat> heats = new ArrayList<>();
        for (double fpp : plan.fpps()) {
            int rounds = heats.isEmpty() ? plan.rounds() : plan.sideRounds();
            heats.add(new Heat("fpp " + fpp, removers.stream().<Lane>map(e -> new ChurnLane(plan, e, type, fpp, rounds))
                    .toList(), rounds));
        }
        return heats;
    }

    /** One contestant's live set, kept from round to round. */
    private static final class ChurnLane implements Lane {
        private final Plan plan;
        private final double fpp;
        private final int rounds;
        private final Trial trial;
        private final List<ChurnRound> perRound = new ArrayList<>();
        private Contestant live;

        ChurnLane(Plan plan, Entrant entrant, KeyType type, double fpp, int rounds) {
            this.plan = plan;
            this.fpp = fpp;
            this.rounds = rounds;
            this.trial = new Trial(entrant, type);
        }

        @Override
        public String name() {
            return trial.entrant().name();
        }

        @Override
        public void pass(KeyPools keys, int round) {
            int n = plan.n();
            int step = plan.churnStep();
            if (round == 0) {
                // The initial fill is set-up, not part of any round: it goes around the trial's timers.
                live = trial.entrant().create(trial.keyType(), n, fpp);
                keys.present().addTo(live, 0, n);
            }
            trial.round(live);
            int oldest = round * step;
            trial.remove(keys.present(), oldest, oldest + step);
            trial.add(keys.present(), n + oldest, n + oldest + step);
            long falseNegatives = trial.queryPresent(keys.present(), oldest + step, n + oldest + step);
            Proportion falsePositives = trial.queryAbsent(keys.absent(), 0, n);
            perRound.add(new ChurnRound(round + 1, falseNegatives, falsePositives, trial.roundMops()));
            if (round == rounds - 1) {
                trial.measureSize();
                live = null;
            }
            trial.endRound();
        }

        @Override
        public List<Result> results() {
            return List.of(trial.result(Workload.CHURN, plan.n(), fpp, plan.n(), 1, perRound,
                    TrialLane.failedRemoves(trial)));
        }
    }
}
