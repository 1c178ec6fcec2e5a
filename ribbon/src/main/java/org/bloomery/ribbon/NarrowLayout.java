package org.bloomery.ribbon;

/**
 * Where a Ribbon filter of body version 3 keeps its solution: windows of {@link #WIDTH} = 64 rows,
 * in shards sized to their own keys. (Versions 1 and 2 had 128-row windows: {@link RibbonLayout}.)
 *
 * <p>The filter is a power of two of independent systems, its shards; a key belongs to the shard
 * named by the top bits of its hash ({@link KeyRow#shard}), so that sorting hashes as
 * unsigned numbers sorts them by shard. Rows are stored in groups of 64, numbered across the whole
 * filter; shard k owns groups {@code [firstGroup(k), firstGroup(k + 1))}, at least {@link
 * #MIN_GROUPS}, as many as its own keys need ({@link #groupsFor}): the number of keys in a shard
 * varies by a few percent from the average, and a shard sized for the average would fail to solve
 * when it drew more. Group g holds one 64-bit word per column (bit i of word j is column j of row
 * 64g + i): r - 1 columns before {@code upperStartGroup} and r from it on (fractional result bits,
 * {@link ResultBits}), so it starts at word {@code g·r - min(g, upperStartGroup)}.
 *
 * <p>A key's window starts at one of the first {@code 64·(groups - 1)} rows of its shard, so it
 * lies in two consecutive groups of the shard: a query reads 2·c consecutive words (128 bytes at
 * r = 8), one or two cache lines and at most three.
 */
final class NarrowLayout {
    /** Coefficient bits per key: the width of a key's window of rows. */
    static final int WIDTH = 64;
    /** Fewest groups of a shard: a window lies in two. */
    static final int MIN_GROUPS = 2;
    /** Most keys of a shard, on average: rows per key grow with a system's size (see {@link #ROWS_PER_KEY}). */
    static final int SHARD_KEYS = 1 << 12;
    /**
     * Rows per key of a shard in the first attempt, before rounding up to whole groups. With 64
     * coefficient bits and random keys, the build's elimination fails at 2,048 keys in 34 groups
     * (1.063 rows per key) about once in 40 seeds, and at 4,096 keys in 67 groups (1.047) about
     * once in 10 ({@code RibbonWidthTest}); a failed shard retries with another seed, so this costs
     * about a tenth more elimination work and saves about 2% of the filter against sizing for one
     * failure in 40. RocksDB's tables give 1.051 to 1.057 rows per key for one failure in 20 at 2^11
     * to 2^12 rows; a 64-bit window needs more rows per key the larger the system (1.09 at 2^16),
     * which is why shards stay small.
     */
    static final double ROWS_PER_KEY = 1.04;

    private final int columns;
    private final int upperStartGroup;
    private final int[] firstGroups;

    private NarrowLayout(int columns, int upperStartGroup, int[] firstGroups) {
        this.columns = columns;
        this.upperStartGroup = upperStartGroup;
        this.firstGroups = firstGroups;
    }

