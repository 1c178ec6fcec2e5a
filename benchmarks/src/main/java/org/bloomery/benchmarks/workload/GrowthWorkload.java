package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bloomery.classic.ClassicProvider;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * {@code growth}: a contestant that grows starts at capacity n/1000 and takes n keys; a classic
 * filter pre-sized for n takes the same keys for comparison, in every round. Both are then probed like
 * {@code uniform}: the n present keys and the 5·n absent keys, split over the rounds (at most {@link
 * Plan#SIDE_ROUNDS}).
 */
final class GrowthWorkload {
    private GrowthWorkload() {
    }

    static List<Heat> heats(Plan plan, KeyType type) {
        List<Entrant> growers = plan.oneLayoutPerKind().stream().filter(e -> e.can(Ability.GROW)).toList();
        if (growers.isEmpty()) {
            return List.of();
        }
        Optional<Entrant> baseline = baseline(plan.incremental());
        int n = plan.n();
        List<Heat> heats = new ArrayList<>();
        for (double fpp : plan.fpps()) {
            List<Lane> lanes = new ArrayList<>();
            for (Entrant e : growers) {
                lanes.add(lane(plan, e, type, fpp, Math.max(1, n / Plan.GROWTH_START_DIVISOR), ""));
            }
            baseline.ifPresent(e -> lanes.add(lane(plan, e, type, fpp, n, "baseline: pre-sized for n")));
            heats.add(new Heat("fpp " + fpp, lanes, plan.sideRounds()));
        }
        return heats;
    }

    /**
     * The baseline: the first classic-family filter that does not grow (the Bloomery classic kind when
     * present, else a classic peer); empty when none is selected.
     */
    private static Optional<Entrant> baseline(List<Entrant> filters) {
        return filters.stream().filter(e -> e.family().equals(ClassicProvider.KIND) && !e.can(Ability.GROW)).findFirst();
    }

    private static Lane lane(Plan plan, Entrant entrant, KeyType type, double fpp, int capacity, String note) {
        int n = plan.n();
        return new TrialLane(entrant, type, (trial, keys, round) -> {
            trial.round(capacity, fpp);
            UniformWorkload.fillAndProbe(trial, keys, n, round, plan.sideRounds());
        }, trial -> trial.result(Workload.GROWTH, n, fpp, capacity, 1, List.of(), note));
    }
}
