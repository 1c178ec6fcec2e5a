package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * What one comparison runs.
 *
 * @param n keys inserted per contestant, at least 1
 * @param fpps the target false-positive probabilities, each in (0, 1)
 * @param seed the key generator's seed
 * @param workloads the workloads to run
 * @param rounds timed rounds per heat (and the churn workload's rounds), at least 1
 * @param filters the filter entrants (Bloomery kinds, then peers), in report order
 * @param exactSets the exact-set entrants of the {@code exact} workload
 * @param keyTypes the key types
 * @param scalingMax the largest n of the scaling workload (string keys stop at {@link #STRING_SCALING_CAP})
 * @param threads the threads of the threads workload, at least 1
 */
public record Plan(int n, List<Double> fpps, long seed, Set<Workload> workloads, int rounds,
                   List<Entrant> filters, List<Entrant> exactSets, List<KeyType> keyTypes, int scalingMax,
                   int threads) {
    /**
     * Absent keys per inserted key, over which the uniform, growth and static workloads count the
     * fpp. At n = 10^6 and p = 0.001 that is 5·10^6 probes and about 5,000 false positives, so the 95%
     * interval is about ±2.8% of the rate (±0.9% at p = 0.01): it tells a filter at its target from
     * one 6% above it, while the absent queries stay a third of the default run's time rather than
     * half.
     */
    public static final int ABSENT_PER_KEY = 5;
    /**
     * Timed rounds at most of the static workload: every round rebuilds every contestant from the
     * whole set, the costly part of the workload; 2 builds give a median and a range while keeping
     * the default run within its time.
     */
    public static final int STATIC_ROUNDS = 2;
    /**
     * Timed rounds at most of the scaling workload: every size of every contestant builds a fresh
     * filter each round, and 3 rounds give a median and a range while keeping the default run within
     * its 4 minutes.
     */
    public static final int SCALING_ROUNDS = 3;
    /** Growth starts at capacity n / this. */
    public static final int GROWTH_START_DIVISOR = 1000;
    /** Each churn round replaces n / this of the live set. */
    public static final int CHURN_DIVISOR = 10;
    /** The scaling workload's smallest n. */
    public static final int SCALING_MIN = 10_000;
    /** The scaling workload's largest n for string keys: 10^8 strings would take 6 GiB of keys. */
    public static final int STRING_SCALING_CAP = 10_000_000;
    /** Present and absent queries per scaling step and round, cycling through the present keys. */
    public static final int SCALING_QUERIES = 200_000;
    /**
     * Timed rounds at most of the heats the summary takes no time from: {@code uniform} and {@code
     * churn} at every fpp after the first, {@code growth} and {@code exact}. 3 rounds still give a
     * median and a range (and uniform's fpp is still counted over all its absent keys), while the
     * default run stays within its 4 minutes.
     */
    public static final int SIDE_ROUNDS = 3;
    /** Bytes a 16-character Latin-1 {@code String} takes with its array and its slot in a key array. */
    private static final long STRING_KEY_BYTES = 64;

    /**
     * Validates and copies.
     *
     * @throws IllegalArgumentException if n, rounds, threads, scalingMax or an fpp is out of range, or the
     *     absent keys would not fit an array
     */
    public Plan {
        if (n < 1 || (long) n * ABSENT_PER_KEY > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("n must be in [1, " + (Integer.MAX_VALUE - 8) / ABSENT_PER_KEY
                    + "], got " + n);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be at least 1, got " + rounds);
        }
        if (scalingMax < 1) {
            throw new IllegalArgumentException("the scaling workload's largest n must be at least 1, got "
                    + scalingMax);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        fpps = List.copyOf(fpps);
        for (double fpp : fpps) {
            if (!(fpp > 0 && fpp < 1)) {
                throw new IllegalArgumentException("fpp must be in the open range (0, 1), got " + fpp);
            }
        }
        workloads = Collections.unmodifiableSet(workloads.isEmpty()
                ? EnumSet.noneOf(Workload.class) : EnumSet.copyOf(workloads));
        filters = List.copyOf(filters);
        exactSets = List.copyOf(exactSets);
        keyTypes = List.copyOf(keyTypes);
    }

    /**
     * Whether the plan runs a workload.
     *
     * @param workload the workload
     * @return true if selected
     */
    public boolean runs(Workload workload) {
        return workloads.contains(workload);
    }

    /**
     * The filters that can add after construction ({@link Ability#STATIC} ones cannot): the
     * contestants of every workload that builds a filter and then adds to it.
     *
     * @return those filter entrants, in report order
     */
    public List<Entrant> incremental() {
        return filters.stream().filter(e -> !e.can(Ability.STATIC)).toList();
    }

    /**
     * The incremental filters with each Bloomery kind once: a kind's other layout (a {@link
     * Entrant#layoutVariant}, e.g. {@code classic-blocked}) is left out when the kind itself runs. For
     * the workloads that measure what a kind does (churn, growth) rather than what its layout costs
     * (uniform, scaling, threads).
     *
     * @return those filter entrants, in report order
     */
    public List<Entrant> oneLayoutPerKind() {
        List<Entrant> incremental = incremental();
        return incremental.stream().filter(e -> !e.layoutVariant()
                || incremental.stream().noneMatch(o -> o.name().equals(e.family()))).toList();
    }

    /** The fpp of workloads that run at one fpp (scaling, threads, warm-up): the first one. */
    double firstFpp() {
        return fpps.isEmpty() ? 0.01 : fpps.get(0);
    }

    /**
     * The timed rounds of a heat the summary takes no time from (see {@link #SIDE_ROUNDS}).
     *
     * @return {@code min(rounds, SIDE_ROUNDS)}
     */
    int sideRounds() {
        return Math.min(rounds, SIDE_ROUNDS);
    }

    /** Keys that each churn round removes and adds. */
    int churnStep() {
        return Math.max(1, n / CHURN_DIVISOR);
    }

    /**
     * The scaling workload's sizes for a key type: 10^4, then each √10 times the last (rounded), up to
     * {@code scalingMax}; just {@code scalingMax} when it is below 10^4.
     *
     * @param type the key type
     * @return the sizes, ascending
     */
    public List<Integer> scalingSizes(KeyType type) {
        int top = type == KeyType.STRING ? Math.min(scalingMax, STRING_SCALING_CAP) : scalingMax;
        if (top < SCALING_MIN) {
            return List.of(top);
        }
        List<Integer> sizes = new ArrayList<>();
        for (int step = 0; ; step++) {
            double size = SCALING_MIN * Math.pow(10, step / 2.0);
            if (size > top * (1 + 1e-9)) {
                return sizes;
            }
            sizes.add((int) Math.round(size));
        }
    }

    /** Present keys needed for a key type: n and the new keys of every churn round, or the largest scaling n. */
    int presentKeys(KeyType type) {
        int forUniform = n + (runs(Workload.CHURN) ? rounds * churnStep() : 0);
        List<Integer> sizes = scalingSizes(type);
        return runs(Workload.SCALING) ? Math.max(forUniform, sizes.get(sizes.size() - 1)) : forUniform;
    }

    int absentKeys() {
        return Math.max(n * ABSENT_PER_KEY, runs(Workload.SCALING) ? SCALING_QUERIES : 0);
    }

    /**
     * The heap the key arrays need at their peak (one key type is held at a time).
     *
     * @return bytes, roughly
     */
    public long keyBytes() {
        long most = 0;
        for (KeyType type : keyTypes) {
            long keys = (long) presentKeys(type) + absentKeys();
            most = Math.max(most, keys * (type == KeyType.STRING ? STRING_KEY_BYTES : Long.BYTES));
        }
        return most;
    }
}
