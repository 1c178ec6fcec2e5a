package org.bloomery.compare.workload;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bloomery.compare.contestant.Entrant;
import org.bloomery.compare.contestant.KeyType;

/**
 * What one comparison runs.
 *
 * @param n keys inserted per contestant, at least 1
 * @param fpps the target false-positive probabilities, each in (0, 1)
 * @param seed the key generator's seed
 * @param workloads the workloads to run
 * @param rounds churn rounds, at least 1
 * @param filters the filter entrants (Bloomery kinds, then peers), in report order
 * @param exactSets the exact-set entrants of the {@code exact} workload
 * @param keyTypes the key types
 */
public record Plan(int n, List<Double> fpps, long seed, Set<Workload> workloads, int rounds,
                   List<Entrant> filters, List<Entrant> exactSets, List<KeyType> keyTypes) {
    /** Absent-key queries per inserted key in the uniform, growth and exact workloads. */
    public static final int ABSENT_PER_KEY = 10;
    /** Growth starts at capacity n / this. */
    public static final int GROWTH_START_DIVISOR = 1000;
    /** Each churn round replaces n / this of the live set. */
    public static final int CHURN_DIVISOR = 10;
    /** Bytes a 16-character Latin-1 {@code String} takes with its array and its slot in a key array. */
    private static final long STRING_KEY_BYTES = 64;

    /**
     * Validates and copies.
     *
     * @throws IllegalArgumentException if n, rounds or an fpp is out of range, or the absent keys
     *     would not fit an array
     */
    public Plan {
        if (n < 1 || (long) n * ABSENT_PER_KEY > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("n must be in [1, " + (Integer.MAX_VALUE - 8) / ABSENT_PER_KEY
                    + "], got " + n);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be at least 1, got " + rounds);
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

    /** Keys that each churn round removes and adds. */
    int churnStep() {
        return Math.max(1, n / CHURN_DIVISOR);
    }

    /** Present keys needed: n, and the new keys of every churn round. */
    int presentKeys() {
        return n + (runs(Workload.CHURN) ? rounds * churnStep() : 0);
    }

    int absentKeys() {
        return n * ABSENT_PER_KEY;
    }

    /**
     * The heap the key arrays need at their peak (the string keys; one key type is held at a time).
     *
     * @return bytes, roughly
     */
    public long keyBytes() {
        long keys = (long) presentKeys() + absentKeys();
        return keys * (keyTypes.contains(KeyType.STRING) ? STRING_KEY_BYTES : Long.BYTES);
    }
}
