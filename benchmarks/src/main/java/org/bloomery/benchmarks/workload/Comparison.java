package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.keys.KeyGenerator;

/**
 * Runs a {@link Plan}: generates the keys of one key type at a time from the seed, warms every
 * contestant on them before anything is timed, then runs each workload's heats, interleaving the
 * contestants' timed passes round by round in a rotated order, and returns one {@link Result} per
 * contestant × workload × spec × key type (and size, for scaling), in report order.
 */
public final class Comparison {
    /** Keys each contestant warms up on (untimed) before its key type's measurements start. */
    static final int WARM_UP_KEYS = 50_000;
    /** Warm-up passes per contestant: enough for the JIT to compile the add, query and remove loops. */
    static final int WARM_UP_PASSES = 2;

    private final Plan plan;
    private final Progress progress;
    private final List<String> notes = new ArrayList<>();
    /** The heats of each key type, in the order of the plan's key types. */
    private final List<List<Heat>> heatsByType = new ArrayList<>();
    private final RunEstimate estimate = new RunEstimate();

    /**
     * A comparison, its heats laid out (nothing runs yet).
     *
     * @param plan what to run
     * @param progress where to report progress
     */
    public Comparison(Plan plan, Progress progress) {
        this.plan = plan;
        this.progress = progress;
        for (KeyType type : plan.keyTypes()) {
            List<Heat> heats = new ArrayList<>();
            for (Workload workload : plan.workloads()) {
                List<Heat> laid = workload.heats(plan, type);
                estimate.addHeats(workload, type, laid, plan);
                laid.forEach(heat -> heats.add(new Heat(workload.label() + " · " + type.label()
                        + " keys · " + heat.label(), heat.lanes(), heat.rounds())));
            }
            heatsByType.add(heats);
            estimate.addSetUp(type, (long) plan.presentKeys(type) + plan.absentKeys() + warmUpKeys());
        }
    }

    /**
     * How long {@link #run()} should take, from its heats, before it runs.
     *
     * @return the estimate; the caller may add the parts of the run that are not heats
     */
    public RunEstimate estimate() {
        return estimate;
    }

    /**
     * Runs every workload of the plan.
     *
     * @return the results, ordered by workload, key type, then heat (fpp or size) and contestant
     */
    public List<Result> run() {
        int steps = heatsByType.stream().flatMap(List::stream).mapToInt(heat -> heat.rounds(plan)).sum();
        progress.begin(steps);
        KeyGenerator generator = new KeyGenerator(plan.seed());
        List<Result> results = new ArrayList<>();
        for (int t = 0; t < plan.keyTypes().size(); t++) {
            KeyType type = plan.keyTypes().get(t);
            KeyPools keys = KeyPools.generate(generator, type, plan.presentKeys(type), plan.absentKeys());
            warmUp(keys);
            for (Heat heat : heatsByType.get(t)) {
                results.addAll(race(heat, keys));
            }
        }
        progress.end();
        results.sort(Comparator.comparing(Result::workload).thenComparing(Result::keyType));
        return results;
    }

    /**
     * What the reader must know about the run beyond its rows (e.g. a contestant that stopped early).
     *
     * @return the notes gathered by {@link #run()}
     */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    private List<Result> race(Heat heat, KeyPools keys) {
        int rounds = heat.rounds(plan);
        for (int round = 0; round < rounds; round++) {
            progress.step(String.format(Locale.ROOT, "%s · round %d of %d", heat.label(), round + 1, rounds));
            for (Lane lane : Interleaving.order(heat.lanes(), round)) {
                lane.pass(keys, round);
            }
        }
        List<Result> results = new ArrayList<>();
        for (Lane lane : heat.lanes()) {
            results.addAll(lane.results());
            notes.addAll(lane.notes());
        }
        return results;
    }

    /** Keys the warm-up of one key type adds, summed over its contestants and passes. */
    private long warmUpKeys() {
        long contestants = plan.incremental().size() + (plan.runs(Workload.EXACT) ? plan.exactSets().size() : 0);
        if (plan.runs(Workload.STATIC)) {
            for (double fpp : plan.fpps()) {
                contestants += StaticWorkload.contestants(plan, fpp).size();
            }
        }
        return (long) WARM_UP_PASSES * Math.min(WARM_UP_KEYS, plan.n()) * contestants;
    }

    /**
     * Lets the JIT compile every contestant's paths before anything is timed (the static workload's
     * builds too), so that the first contestant measured is not the one that pays for compilation.
     */
    private void warmUp(KeyPools keys) {
        int count = Math.min(WARM_UP_KEYS, plan.n());
        List<Entrant> everyone = new ArrayList<>(plan.incremental());
        if (plan.runs(Workload.EXACT)) {
            everyone.addAll(plan.exactSets());
        }
        for (int pass = 0; pass < WARM_UP_PASSES; pass++) {
            for (Entrant e : everyone) {
                Contestant c = e.create(keys.type(), count, plan.firstFpp());
                keys.present().addTo(c, 0, count);
                keys.present().countContained(c, 0, count);
                keys.absent().countContained(c, 0, count);
                if (e.can(Ability.REMOVE)) {
                    keys.present().removeFrom(c, 0, count);
                }
            }
            if (plan.runs(Workload.STATIC)) {
                for (double fpp : plan.fpps()) {
                    for (Entrant e : StaticWorkload.contestants(plan, fpp)) {
                        Contestant c = e.builder().orElseThrow().build(keys.type(), keys.present().longs(0, count), fpp);
                        keys.present().countContained(c, 0, count);
                        keys.absent().countContained(c, 0, count);
                    }
                }
            }
        }
    }
}
