package org.bloomery.ribbon;

/**
 * Where a Ribbon filter's solution sits. The solution has {@code slots} rows (m, a multiple of 64)
 * and up to r columns of one bit each; it is stored in groups of 64 rows, group g holding one
 * 64-bit word per column (bit i of word j is column j of row 64g + i), so that a key's window of
 * {@link #WIDTH} rows, which lies across three consecutive groups, reads 3 times r consecutive
 * words. Groups before {@code upperStartGroup} hold r - 1 columns and the later ones r (see {@link
 * ResultBits}); group g starts at word {@code g·r - min(g, upperStartGroup)}.
 *
 * <p>A key's window starts at one of {@link #starts()} = m - 128 rows, so that its three groups are
 * always inside the solution. The rows per key follow RocksDB's measurements of standard Ribbon with
 * 128-bit coefficients and a 1-in-20 chance of construction failure: 1.036 slots per key up to 2^17
 * keys, plus 0.0038 for each doubling beyond (1.047 at 10^6 keys, 1.060 at 10^7), at least 256 slots.
 *
 * @param slots m, the rows, a multiple of 64 of at least {@link #MIN_SLOTS}
 * @param columns r, the columns of the upper groups, in [1, 32]
 * @param upperStartGroup the first group with r columns, in [0, m / 64]
 */
record RibbonLayout(int slots, int columns, int upperStartGroup) {
    /** Most distinct keys one filter holds: 2^30, so the rows (about 1.09 per key) fit one array. */
    static final long MAX_ITEMS = 1L << 30;
    /** Coefficient bits per key: the width of a key's window of rows. */
    static final int WIDTH = 128;
    /** Rows per group: the bits of one solution word. */
    static final int GROUP_ROWS = 64;
    /** Fewest slots of a non-empty filter. */
    static final int MIN_SLOTS = 256;
    /** Times a build may grow its slots after failing with every seed of one size. */
    static final int MAX_GROWTHS = 7;

    private static final double BASE_ROWS_PER_KEY = 1.036;
    private static final double ROWS_PER_KEY_PER_DOUBLING = 0.0038;
    private static final int LOG2_LARGE = 17;

    /**
     * The layout of a solution with a number of rows.
     *
     * @param slots the rows, a multiple of 64 of at least {@link #MIN_SLOTS}
     * @param bits the result bits
     * @return the layout, with the fewest r-column groups that keep the fpp at most the target
     */
    static RibbonLayout of(int slots, ResultBits bits) {
        int groups = slots / GROUP_ROWS;
        int upper = (int) Math.floor((slots - WIDTH) * (1 - bits.upperShare()) / GROUP_ROWS);
        RibbonLayout layout = new RibbonLayout(slots, bits.columns(), Math.max(0, Math.min(groups, upper)));
        // The estimate may be a group off either way by rounding: settle on the exact fewest.
        while (layout.upperStartGroup > 0 && layout.expectedFpp() > bits.fpp()) {
            layout = new RibbonLayout(slots, bits.columns(), layout.upperStartGroup - 1);
        }
        while (layout.upperStartGroup < groups
                && new RibbonLayout(slots, bits.columns(), layout.upperStartGroup + 1).expectedFpp() <= bits.fpp()) {
            layout = new RibbonLayout(slots, bits.columns(), layout.upperStartGroup + 1);
        }
        return layout;
    }

    /**
     * The rows a first build attempt gives a number of distinct keys.
     *
     * @param items distinct keys, in [0, {@link #MAX_ITEMS}]
     * @return a multiple of 64 of at least {@link #MIN_SLOTS} (the empty set too, so that every
     *     filter has a solution to read)
     */
    static int slotsFor(long items) {
        if (items < 0 || items > MAX_ITEMS) {
            throw new IllegalArgumentException("a ribbon filter holds 0 to " + MAX_ITEMS + " distinct keys, got " + items);
        }
        if (items == 0) {
            return MIN_SLOTS;
        }
        double log2 = Math.log(items) / Math.log(2);
        double perKey = BASE_ROWS_PER_KEY + ROWS_PER_KEY_PER_DOUBLING * Math.max(0, log2 - LOG2_LARGE);
        return Math.max(MIN_SLOTS, roundUpToGroup((long) Math.ceil(items * perKey)));
    }

    /**
     * The rows a build tries after every seed failed with these: about 1.6% more.
     *
     * @param slots the rows that failed
     * @return more rows, a multiple of 64
     */
    static int grown(int slots) {
        return roundUpToGroup(slots + Math.max(GROUP_ROWS, slots / 64L));
    }

    /**
     * The most rows a build can end with for a number of distinct keys: {@link #slotsFor} grown
     * {@link #MAX_GROWTHS} times. A reader accepts no more.
     *
     * @param items distinct keys, in [0, {@link #MAX_ITEMS}]
     * @return the rows
     */
    static int maxSlotsFor(long items) {
        int slots = slotsFor(items);
        for (int i = 0; i < MAX_GROWTHS; i++) {
            slots = grown(slots);
        }
        return slots;
    }

    private static int roundUpToGroup(long rows) {
        return (int) ((rows + GROUP_ROWS - 1) / GROUP_ROWS * GROUP_ROWS);
    }

    /**
     * Rows a key's window may start at.
     *
     * @return {@code slots - 128}, positive
     */
    int starts() {
        return slots - WIDTH;
    }

    /** @return the number of 64-row groups */
    int groups() {
        return slots / GROUP_ROWS;
    }

    /**
     * The columns of one group.
     *
     * @param group a group
     * @return r - 1 before {@code upperStartGroup}, r from it on
     */
    int columnsOf(int group) {
        return group < upperStartGroup ? columns - 1 : columns;
    }

    /**
     * The index of a group's first word in the solution.
     *
     * @param group a group, in [0, {@link #groups()}]
     * @return {@code group·r - min(group, upperStartGroup)}
     */
    int firstWord(int group) {
        return group * columns - Math.min(group, upperStartGroup);
    }

    /** @return the solution's words */
    int words() {
        return firstWord(groups());
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
