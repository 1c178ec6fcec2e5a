package org.bloomery.ribbon;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import org.bloomery.api.spi.SeededMix;

/**
 * Builds a Ribbon filter's solution from a set of hashes. The hashes are replaced, in their own
 * array, by the keys' mixed hashes and sorted as unsigned numbers, which sorts the keys by the row
 * their window starts at: the elimination ({@link Banding}) then sweeps the rows from first to last
 * and stays in cache, and repeated keys, whose mixed hashes are equal, sit side by side and are
 * dropped. Back-substitution writes the solution.
 *
 * <p>With the rows per key of {@link RibbonLayout}, a seed fails (some key's equation contradicts
 * the others) about once in 20 builds; the build then retries with the next seed, which moves every
 * key (the mixed hashes are turned back into hashes and mixed again). After {@link
 * #ATTEMPTS_PER_SIZE} failures at one size it grows the rows by about 1.6%, at most {@link
 * RibbonLayout#MAX_GROWTHS} times. The seed and rows that worked are kept in the filter.
 */
final class RibbonConstruction {
    /** The first seed tried; the same set therefore always builds the same filter. */
    static final long FIRST_SEED = 0x7269_6262_6F6E_3236L;
    /** Seeds tried at one size before the rows grow. */
    static final int ATTEMPTS_PER_SIZE = 4;
    /** Seeds tried in all. */
    static final int MAX_ATTEMPTS = ATTEMPTS_PER_SIZE * (RibbonLayout.MAX_GROWTHS + 1);

    private RibbonConstruction() {
    }

    /**
     * The outcome of a build.
     *
     * @param items distinct hashes held
     * @param seed the seed that solved
     * @param layout the solution's layout
     * @param solution the solution's words
     * @param attempts seeds tried, at least 1
     */
    record Result(int items, long seed, RibbonLayout layout, long[] solution, int attempts) {
    }

    /**
     * Builds the solution for a set of hashes.
     *
     * @param hashes the hashes; owned by the build, which overwrites them
     * @param bits the result bits
     * @param firstSeed the first seed to try
     * @return the filter's parts
     * @throws IllegalArgumentException if there are more than {@link RibbonLayout#MAX_ITEMS} hashes
     *     or the heap cannot hold the build (checked before allocating)
     * @throws IllegalStateException if no seed solves within {@link #MAX_ATTEMPTS}
     */
    static Result build(long[] hashes, ResultBits bits, long firstSeed) {
        return build(hashes, bits, firstSeed, RibbonLayout::slotsFor);
    }

    /**
     * As {@link #build(long[], ResultBits, long)}, with the rows of the first attempt chosen by the
     * caller (a test gives too few, to see the build grow them).
     *
     * @param hashes the hashes; owned by the build, which overwrites them
     * @param bits the result bits
     * @param firstSeed the first seed to try
     * @param firstSlots the rows of the first attempt for a number of distinct keys: a multiple of
     *     64 of at least {@link RibbonLayout#MIN_SLOTS}
     * @return the filter's parts
     */
    static Result build(long[] hashes, ResultBits bits, long firstSeed, IntUnaryOperator firstSlots) {
        int items = hashes.length;
        if (items > RibbonLayout.MAX_ITEMS) {
            throw new IllegalArgumentException("a ribbon filter holds at most " + RibbonLayout.MAX_ITEMS
                    + " distinct keys, got " + items + " hashes");
        }
        long seed = firstSeed;
        // From here on the array holds mixed hashes: mixed = mix(hash, seed) for the current seed.
        for (int i = 0; i < items; i++) {
            hashes[i] = SeededMix.mix(hashes[i], seed);
        }
        sortUnsigned(hashes, items);
        // Mixing is a bijection: equal mixed hashes are exactly the repeated hashes.
        items = deduplicateSorted(hashes, items);
        int slots = firstSlots.applyAsInt(items);
        if (items == 0) {
            // The empty set answers false without reading its (all-zero) solution.
            RibbonLayout empty = RibbonLayout.of(slots, bits);
            return new Result(0, seed, empty, new long[empty.words()], 1);
        }
        RibbonLayout first = RibbonLayout.of(slots, bits);
        int given = items;
        int capacity = slots;
        long needed = BuildMemory.bytesFor(first);
        Banding banding = BuildMemory.allocating(items, needed, () -> new Banding(capacity));
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            RibbonLayout layout = RibbonLayout.of(slots, bits);
            if (band(banding, hashes, items, layout)) {
                long[] solution = BuildMemory.allocating(items, 0, () -> new long[layout.words()]);
                banding.solve(layout, solution);
                return new Result(items, seed, layout, solution, attempt);
            }
            if (attempt % ATTEMPTS_PER_SIZE == 0) {
                slots = RibbonLayout.grown(slots);
                banding = null; // let the smaller system go before its replacement is allocated
                RibbonLayout larger = RibbonLayout.of(slots, bits);
                int rows = slots;
                banding = BuildMemory.allocating(given, BuildMemory.bytesFor(larger), () -> new Banding(rows));
            }
            long next = SeededMix.nextSeed(seed);
            for (int i = 0; i < items; i++) {
                hashes[i] = SeededMix.mix(SeededMix.unmix(hashes[i], seed), next);
            }
            seed = next;
            sortUnsigned(hashes, items);
        }
        throw new IllegalStateException("could not build a ribbon filter of " + items + " distinct hashes with "
                + MAX_ATTEMPTS + " seeds; please report this set");
    }

    /**
     * Eliminates every key's equation into an empty system.
     *
     * @return true if they are consistent: the system has a solution
     */
    private static boolean band(Banding banding, long[] mixed, int items, RibbonLayout layout) {
        banding.clear(layout.slots());
        int starts = layout.starts();
        int mask = KeyRow.resultMask(layout.columns());
        for (int i = 0; i < items; i++) {
            long m = mixed[i];
            Banding.Outcome outcome = banding.add(KeyRow.start(m, starts), KeyRow.low(m), KeyRow.high(m),
                    KeyRow.result(m) & mask);
            if (outcome == Banding.Outcome.INCONSISTENT) {
                return false;
            }
        }
        return true;
    }

    /**
     * Sorts the first values as unsigned numbers: flipping the sign bit maps unsigned order onto
     * signed order, in which {@link Arrays#sort} works.
     *
     * @param values the values
     * @param count how many
     */
    static void sortUnsigned(long[] values, int count) {
        for (int i = 0; i < count; i++) {
            values[i] ^= Long.MIN_VALUE;
        }
        Arrays.sort(values, 0, count);
        for (int i = 0; i < count; i++) {
            values[i] ^= Long.MIN_VALUE;
        }
    }

    /**
     * Moves the distinct values of a sorted prefix to its front.
     *
     * @param sorted values, sorted (in any order that puts equal values together)
     * @param count how many
     * @return how many are distinct; {@code sorted[0..result)} holds them, in order
     */
    static int deduplicateSorted(long[] sorted, int count) {
        if (count == 0) {
            return 0;
        }
        int distinct = 1;
        for (int i = 1; i < count; i++) {
            if (sorted[i] != sorted[distinct - 1]) {
                sorted[distinct++] = sorted[i];
            }
        }
        return distinct;
    }
}
