package org.bloomery.benchmarks.workload;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * How long a comparison should take, worked out from what it will run before anything runs: each
 * heat costs its lanes × rounds × keys per pass (n; for {@code scaling}, the size plus its queries)
 * times a per-key cost of its workload and key type, and each key type costs the generation of its
 * keys and the warm-up. The figure is for a quiet 2-core machine (see {@link #NANOS}); a busy one
 * takes longer, which is why the range that {@link #describe} gives reaches further up than down.
 */
public final class RunEstimate {
    /**
     * Nanoseconds per lane × round × key, string keys then long keys. Calibrated in two steps: the
     * split between workloads is the CPU time of each heat in one default run ({@code ./bloomery},
     * n = 10^6, 17 incremental filters, 5 rounds; 2026-11-25, on a 2-core machine shared with other
     * work, so CPU time rather than wall time, 330 s in all), each workload's CPU seconds divided by
     * its lane × round × key units; the scale is the quiet default run of 2026-11-23 on the same kind
     * of machine, 144 s of wall time with nothing else running, which all the constants here
     * (with {@link #SET_UP_NANOS} and the redis workload's own) add up to for the default plan.
     */
    private static final Map<Workload, double[]> NANOS = new EnumMap<>(Map.of(
            Workload.UNIFORM, new double[] {300, 197},
            Workload.CHURN, new double[] {302, 292},
            Workload.GROWTH, new double[] {524, 462},
            Workload.EXACT, new double[] {746, 383},
            Workload.SCALING, new double[] {39, 35},
            // Not in the default run: taken as uniform's queries, a lane per thread count.
            Workload.THREADS, new double[] {300, 197},
            Workload.STATIC, new double[] {280, 135},
            // Not yet measured: five windows of adds with a third as many queries, taken as five
            // times uniform's cost per key.
            Workload.WINDOW, new double[] {1500, 985}));
    /**
     * Nanoseconds per key generated (present and absent) or added in the warm-up (summed over the
     * contestants), string keys then long keys, from the same run: the time before each key type's
     * first heat.
     */
    private static final double[] SET_UP_NANOS = {363, 45};
    /** The range {@link #describe} gives: from 0.8 times the estimate (a faster machine) to 1.5 times (a busy one). */
    private static final double LOW = 0.8;
    private static final double HIGH = 1.5;

    private double nanos;

    /** An estimate of nothing yet. */
    RunEstimate() {
    }

    /**
     * Adds a workload's heats for one key type.
     *
     * @param workload the workload
     * @param type the key type
     * @param heats its heats, as {@link Workload#heats} laid them out
     * @param plan the run
     */
    void addHeats(Workload workload, KeyType type, List<Heat> heats, Plan plan) {
        // The scaling workload lays out one heat per size, in the order of Plan.scalingSizes.
        List<Integer> sizes = workload == Workload.SCALING ? plan.scalingSizes(type) : List.of();
        for (int i = 0; i < heats.size(); i++) {
            Heat heat = heats.get(i);
            long keys = workload == Workload.SCALING ? sizes.get(i) + 2L * Plan.SCALING_QUERIES : plan.n();
            nanos += NANOS.get(workload)[type.ordinal()] * heat.lanes().size() * heat.rounds(plan) * keys;
        }
    }

    /**
     * Adds a key type's set-up: generating its keys and warming every contestant up on them.
     *
     * @param type the key type
     * @param keys present and absent keys generated, plus the keys of the warm-up summed over its
     *     contestants and passes
     */
    void addSetUp(KeyType type, long keys) {
        nanos += SET_UP_NANOS[type.ordinal()] * keys;
    }

    /**
     * Adds a part of the run estimated elsewhere (the redis workload).
     *
     * @param seconds its expected seconds
     */
    public void addSeconds(double seconds) {
        nanos += seconds * 1e9;
    }

    /**
     * The expected duration.
     *
     * @return seconds on a quiet 2-core machine
     */
    public double seconds() {
        return nanos / 1e9;
    }

    /**
     * The estimate as words for the user, e.g. {@code "about 2–4 minutes"}: from {@link #LOW} times
     * the estimate, rounded, to {@link #HIGH} times, rounded up; in tens of seconds below two minutes.
     *
     * @return the range
     */
    public String describe() {
        double low = LOW * seconds();
        double high = HIGH * seconds();
        if (high < 120) {
            return String.format(Locale.ROOT, "about %d–%d seconds", multiple(low, 10, false), multiple(high, 10, true));
        }
        return String.format(Locale.ROOT, "about %d–%d minutes", multiple(low, 60, false) / 60,
                multiple(high, 60, true) / 60);
    }

    /** The nearest multiple of step (or the next one up), at least step. */
    private static long multiple(double value, int step, boolean up) {
        long multiple = up ? (long) Math.ceil(value / step) : Math.round(value / step);
        return Math.max(1, multiple) * step;
    }
}
