package org.bloomery.ribbon;

/**
 * Where a Ribbon filter of body version 1 or 2 keeps its solution: 128-row windows, shards of one
 * size (version 3 has 64-row windows: {@link NarrowLayout}; this class also holds the limits both
 * share). The filter is {@code shards} independent Ribbon systems
 * (a power of two) of {@code shardSlots} rows each (a multiple of 64); a key belongs to the shard
 * named by the high bits of its hash, so that sorting hashes as unsigned numbers sorts them by
 * shard, and the build solves one shard at a time. A shard's solution has up to r columns of one
 * bit each and is stored in groups of 64 rows, group g holding one 64-bit word per column (bit i of
 * word j is column j of row 64g + i), so that a key's window of {@link #WIDTH} rows, which lies
 * across three consecutive groups, reads 3 times r consecutive words. In each shard, groups before
 * {@code upperStartGroup} hold r - 1 columns and the later ones r (see {@link ResultBits}); group g
 * starts at word {@code g·r - min(g, upperStartGroup)} of its shard, and shard k at word {@code
 * k·shardWords()}.
 *
 * <p>A key's window starts at one of {@link #starts()} = shardSlots - 128 rows of its shard, so
 * that its three groups are always inside the shard. Shards hold at most {@link #SHARD_KEYS} keys
 * on average, and their rows per key are RocksDB's measurement for standard Ribbon with 128-bit
 * coefficients at that size and a 1-in-20 chance of failure: 1.036. A shard that fails retries
 * with another seed of its own, so the rows per key stay 1.036 at every n.
 *
 * @param shards the number of shards, a power of two
 * @param shardSlots the rows of one shard, a multiple of 64 of at least {@link #MIN_SLOTS}
 * @param columns r, the columns of the upper groups, in [1, 32]
 * @param upperStartGroup the first group of a shard with r columns, in [0, shardSlots / 64]
 */
record RibbonLayout(int shards, int shardSlots, int columns, int upperStartGroup) {
    /** Most distinct keys one filter holds: 2^30, so the rows (about 1.05 per key) fit one array. */
    static final long MAX_ITEMS = 1L << 30;
    /** Coefficient bits per key: the width of a key's window of rows. */
    static final int WIDTH = 128;
    /** Rows per group: the bits of one solution word. */
    static final int GROUP_ROWS = 64;
    /** Fewest rows of a shard. */
    static final int MIN_SLOTS = 256;
    /** Times a build may grow its shards' rows after a shard failed with every seed of one size. */
    static final int MAX_GROWTHS = 7;
    /** Most keys of a shard, on average: the build's working memory is one shard's system. */
    static final int SHARD_KEYS = 1 << 16;

    private static final double ROWS_PER_KEY = 1.036;

    /**
     * The layout of a solution with a number of shards of a number of rows.
     *
     * @param shards the shards, a power of two
     * @param shardSlots the rows of a shard, a multiple of 64 of at least {@link #MIN_SLOTS}
     * @param bits the result bits
     * @return the layout, with the fewest r-column groups that keep the fpp at most the target
     */
    static RibbonLayout of(int shards, int shardSlots, ResultBits bits) {
        int groups = shardSlots / GROUP_ROWS;
        int upper = (int) Math.floor((shardSlots - WIDTH) * (1 - bits.upperShare()) / GROUP_ROWS);
        RibbonLayout layout = new RibbonLayout(shards, shardSlots, bits.columns(), Math.max(0, Math.min(groups, upper)));
        // The estimate may be a group off either way by rounding: settle on the exact fewest.
        while (layout.upperStartGroup > 0 && layout.expectedFpp() > bits.fpp()) {
            layout = layout.withUpperStartGroup(layout.upperStartGroup - 1);
        }
        while (layout.upperStartGroup < groups && layout.withUpperStartGroup(layout.upperStartGroup + 1).expectedFpp()
                <= bits.fpp()) {
            layout = layout.withUpperStartGroup(layout.upperStartGroup + 1);
        }
        return layout;
    }

    private RibbonLayout withUpperStartGroup(int group) {
        return new RibbonLayout(shards, shardSlots, columns, group);
    }

