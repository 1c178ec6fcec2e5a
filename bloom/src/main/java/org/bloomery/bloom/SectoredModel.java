package org.bloomery.bloom;

/**
 * The false-positive model of the sectored layout ({@link SectoredProbes}), and the sizing it gives.
 * With b blocks of 8 words of 64 bits and n items, a block holds j items with the binomial (n, 1/b)
 * probability P(j). A key reaches a given word of its block with probability 2/8 (its two words are
 * a uniform pair of distinct words), so a word holds m of the block's j items with the binomial (j,
 * 1/4) probability, each having set kw = k / 2 uniform bits of it. A query tests kw uniform bits in
 * each of its two words:
 *
 * <pre>
 * fpp = sum_j P(j) * w(j)^2,   w(j) = sum_m Bin(m; j, 1/4) * h(m kw, kw)
 * </pre>
 *
 * with {@code h(T, q)} the probability that q uniform bits of a 64-bit word are all among those hit
 * by T uniform throws ({@link BlockedModel#allHit}, exact, repeats included). The one approximation:
 * the two words' loads are taken as independent given j, while an item that reaches one word is a
 * little less likely to reach the other (1/7 against 1/4), so their loads are slightly negatively
 * correlated and the true fpp is slightly below the model's: the sizing errs on the safe side.
 * Everything uses {@link StrictMath} and a fixed order of operations, so every JVM sizes a spec
 * identically (a filter read back is checked against the shape its spec gives).
 */
final class SectoredModel {
    /** Most probes per word: sizing never needs more (k = 16 is best only below p = 10^-6). */
    static final int MAX_WORD_HASHES = 8;
    /** Most probes per key. */
    static final int MAX_HASHES = 2 * MAX_WORD_HASHES;
    /** Words per block over the words a key reaches: a given word sees an item with probability 1/4. */
    private static final long WORD_SHARE = BlockedProbes.BLOCK_WORDS / 2;
    private static final int WORD_BITS = Long.SIZE;
    /** Items per block up to which {@link #wordFpp} comes from a table built once per kw. */
    private static final int TABLE_ITEMS = 1024;
    /** {@code w(j)} for j in [0, {@value #TABLE_ITEMS}], per kw; built on first use. */
    private static final double[][] TABLES = new double[MAX_WORD_HASHES + 1][];

    private SectoredModel() {
    }

    /**
     * Whether a probe count suits the layout: even, in [2, {@value #MAX_HASHES}].
     *
     * @param k probes per key
     * @return whether the sectored layout accepts it
     */
    static boolean validHashes(int k) {
        return k >= SectoredProbes.MIN_HASHES && k <= MAX_HASHES && k % 2 == 0;
    }

    /**
     * The model fpp.
     *
     * @param n items, at least 0
     * @param blocks b, at least 1
     * @param k probes per key, even, in [2, {@value #MAX_HASHES}]
     * @return the probability
     */
    static double fpp(long n, long blocks, int k) {
        if (n == 0) {
            return 0;
        }
        int kw = k / 2;
        double[] table = table(kw);
        return BlockedModel.binomialMean(n, blocks, j -> {
            double word = wordFpp(j, kw, table);
            return word * word;
        });
    }

    /**
     * w(j): the probability that kw uniform bits of one word of a block of j items are all set; from
     * kw's {@link #table} up to {@value #TABLE_ITEMS} items.
     */
    private static double wordFpp(long j, int kw, double[] table) {
        if (j <= TABLE_ITEMS) {
            return table[(int) j];
        }
        return BlockedModel.binomialMean(j, WORD_SHARE, m -> BlockedModel.allHit((double) m * kw, kw, WORD_BITS));
    }

    /**
     * w(j) for every j up to {@value #TABLE_ITEMS}: the word's load distribution Bin(j, 1/4) is
     * carried from j to j + 1 by one convolution step (no item reaches the word with probability
     * 3/4, one with 1/4), so the table costs {@value #TABLE_ITEMS}^2 / 2 multiply-adds and one h per
     * load, instead of a binomial sum with logarithms for every j of every sizing step.
     */
    private static synchronized double[] table(int kw) {
        double[] table = TABLES[kw];
        if (table != null) {
            return table;
        }
        double[] hit = new double[TABLE_ITEMS + 1];
        for (int m = 0; m <= TABLE_ITEMS; m++) {
            hit[m] = BlockedModel.allHit((double) m * kw, kw, WORD_BITS);
        }
        double reach = 1.0 / WORD_SHARE;
        double[] load = new double[TABLE_ITEMS + 1];
        load[0] = 1;
        table = new double[TABLE_ITEMS + 1];
        for (int j = 0; j <= TABLE_ITEMS; j++) {
            double sum = 0;
            for (int m = 0; m <= j; m++) {
                sum += load[m] * hit[m];
            }
            table[j] = Math.min(1, sum);
            for (int m = j + 1; m > 0; m--) {
                if (m <= TABLE_ITEMS) {
                    load[m] = load[m] * (1 - reach) + load[m - 1] * reach;
                }
            }
            load[0] *= 1 - reach;
        }
        TABLES[kw] = table;
        return table;
    }

    /**
     * The k in {2, 4, ..., {@value #MAX_HASHES}} with the lowest model fpp for n items in b blocks;
     * the smallest such k on a tie. The fpp falls with k up to its minimum and rises after, so the
     * scan stops at the first rise.
     *
     * @return the best k
     */
    static int bestHashes(long n, long blocks) {
        int best = SectoredProbes.MIN_HASHES;
        double bestFpp = fpp(n, blocks, best);
        for (int k = best + 2; k <= MAX_HASHES; k += 2) {
            double f = fpp(n, blocks, k);
            if (f >= bestFpp) {
                break;
            }
            best = k;
            bestFpp = f;
        }
        return best;
    }

    /**
     * The fewest blocks whose model fpp for n items is at most p, with {@code hashes} probes or,
     * when {@code hashes} is 0, with the best k for each block count.
     *
     * @param maxBlocks the most blocks allowed
     * @return the block count, or -1 if even {@code maxBlocks} blocks are not enough
     */
    static long fewestBlocks(long n, double p, long maxBlocks, int hashes) {
        return BlockedModel.fewestBlocks(n, p, BlockedProbes.BLOCK_BITS, maxBlocks,
                blocks -> fpp(n, blocks, hashes > 0 ? hashes : bestHashes(n, blocks)) <= p);
    }

    /**
     * The inverse of the expected fill ({@link BlockedModel#estimateCount(double, long, long, double,
     * int)}): a given word sees an item with probability 1/4, which then sets kw throws in it, so
     * each block counts as 4 units of one word with q = kw.
     *
     * @param occupied set bits X, in [0, m)
     * @param cells m, a multiple of 512
     * @param k probes per key
     * @return the estimated item count
     */
    static double estimateCount(double occupied, long cells, int k) {
        long units = cells / BlockedProbes.BLOCK_BITS * WORD_SHARE;
        return BlockedModel.estimateCount(occupied, cells, units, k / 2.0, WORD_BITS);
    }
}
