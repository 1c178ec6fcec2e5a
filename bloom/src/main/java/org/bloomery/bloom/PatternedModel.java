package org.bloomery.bloom;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The false-positive model of the patterned layout ({@link PatternedProbes}), and the sizing it
 * gives. With b blocks of 8 words of 64 bits and n items, a block holds j items with the binomial
 * (n, 1/b) probability P(j). A query reads word w1 of the block's first half and w2 of its second
 * and tests kw = k / 2 distinct bits in each. Each item of the block picks one word of each half,
 * independently, so given j the loads of w1 and w2 are independent Bin(j, 1/4); each item that
 * reaches a word sets kw distinct bits of it:
 *
 * <pre>
 * fpp = sum_j P(j) * w(j)^2,   w(j) = sum_x Bin(x; j, 1/4) * c(x),
 * c(x) = 1 - (1 - q(x)) (1 - e)^x,
 * q(x) = sum_{i=0..kw} (-1)^i C(kw, i) (C(64 - i, kw) / C(64, kw))^x
 * </pre>
 *
 * with q(x) the probability that x uniform kw-subsets of a word cover a given kw-subset (inclusion
 * and exclusion over the query's bits that no item hits). A mask is not a uniform kw-subset but
 * one of the 256 * 64 rotated patterns of the table, so an item's mask equals the query's with
 * probability about 1/16384, far above 1/C(64, kw) for kw of 3 or more; c(x) counts that excess e
 * ({@link #excessCollision}, from the table) as an independent chance that each item covers the
 * query. Without it the model would understate the measured fpp by 1.2%, 2.5% and 5% at 1%, 0.1%
 * and 0.01%; with it, the model is within 1.5% of the measurement there, and within 2.5% from one
 * block to 10^6 keys ({@code PatternedFppTest} in the classic module).
 * The loads of the two words are independent only given j: both grow with the block's load, so the
 * square of one Poisson(n / 4b) word's mean, {@code (E q(X))^2}, would understate the fpp by 10%,
 * 28% and 63% there. Everything uses {@link StrictMath} and a fixed order of operations, so every
 * JVM sizes a spec identically (a filter read back is checked against the shape its spec gives).
 */
final class PatternedModel {
    /** Most bits per word. */
    static final int MAX_WORD_HASHES = PatternedProbes.MAX_WORD_HASHES;
    /** Most probes per key. */
    static final int MAX_HASHES = 2 * MAX_WORD_HASHES;
    /** The k a key may have, ascending: the even counts from PatternedProbes.MIN_HASHES to {@link #MAX_HASHES}. */
    private static final int[] HASHES = IntStream.iterate(PatternedProbes.MIN_HASHES, k -> k <= MAX_HASHES, k -> k + 2).toArray();
    /** Words per half block: a given word sees an item with probability 1/4. */
    private static final long HALF_WORDS = BlockedProbes.BLOCK_WORDS / 2;
    private static final int WORD_BITS = Long.SIZE;
    /** Items per block up to which w(j) comes from a table built once per kw. */
    private static final int TABLE_ITEMS = 256;
    /** w(j) for j in [0, {@value #TABLE_ITEMS}], per kw; built on first use. */
    private static final double[][] TABLES = new double[MAX_WORD_HASHES + 1][];
    /** {@link #excessCollision} per kw, set with {@link #TABLES}. */
    private static final double[] EXCESS = new double[MAX_WORD_HASHES + 1];

    private PatternedModel() {
    }

    /**
     * Whether a probe count suits the layout: even, in [2, {@value #MAX_HASHES}].
     *
     * @param k probes per key
     * @return whether the patterned layout accepts it
     */
    static boolean validHashes(int k) {
        return k >= PatternedProbes.MIN_HASHES && k <= MAX_HASHES && k % 2 == 0;
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
        double excess = EXCESS[kw];
        return BlockedModel.binomialMean(n, blocks, j -> {
            double word = j <= TABLE_ITEMS ? table[(int) j] : wordFpp(j, kw, excess);
            return word * word;
        });
    }

    /** w(j): the probability that one of the query's words covers its kw bits, for j items in the block. */
    private static double wordFpp(long j, int kw, double excess) {
        return BlockedModel.binomialMean(j, HALF_WORDS, x -> covered(x, kw, excess));
    }

    /**
     * c(x): the probability that x items' masks cover the query's in one word, given the excess
     * chance e that an item's mask is the query's.
     */
    static double covered(long x, int kw, double excess) {
        return x == 0 ? 0 : 1 - (1 - uniformCovered(x, kw)) * StrictMath.pow(1 - excess, x);
    }

    /**
     * e: the probability that two independent masks of kw bits (each a uniform table entry rotated
     * by a uniform count) are equal, less that of two uniform kw-subsets, 1 / C(64, kw). From the
     * counts of the 16384 rotated patterns: {@code sum count^2 / 16384^2}. 0 for kw = 1, whose
     * rotated single bits are uniform.
     *
     * @param kw bits per mask, in [1, 16]
     * @return the excess, at least 0
     */
    static double excessCollision(int kw) {
        // Sorted, equal masks are runs: the counts without a boxed map. Each rotation is the last one
        // rotated by 1: JDK 25's C2 vectorizes rotateLeft(pattern, r) over the loop's r and gets some
        // lanes wrong (a mask rotated by r + 1), which PatternedShapeTest pins.
        long[] masks = new long[PatternedProbes.PATTERNS * WORD_BITS];
        int at = 0;
        for (long pattern : PatternedProbes.table(kw)) {
            long mask = pattern;
            for (int r = 0; r < WORD_BITS; r++) {
                masks[at++] = mask;
                mask = Long.rotateLeft(mask, 1);
            }
        }
        Arrays.sort(masks);
        long squares = 0;
        for (int run = 0; run < masks.length; ) {
            int end = run + 1;
            while (end < masks.length && masks[end] == masks[run]) {
                end++;
            }
            squares += (long) (end - run) * (end - run);
            run = end;
        }
        double all = masks.length;
        double subsets = 1;
        for (int i = 0; i < kw; i++) {
            subsets = subsets * (WORD_BITS - i) / (i + 1);
        }
        return Math.max(0, squares / (all * all) - 1 / subsets);
    }

    /**
     * q(x): the probability that x uniform kw-subsets of a 64-bit word cover a given kw-subset.
     *
     * @param x items in the word
     * @param kw bits per item, in [1, 16]
     * @return the probability, in [0, 1]
     */
    static double uniformCovered(long x, int kw) {
        if (x == 0) {
            return 0;
        }
        double sum = 0;
        double binomial = 1;
        // missing(i) = C(64 - i, kw) / C(64, kw): an item avoids i given bits. The alternating sum
        // rounds to within 2^-52 C(kw, kw / 2) < 10^-11 absolute, far below a word fpp sizing meets.
        double missing = 1;
        for (int i = 0; i <= kw; i++) {
            double term = binomial * StrictMath.pow(missing, x);
            sum += i % 2 == 0 ? term : -term;
            binomial = binomial * (kw - i) / (i + 1);
            missing = missing * (WORD_BITS - kw - i) / (WORD_BITS - i);
        }
        return Math.max(0, Math.min(1, sum));
    }

    /** w(j) for every j up to {@value #TABLE_ITEMS}, once per kw, with that kw's {@link #EXCESS}. */
    private static synchronized double[] table(int kw) {
        double[] table = TABLES[kw];
        if (table == null) {
            EXCESS[kw] = excessCollision(kw);
            table = new double[TABLE_ITEMS + 1];
            for (int j = 0; j <= TABLE_ITEMS; j++) {
                table[j] = wordFpp(j, kw, EXCESS[kw]);
            }
            TABLES[kw] = table;
        }
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
     * The inverse of the expected fill: a given word sees an item with probability 1/4, which sets kw
     * distinct bits of it, so the expected fraction of clear bits after n items is {@code (1 - kw /
     * 64)^(n / u)} over u = 4b units, and n is {@code u ln(1 - X/m) / ln(1 - kw / 64)}.
     *
     * @param occupied set bits X, in [0, m)
     * @param cells m, a multiple of 512
     * @param k probes per key
     * @return the estimated item count
     */
    static double estimateCount(double occupied, long cells, int k) {
        double units = (double) (cells / BlockedProbes.BLOCK_BITS * HALF_WORDS);
        return units * Math.log1p(-occupied / cells) / Math.log1p(-(k / 2) / (double) WORD_BITS);
    }
}
