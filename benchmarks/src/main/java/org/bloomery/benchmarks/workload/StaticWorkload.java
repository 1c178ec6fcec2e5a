package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.List;
import org.bloomery.classic.ClassicProvider;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.SetBuilder;
import org.bloomery.benchmarks.contestant.Side;
import org.bloomery.cuckoo.CuckooProvider;

/**
 * {@code static}: each round builds every contestant from the whole set of n keys at once and times
 * that build as its add phase (the keys' conversion to longs included, string keys hashed with
 * Bloomery's string hash for every contestant alike), reads its size, then queries its share of the n
 * present and the absent keys as {@code uniform} does, in at most {@link Plan#STATIC_ROUNDS} rounds. One
 * heat per target fpp, of the static contestants ({@link Ability#STATIC}) that serve it, with the
 * Bloomery kinds of the {@link #BASELINE_FAMILIES} built from the same set through the same build
 * path as dynamic baselines; a target that no static contestant serves has no heat.
 */
final class StaticWorkload {
    /** The families whose Bloomery kinds are built from the set beside the static filters. */
    static final List<String> BASELINE_FAMILIES = List.of(ClassicProvider.KIND, CuckooProvider.KIND);
    /** What the add phase of a static row means, for the report. */
    static final String NOTE = "add: one build from the whole set";

    private StaticWorkload() {
    }

    static List<Heat> heats(Plan plan, KeyType type) {
        List<Heat> heats = new ArrayList<>();
        for (double fpp : plan.fpps()) {
            List<Entrant> entrants = contestants(plan, fpp);
            if (!entrants.isEmpty()) {
                heats.add(new Heat("fpp " + fpp, entrants.stream().map(e -> lane(plan, e, type, fpp)).toList(),
                        Plan.STATIC_ROUNDS));
            }
        }
        return heats;
    }

    /**
     * The contestants of the heat at one target, in report order: the static Bloomery kinds, the
     * baselines, then the static peers; none when no static contestant serves the target.
     *
     * @param plan the run
     * @param fpp the target
     * @return the entrants
     */
    static List<Entrant> contestants(Plan plan, double fpp) {
        List<Entrant> statics = plan.filters().stream()
                .filter(e -> e.can(Ability.STATIC) && serves(e, fpp)).toList();
        if (statics.isEmpty()) {
            return List.of();
        }
        List<Entrant> heat = new ArrayList<>(statics.stream().filter(e -> e.side() == Side.BLOOMERY).toList());
        // The kind itself (named like its family), not its other layouts: one baseline per family.
        plan.filters().stream().filter(e -> e.side() == Side.BLOOMERY && !e.can(Ability.STATIC)
                && BASELINE_FAMILIES.contains(e.family()) && !e.layoutVariant() && serves(e, fpp))
                .forEach(heat::add);
        statics.stream().filter(e -> e.side() != Side.BLOOMERY).forEach(heat::add);
        return heat;
    }

    private static boolean serves(Entrant entrant, double fpp) {
        return entrant.builder().map(b -> b.serves(fpp)).orElse(false);
    }

    private static Lane lane(Plan plan, Entrant entrant, KeyType type, double fpp) {
        int n = plan.n();
        int rounds = Math.min(Plan.STATIC_ROUNDS, plan.rounds());
        SetBuilder builder = entrant.builder().orElseThrow();
        return new TrialLane(entrant, type, (trial, keys, round) -> {
            trial.roundBuiltFrom(builder, keys.present(), n, fpp);
            trial.measureSize();
            UniformWorkload.probe(trial, keys, n, round, rounds);
        }, trial -> trial.result(Workload.STATIC, n, fpp, n, 1, List.of(), NOTE));
    }
}
