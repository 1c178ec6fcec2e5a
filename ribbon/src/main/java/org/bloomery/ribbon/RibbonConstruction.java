package org.bloomery.ribbon;

import java.util.function.IntUnaryOperator;

/**
 * Builds a Ribbon filter's solution (body version 3, {@link NarrowLayout}) from a set of hashes,
 * one shard at a time. The hashes, in the array the build owns, are sorted as unsigned numbers,
 * which sorts them by shard (a shard is the top bits of a hash) and puts repeated keys side by
 * side, to be dropped; each shard then gets the rows its own number of keys needs. In each
 * shard's hashes, a contiguous run of the array, the position bits ({@link KeyRow#position}) are
 * replaced by their product with the shard's multiplier, and the run is sorted again, which sorts
 * the shard's keys by the row their window starts at: the elimination ({@link Banding}) sweeps the
 * rows from first to last and stays in cache. Back-substitution writes the shard's part of the
 * solution, and the run is turned back into hashes (an odd multiplier has an inverse). So the
 * working memory is one shard's system, whatever the number of keys.
 *
 * <p>With the rows per key of {@link NarrowLayout}, a shard's seed fails (some key's equation
 * contradicts the others) about once in 10; the shard then retries with the next seed of {@link
 * ShardSeeds}, whose multiplier moves its keys. A shard that fails with all {@link ShardSeeds#PER_SIZE} seeds
 * grows by about 1.6%, and the build starts over with the new sizes (every later group moves), at
 * most {@link RibbonLayout#MAX_GROWTHS} times. The seeds and sizes that worked are kept in the
 * filter.
 */
final class RibbonConstruction {
    /** The base seed; the same set therefore always builds the same filter. */
    static final long FIRST_SEED = 0x7269_6262_6F6E_3236L;

    private RibbonConstruction() {
    }

    /**
     * The outcome of a build.
     *
     * @param items distinct hashes held
     * @param seed the base seed
     * @param layout the solution's layout
     * @param ordinals each shard's seed, as its ordinal in {@link ShardSeeds#sequence}
     * @param solution the solution's words, after the padding ({@link SolutionWords})
     * @param retries seeds tried beyond the first, over every shard, at the final sizes
     * @param growths times the build started over with grown shards
     */
    record Result(int items, long seed, NarrowLayout layout, byte[] ordinals, long[] solution, int retries,
            int growths) {
    }

    /**
     * Builds the solution for a set of hashes.
     *
     * @param hashes the hashes; owned by the build, which reorders them
     * @param bits the result bits
     * @param seed the base seed
     * @return the filter's parts
     * @throws IllegalArgumentException if there are more than {@link RibbonLayout#MAX_ITEMS} hashes
     *     or the heap cannot hold the build (checked before allocating)
     * @throws IllegalStateException if a shard solves with no seed within {@link
     *     RibbonLayout#MAX_GROWTHS} growths
     */
    static Result build(long[] hashes, ResultBits bits, long seed) {
        return build(hashes, bits, seed, NarrowLayout::groupsFor);
    }

    /**
     * As {@link #build(long[], ResultBits, long)}, with the groups of each shard in the first
     * attempt chosen by the caller (a test gives too few, to see the build grow them).
     *
     * @param hashes the hashes; owned by the build, which reorders them
     * @param bits the result bits
     * @param seed the base seed
     * @param firstGroups the groups of a shard in the first attempt for its number of distinct
     *     keys: at least {@link NarrowLayout#MIN_GROUPS}
     * @return the filter's parts
     */
    static Result build(long[] hashes, ResultBits bits, long seed, IntUnaryOperator firstGroups) {
        if (hashes.length > RibbonLayout.MAX_ITEMS) {
            throw new IllegalArgumentException("a ribbon filter holds at most " + RibbonLayout.MAX_ITEMS
                    + " distinct keys, got " + hashes.length + " hashes");
        }
        sortUnsigned(hashes, 0, hashes.length);
        int items = deduplicateSorted(hashes, hashes.length);
        int shards = NarrowLayout.shardsFor(items);
        int[] ends = shardEnds(hashes, items, shards);
        int[] groups = new int[shards];
        for (int shard = 0; shard < shards; shard++) {
            groups[shard] = firstGroups.applyAsInt(ends[shard + 1] - ends[shard]);
        }
        long[] seeds = ShardSeeds.sequence(seed);
        for (int growth = 0; growth <= RibbonLayout.MAX_GROWTHS; growth++) {
            NarrowLayout layout = NarrowLayout.of(groups, bits);
            Result solved = solveShards(hashes, items, ends, layout, seeds, growth, groups);
            if (solved != null) {
                return solved;
            }
        }
        throw new IllegalStateException("could not build a ribbon filter of " + items + " distinct hashes with "
                + ShardSeeds.PER_SIZE + " seeds per shard at " + (RibbonLayout.MAX_GROWTHS + 1)
                + " sizes; please report this set");
    }

