package org.bloomery.bloom;

import java.util.stream.IntStream;

/**
 * The false-positive model of the sectored layout ({@link SectoredProbes}), and the sizing it gives.
 * With b blocks of 8 words of 64 bits and n items, a block holds j items with the binomial (n, 1/b)
 * probability P(j). A query reads two distinct words w1, w2 of its block and tests kw = k / 2
 * uniform bits in each. Each item of the block has a uniform pair of distinct words (one of 28),
 * so relative to the query's pair it reaches both words with probability 1/28, only w1 or only w2
 * with 6/28 each and neither with 15/28; the words' loads (m1, m2) are the multinomial sums of
 * those, and each item that reaches a word sets kw uniform bits of it:
 *
 * <pre>
 * fpp = sum_j P(j) * f(j),   f(j) = sum_{m1, m2} P(m1, m2 | j) * h(m1 kw, kw) * h(m2 kw, kw)
 * </pre>
 *
 * with {@code h(T, q)} the probability that q uniform bits of a 64-bit word are all among those hit
 * by T uniform throws ({@link BlockedModel#allHit}, exact, repeats included). This is exact up to
 * {@value #TABLE_ITEMS} items per block. Above that (only an explicit m far too small for n gets
 * there: each word then holds some 64 items and nearly every query answers true) f(j) takes the two
 * loads as independent, {@code w(j)^2} with {@code w(j) = sum_m Bin(m; j, 1/4) h(m kw, kw)}. (That
 * simpler form everywhere overstates the fpp by 3% to 9% at the sizes sizing picks, since an item
 * that reaches one of the query's words is less likely to reach the other.) Everything uses
 * {@link StrictMath} and a fixed order of operations, so every JVM sizes a spec identically (a
 * filter read back is checked against the shape its spec gives).
 */
final class SectoredModel {
    /** Most probes per word: sizing never needs more (k = 16 is best only below p = 10^-6). */
    static final int MAX_WORD_HASHES = 8;
    /** Most probes per key. */
    static final int MAX_HASHES = 2 * MAX_WORD_HASHES;
    /** The k a key may have, ascending: the even counts from SectoredProbes.MIN_HASHES to {@link #MAX_HASHES}. */
    private static final int[] HASHES = IntStream.iterate(SectoredProbes.MIN_HASHES, k -> k <= MAX_HASHES, k -> k + 2).toArray();
    /** Words per block over the words a key reaches: a given word sees an item with probability 1/4. */
    private static final long WORD_SHARE = BlockedProbes.BLOCK_WORDS / 2;
    private static final int WORD_BITS = Long.SIZE;
    /** Items per block up to which {@link #blockFpp} is exact, from a table built once per kw. */
    private static final int TABLE_ITEMS = 256;
    /** Pairs of distinct words in a block. */
    private static final double PAIRS = 28;
    /** f(j) for j in [0, {@value #TABLE_ITEMS}], per kw; built on first use. */
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
        return BlockedModel.binomialMean(n, blocks, j -> blockFpp(j, kw, table));
    }

    /** f(j): the fpp of a block holding j items; from kw's {@link #table} up to {@value #TABLE_ITEMS} items. */
    private static double blockFpp(long j, int kw, double[] table) {
        if (j <= TABLE_ITEMS) {
            return table[(int) j];
        }
        double word = BlockedModel.binomialMean(j, WORD_SHARE,
                m -> BlockedModel.allHit((double) m * kw, kw, WORD_BITS));
        return word * word;
    }

    /**
     * f(j) for every j up to {@value #TABLE_ITEMS}: the joint load of the query's two words is
     * carried from j items to j + 1 by one step (the new item reaches both, one or neither), so the
     * table costs about {@value #TABLE_ITEMS}^3 / 3 multiply-adds once per kw, instead of a
     * multinomial sum for every j of every sizing step.
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
        double both = 1 / PAIRS;
        double one = (PAIRS / WORD_SHARE - 1) / PAIRS;
        double neither = 1 - both - 2 * one;
        // load[m1][m2]: the probability that the block's j items put m1 into w1 and m2 into w2.
        double[][] load = new double[TABLE_ITEMS + 1][TABLE_ITEMS + 1];
        load[0][0] = 1;
        table = new double[TABLE_ITEMS + 1];
        for (int j = 0; j <= TABLE_ITEMS; j++) {
            double sum = 0;
            for (int m1 = 0; m1 <= j; m1++) {
                double row = 0;
                for (int m2 = 0; m2 <= j; m2++) {
                    row += load[m1][m2] * hit[m2];
                }
                sum += hit[m1] * row;
            }
            table[j] = Math.min(1, sum);
            if (j == TABLE_ITEMS) {
                break;
            }
            // In place from the top down: each entry reads only entries not yet moved to j + 1.
            for (int m1 = j + 1; m1 >= 0; m1--) {
                for (int m2 = j + 1; m2 >= 0; m2--) {
                    double next = load[m1][m2] * neither;
                    if (m1 > 0) {
                        next += load[m1 - 1][m2] * one;
                    }
                    if (m2 > 0) {
                        next += load[m1][m2 - 1] * one;
                    }
                    if (m1 > 0 && m2 > 0) {
                        next += load[m1 - 1][m2 - 1] * both;
                    }
                    load[m1][m2] = next;
                }
            }
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
        return BlockedModel.lowestFpp(HASHES, k -> fpp(n, blocks, k));
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