    /**
     * The layout of shards of these sizes, with the fewest r-column groups that keep the fpp at
     * most the target.
     *
     * @param shardGroups each shard's groups, at least {@link #MIN_GROUPS}; not kept
     * @param bits the result bits
     * @return the layout
     */
    static NarrowLayout of(int[] shardGroups, ResultBits bits) {
        int[] firstGroups = new int[shardGroups.length + 1];
        for (int shard = 0; shard < shardGroups.length; shard++) {
            firstGroups[shard + 1] = firstGroups[shard] + shardGroups[shard];
        }
        // The fpp only grows as the first r-column group moves up: the last that meets the target.
        int low = 0;
        int high = firstGroups[shardGroups.length];
        while (low < high) {
            int middle = (low + high + 1) >>> 1;
            if (new NarrowLayout(bits.columns(), middle, firstGroups).expectedFpp() <= bits.fpp()) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return new NarrowLayout(bits.columns(), low, firstGroups);
    }

    /**
     * The shards for a number of distinct keys: the fewest, as a power of two, that hold at most
     * {@link #SHARD_KEYS} keys each on average.
     *
     * @param items distinct keys, in [0, {@link RibbonLayout#MAX_ITEMS}]
     * @return a power of two, 1 up to {@link #SHARD_KEYS} keys
     */
    static int shardsFor(long items) {
        return RibbonLayout.shardsFor(items, SHARD_KEYS);
    }

    /**
     * The groups of a shard in a first build attempt: {@link #ROWS_PER_KEY} rows per key, rounded
     * up to whole groups, at least {@link #MIN_GROUPS}.
     *
     * @param keys the shard's distinct keys, in [0, {@link RibbonLayout#MAX_ITEMS}]
     * @return its groups
     */
    static int groupsFor(int keys) {
        long rows = (long) Math.ceil(keys * ROWS_PER_KEY);
        return (int) Math.max(MIN_GROUPS, (rows + RibbonLayout.GROUP_ROWS - 1) / RibbonLayout.GROUP_ROWS);
    }

    /**
     * The groups a shard tries after it failed with every seed at these: about 1.6% more, one at
     * least.
     *
     * @param groups the groups that failed
     * @return more groups
     */
    static int grown(int groups) {
        return groups + Math.max(1, groups / 64);
    }

    /**
     * The most groups a filter of n keys can have: every shard at its first size for its keys,
     * grown {@link RibbonLayout#MAX_GROWTHS} times. A reader accepts no more.
     *
     * @param items n, in [0, {@link RibbonLayout#MAX_ITEMS}]
     * @return a bound on the sum of every shard's groups
     */
    static long mostGroups(long items) {
        // groupsFor rounds each shard up by under one group and lifts it to at least MIN_GROUPS.
        long first = (long) Math.ceil(items * ROWS_PER_KEY / RibbonLayout.GROUP_ROWS)
                + (long) shardsFor(items) * MIN_GROUPS;
        // A growth adds max(1, g / 64) to each shard it grows: at most one per shard plus a 64th of all.
        long grown = first;
        for (int i = 0; i < RibbonLayout.MAX_GROWTHS; i++) {
            grown += shardsFor(items) + grown / 64;
        }
        return grown;
    }

    /**
     * The fewest groups a filter of n keys can have: {@link #MIN_GROUPS} per shard, and at least
     * one row per key (every shard has {@link #ROWS_PER_KEY} rows per key of its own, or more). A
     * reader accepts no fewer.
     *
     * @param items n, in [0, {@link RibbonLayout#MAX_ITEMS}]
     * @return a bound on the sum of every shard's groups
     */
    static long leastGroups(long items) {
        long oneRowPerKey = (items + RibbonLayout.GROUP_ROWS - 1) / RibbonLayout.GROUP_ROWS;
        return Math.max((long) MIN_GROUPS * shardsFor(items), oneRowPerKey);
    }

    /** @return r, the columns of the upper groups */
    int columns() {
        return columns;
    }

    /** @return the first group with r columns */
    int upperStartGroup() {
        return upperStartGroup;
    }

    /** @return the number of shards */
    int shards() {
        return firstGroups.length - 1;
    }

    /** @return log2 of the shards, as {@link KeyRow#shard} takes it */
    int shardBits() {
        return Integer.numberOfTrailingZeros(shards());
    }

    /**
     * Each shard's first group, and the total at the end.
     *
     * @return a copy: shards + 1 ascending values from 0
     */
    int[] firstGroups() {
        return firstGroups.clone();
    }

    /**
     * A shard's first group.
     *
     * @param shard a shard
     * @return the index of its first group
     */
    int firstGroup(int shard) {
        return firstGroups[shard];
    }

    /**
     * A shard's groups.
     *
     * @param shard a shard
     * @return its groups, at least {@link #MIN_GROUPS}
     */
    int groupsOf(int shard) {
        return firstGroups[shard + 1] - firstGroups[shard];
    }

    /** @return the most groups of any shard */
    int mostShardGroups() {
        int most = 0;
        for (int shard = 0; shard < shards(); shard++) {
            most = Math.max(most, groupsOf(shard));
        }
        return most;
    }

    /** @return every shard's groups together */
    int groups() {
        return firstGroups[firstGroups.length - 1];
    }

    /**
     * The rows of a shard a key's window may start at.
     *
     * @param shard a shard
     * @return {@code 64·(groups - 1)}: each group but the last starts 64 windows
     */
    int starts(int shard) {
        return (groupsOf(shard) - 1) * RibbonLayout.GROUP_ROWS;
    }

    /**
     * The columns of one group.
     *
     * @param group a group of the filter
     * @return r - 1 before {@code upperStartGroup}, r from it on
     */
    int columnsOf(int group) {
        return GroupColumns.columnsOf(group, columns, upperStartGroup);
    }

    /**
     * The index of a group's first word.
     *
     * @param group a group, in [0, {@link #groups()}]
     * @return {@code group·r - min(group, upperStartGroup)}
     */
    int firstWord(int group) {
        return GroupColumns.firstWord(group, columns, upperStartGroup);
    }

    /** @return the solution's words */
    int words() {
        return firstWord(groups());
    }

    /**
     * The false-positive probability: over shards (equally likely), the average over the shard's
     * window starts of 2^-c, c the columns of the start's group.
     *
     * @return the fpp
     */
    double expectedFpp() {
        double sum = 0;
        for (int shard = 0; shard < shards(); shard++) {
            int startGroups = groupsOf(shard) - 1;
            int upper = Math.max(0, Math.min(startGroups, firstGroups[shard] + startGroups - upperStartGroup));
            sum += ResultBits.fppAt(columns, (double) upper / startGroups);
        }
        return sum / shards();
    }
}