    /** Where each shard's run of the sorted distinct hashes begins, and the end of the last. */
    private static int[] shardEnds(long[] sorted, int items, int shards) {
        int shardShift = KeyRow.shardShift(Integer.numberOfTrailingZeros(shards));
        int[] ends = new int[shards + 1];
        int shard = 0;
        for (int i = 0; i < items; i++) {
            int of = KeyRow.shard(sorted[i], shardShift);
            while (shard < of) {
                ends[++shard] = i;
            }
        }
        while (shard < shards) {
            ends[++shard] = items;
        }
        return ends;
    }

    /**
     * Solves every shard at one set of sizes; null if one failed with every seed, having grown
     * each shard that did in {@code groups}.
     */
    private static Result solveShards(long[] hashes, int items, int[] ends, NarrowLayout layout, long[] seeds,
            int growth, int[] groups) {
        // The heap is checked once for both arrays; each allocation still turns an OutOfMemoryError into the refusal.
        long[] solution = BuildMemory.allocating(items, BuildMemory.bytesFor(layout), () -> SolutionWords.allocate(layout.words()));
        Banding banding = BuildMemory.allocating(items, 0,
                () -> new Banding(layout.mostShardGroups() * RibbonLayout.GROUP_ROWS));
        byte[] ordinals = new byte[layout.shards()];
        int retries = 0;
        boolean failed = false;
        for (int shard = 0; shard < layout.shards(); shard++) {
            int ordinal = solveShard(banding, hashes, ends[shard], ends[shard + 1], layout, shard, seeds, solution);
            if (ordinal < 0) {
                groups[shard] = NarrowLayout.grown(groups[shard]);
                failed = true;
            } else {
                ordinals[shard] = (byte) ordinal;
                retries += ordinal;
            }
        }
        return failed ? null : new Result(items, seeds[0], layout, ordinals, solution, retries, growth);
    }

    /**
     * Solves one shard, its hashes at {@code hashes[from..to)}, trying its seeds in turn; the run
     * holds the same hashes afterwards, in another order.
     *
     * @return the ordinal of the seed that solved, or -1 if none did
     */
    private static int solveShard(Banding banding, long[] hashes, int from, int to, NarrowLayout layout, int shard,
            long[] seeds, long[] solution) {
        int shardBits = layout.shardBits();
        for (int ordinal = 0; ordinal < seeds.length; ordinal++) {
            int multiplier = ShardSeeds.multiplier(seeds[ordinal]);
            int inverse = KeyRow.inverse(multiplier);
            scramble(hashes, from, to, shardBits, multiplier);
            sortUnsigned(hashes, from, to);
            boolean consistent = band(banding, hashes, from, to, layout, shard, inverse);
            if (consistent) {
                banding.solve(layout, shard, solution);
            }
            scramble(hashes, from, to, shardBits, inverse);
            if (consistent) {
                return ordinal;
            }
        }
        return -1;
    }

    /** Multiplies the position bits of a run of hashes by a multiplier. */
    private static void scramble(long[] hashes, int from, int to, int shardBits, int multiplier) {
        for (int i = from; i < to; i++) {
            long hash = hashes[i];
            hashes[i] = KeyRow.withPosition(hash, shardBits, KeyRow.position(hash, shardBits) * multiplier);
        }
    }

    /**
     * Eliminates the equations of a shard's keys into an empty system.
     *
     * @param scrambled the keys' hashes with scrambled position bits, sorted
     * @param inverse the inverse of the multiplier that scrambled them
     * @return true if they are consistent: the system has a solution
     */
    private static boolean band(Banding banding, long[] scrambled, int from, int to, NarrowLayout layout, int shard,
            int inverse) {
        banding.clear(layout.groupsOf(shard) * RibbonLayout.GROUP_ROWS);
        int shardBits = layout.shardBits();
        int starts = layout.starts(shard);
        int mask = KeyRow.resultMask(layout.columns());
        for (int i = from; i < to; i++) {
            long h = scrambled[i];
            int position = KeyRow.position(h, shardBits);
            long product = KeyRow.product(KeyRow.withPosition(h, shardBits, position * inverse));
            Banding.Outcome outcome = banding.add(KeyRow.start(position, starts), KeyRow.narrow(product),
                    KeyRow.result(product) & mask);
            if (outcome == Banding.Outcome.INCONSISTENT) {
                return false;
            }
        }
        return true;
    }

    /**
     * Sorts a range of values as unsigned numbers, in place and allocating nothing
     * ({@link UnsignedSort}).
     *
     * @param values the values
     * @param from the first index sorted
     * @param to the index after the last
     */
    static void sortUnsigned(long[] values, int from, int to) {
        UnsignedSort.sort(values, from, to);
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