    /**
     * The shards for a number of distinct keys: the fewest, as a power of two, that hold at most
     * {@link #SHARD_KEYS} keys each on average.
     *
     * @param items distinct keys, in [0, {@link #MAX_ITEMS}]
     * @return a power of two, 1 up to {@link #SHARD_KEYS} keys
     */
    static int shardsFor(long items) {
        return shardsFor(items, SHARD_KEYS);
    }

    /**
     * The fewest shards, as a power of two, that hold at most a number of keys each on average.
     *
     * @param items distinct keys, in [0, {@link #MAX_ITEMS}]
     * @param shardKeys the most keys of a shard on average, a power of two
     * @return a power of two, 1 up to {@code shardKeys} keys
     */
    static int shardsFor(long items, int shardKeys) {
        requireItems(items);
        long least = Math.max(1, (items + shardKeys - 1) / shardKeys);
        return (int) (least == 1 ? 1 : Long.highestOneBit(least - 1) << 1);
    }

    /**
     * The rows of each shard in a first build attempt for a number of distinct keys: 1.036 per key
     * of an average shard.
     *
     * @param items distinct keys, in [0, {@link #MAX_ITEMS}]
     * @return a multiple of 64 of at least {@link #MIN_SLOTS} (the empty set too, so that every
     *     filter has a solution to read)
     */
    static int shardSlotsFor(long items) {
        int shards = shardsFor(items);
        long perShard = (items + shards - 1) / shards;
        return Math.max(MIN_SLOTS, roundUpToGroup((long) Math.ceil(perShard * ROWS_PER_KEY)));
    }

    private static void requireItems(long items) {
        if (items < 0 || items > MAX_ITEMS) {
            throw new IllegalArgumentException("a ribbon filter holds 0 to " + MAX_ITEMS + " distinct keys, got " + items);
        }
    }

    /**
     * The rows a build tries after a shard failed with every seed at these: about 1.6% more.
     *
     * @param slots the rows that failed
     * @return more rows, a multiple of 64
     */
    static int grown(int slots) {
        return roundUpToGroup(slots + Math.max(GROUP_ROWS, slots / 64L));
    }

    /**
     * The rows a build can end with: {@code slots} grown up to {@link #MAX_GROWTHS} times. A reader
     * accepts no more.
     *
     * @param slots the rows of the first attempt
     * @return the rows after the last growth
     */
    static int mostGrown(int slots) {
        int grown = slots;
        for (int i = 0; i < MAX_GROWTHS; i++) {
            grown = grown(grown);
        }
        return grown;
    }

    static int roundUpToGroup(long rows) {
        return (int) ((rows + GROUP_ROWS - 1) / GROUP_ROWS * GROUP_ROWS);
    }

    /** @return log2 of the shards, as {@link KeyRow#shard} takes it */
    int shardBits() {
        return Integer.numberOfTrailingZeros(shards);
    }

    /**
     * Rows of a shard a key's window may start at.
     *
     * @return {@code shardSlots - 128}, positive
     */
    int starts() {
        return shardSlots - WIDTH;
    }

    /** @return the rows of every shard together */
    long slots() {
        return (long) shards * shardSlots;
    }

    /** @return the number of 64-row groups of a shard */
    int groups() {
        return shardSlots / GROUP_ROWS;
    }

    /**
     * The columns of one group.
     *
     * @param group a group of a shard
     * @return r - 1 before {@code upperStartGroup}, r from it on
     */
    int columnsOf(int group) {
        return GroupColumns.columnsOf(group, columns, upperStartGroup);
    }

    /**
     * The index of a group's first word in its shard's words.
     *
     * @param group a group, in [0, {@link #groups()}]
     * @return {@code group·r - min(group, upperStartGroup)}
     */
    int firstWord(int group) {
        return GroupColumns.firstWord(group, columns, upperStartGroup);
    }

    /** @return the words of one shard */
    int shardWords() {
        return firstWord(groups());
    }

    /** @return the solution's words, every shard's */
    long words() {
        return (long) shards * shardWords();
    }

    /** @return the share of window starts that lie in an r-column group */
    double upperShare() {
        int starts = starts();
        return (double) Math.max(0, starts - (long) upperStartGroup * GROUP_ROWS) / starts;
    }

    /**
     * The false-positive probability: the average over window starts of 2^-c, c the columns of the
     * start's group.
     *
     * @return the fpp
     */
    double expectedFpp() {
        return ResultBits.fppAt(columns, upperShare());
    }
}
