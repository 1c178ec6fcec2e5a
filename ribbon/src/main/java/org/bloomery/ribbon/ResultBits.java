package org.bloomery.ribbon;

/**
 * How many result bits (solution columns) a target fpp needs, fractional as RocksDB does it: r is
 * the smallest whole number with 2^-r at most the fpp, and a fraction of the filter gets r columns
 * while the rest gets r - 1, so that a key's chance of a false positive averages out at the target
 * instead of the next power of two below it. A key whose window starts in a part with c columns
 * compares c result bits, so it is a false positive with probability 2^-c; with a share x of keys
 * in the r-column part the fpp is x·2^-r + (1 - x)·2^-(r-1) = 2^-(r-1)·(1 - x/2), at most the
 * target when x is at least {@link #upperShare()} = 2 - fpp·2^r. At fpp = 2^-r exactly, x = 1:
 * every part has r columns.
 *
 * @param columns r, in [1, 32]
 * @param fpp the target, in [2^-32, 1/2]
 */
record ResultBits(int columns, double fpp) {
    /** The most result bits: a key's result is one 32-bit int. */
    static final int MAX_COLUMNS = 32;

    /**
     * The result bits for a target fpp.
     *
     * @param fpp the target false-positive probability
     * @return its result bits
     * @throws IllegalArgumentException if fpp is outside [2^-32, 1/2], naming the range
     */
    static ResultBits forFpp(double fpp) {
        if (!(fpp >= Math.scalb(1.0, -MAX_COLUMNS) && fpp <= 0.5)) {
            throw new IllegalArgumentException("kind '" + RibbonProvider.KIND + "' keeps 1 to " + MAX_COLUMNS
                    + " result bits per key, so its fpp must be in [2^-32 (about 2.3e-10), 0.5], got " + fpp);
        }
        int columns = 1;
        while (Math.scalb(1.0, -columns) > fpp) {
            columns++;
        }
        return new ResultBits(columns, fpp);
    }

    /**
     * The least share of keys that must see r columns for the fpp to meet the target.
     *
     * @return x, in (0, 1]
     */
    double upperShare() {
        return Math.min(1.0, 2.0 - Math.scalb(fpp, columns));
    }

    /**
     * The fpp when a share of keys sees r columns and the rest r - 1.
     *
     * @param columns r
     * @param share the share seeing r columns, in [0, 1]
     * @return the fpp
     */
    static double fppAt(int columns, double share) {
        return share * Math.scalb(1.0, -columns) + (1 - share) * Math.scalb(1.0, 1 - columns);
    }
}
