package org.bloomery.compare.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.bloomery.compare.contestant.Ability;
import org.bloomery.compare.contestant.Entrant;
import org.bloomery.compare.contestant.KeyType;
import org.bloomery.compare.keys.KeyGenerator;

/**
 * Runs a {@link Plan}: generates the keys of one key type at a time from the seed, broadcasts them to
 * every contestant of every workload, and returns one {@link Result} per contestant × workload × spec
 * × key type, in report order.
 */
public final class Comparison {
    /** Keys each contestant warms up on (untimed) before its key type's measurements start. */
    static final int WARM_UP_KEYS = 50_000;

    private final Plan plan;
    private final Progress progress;

    /**
     * A comparison.
     *
     * @param plan what to run
     * @param progress where to report progress
     */
    public Comparison(Plan plan, Progress progress) {
        this.plan = plan;
        this.progress = progress;
    }

    /**
     * The growth workload's baseline: the first classic-family filter that does not grow (the
     * Bloomery classic kind when present, else a classic peer); empty when none is selected.
     */
    private static Optional<Entrant> growthBaseline(List<Entrant> filters) {
        return filters.stream().filter(e -> e.family().equals("classic") && !e.can(Ability.GROW)).findFirst();
    }

    /**
     * Runs every workload of the plan.
     *
     * @return the results, ordered by workload, key type, fpp (in the plan's order), then contestant
     */
    public List<Result> run() {
        List<Step> steps = steps();
        progress.begin(steps.size() * plan.keyTypes().size());
        KeyGenerator generator = new KeyGenerator(plan.seed());
        List<Result> results = new ArrayList<>();
        for (KeyType type : plan.keyTypes()) {
            KeyPools keys = KeyPools.generate(generator, type, plan.presentKeys(), plan.absentKeys());
            warmUp(keys);
            for (Step step : steps) {
                progress.step(step.describe(type));
                results.add(step.run(keys));
            }
        }
        progress.end();
        results.sort(Comparator.comparing(Result::workload)
                .thenComparing(Result::keyType)
                .thenComparing(r -> fppOrder(r.targetFpp())));
        return results;
    }

    private int fppOrder(double fpp) {
        int index = plan.fpps().indexOf(fpp);
        return index < 0 ? plan.fpps().size() : index;
    }

    /** One contestant in one workload at one fpp, for every key type. */
    private record Step(Workload workload, Entrant entrant, double fpp, Runner runner) {
        String describe(KeyType type) {
            String spec = Double.isNaN(fpp) ? "" : String.format(Locale.ROOT, " · fpp %s", fpp);
            return workload.label() + " · " + entrant.name() + " · " + type.label() + " keys" + spec;
        }

        Result run(KeyPools keys) {
            return runner.run(keys);
        }
    }

    @FunctionalInterface
    private interface Runner {
        Result run(KeyPools keys);
    }

    private List<Step> steps() {
        int n = plan.n();
        List<Step> steps = new ArrayList<>();
        if (plan.runs(Workload.UNIFORM)) {
            for (double fpp : plan.fpps()) {
                for (Entrant e : plan.filters()) {
                    steps.add(new Step(Workload.UNIFORM, e, fpp, keys -> UniformWorkload.run(e, keys, n, fpp)));
                }
            }
        }
        if (plan.runs(Workload.CHURN)) {
            for (double fpp : plan.fpps()) {
                for (Entrant e : plan.filters()) {
                    if (e.can(Ability.REMOVE)) {
                        steps.add(new Step(Workload.CHURN, e, fpp,
                                keys -> ChurnWorkload.run(e, keys, n, fpp, plan.rounds(), plan.churnStep())));
                    }
                }
            }
        }
        if (plan.runs(Workload.GROWTH)) {
            List<Entrant> growers = plan.filters().stream().filter(e -> e.can(Ability.GROW)).toList();
            Optional<Entrant> baseline = growers.isEmpty() ? Optional.empty() : growthBaseline(plan.filters());
            for (double fpp : plan.fpps()) {
                for (Entrant e : growers) {
                    steps.add(new Step(Workload.GROWTH, e, fpp, keys -> GrowthWorkload.grown(e, keys, n, fpp)));
                }
                baseline.ifPresent(e -> steps.add(new Step(Workload.GROWTH, e, fpp,
                        keys -> GrowthWorkload.preSized(e, keys, n, fpp))));
            }
        }
        if (plan.runs(Workload.EXACT)) {
            for (Entrant e : plan.exactSets()) {
                steps.add(new Step(Workload.EXACT, e, Double.NaN, keys -> ExactWorkload.run(e, keys, n)));
            }
        }
        return steps;
    }

    /**
     * Lets the JIT compile each contestant's paths before anything is timed, so that the first
     * contestant measured is not the one that pays for compilation.
     */
    private void warmUp(KeyPools keys) {
        int count = Math.min(WARM_UP_KEYS, plan.n());
        double fpp = plan.fpps().isEmpty() ? 0.01 : plan.fpps().get(0);
        List<Entrant> everyone = new ArrayList<>(plan.filters());
        if (plan.runs(Workload.EXACT)) {
            everyone.addAll(plan.exactSets());
        }
        for (Entrant e : everyone) {
            Trial trial = new Trial(e.create(keys.type(), count, fpp), keys.type());
            trial.add(keys.present(), 0, count);
            trial.queryPresent(keys.present(), 0, count);
            trial.queryAbsent(keys.absent(), 0, count);
            if (e.can(Ability.REMOVE)) {
                trial.remove(keys.present(), 0, count);
            }
        }
    }
}
