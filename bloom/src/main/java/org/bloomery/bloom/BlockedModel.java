package org.bloomery.bloom;

import java.util.function.IntToDoubleFunction;
import java.util.function.LongPredicate;
import java.util.function.LongToDoubleFunction;

/**
 * The false-positive model of the blocked layout ({@link BlockedProbes}), and the sizing it gives.
 * A block of B cells is 8 words of {@code c = B / 8} cells. When k is 1, 2 or 4, a key uses one
 * aligned group of k words ("unit") with one probe in each; when k is a multiple of 8, the unit is
 * the whole block and the key puts k / 8 probes in every word. Either way every item of a unit puts
 * the same number of probes, {@code q = k / w}, into each of the unit's w words, each probe a
 * uniform cell of its word, so with u units and n items (binomial (n, 1/u) per unit) the fpp is
 * exactly
 *
 * <pre>
 * fpp = sum_j P(j) * h(j q, q)^w,   h(T, q) = P(q uniform cells of a word are all hit by T throws)
 * </pre>
 *
 * where {@code h(T, q) = sum_d S(q, d) c!/(c-d)!/c^q * sum_i (-1)^i C(d, i) (1 - i/c)^T} (d distinct
 * cells among the q, Stirling numbers S; for q = 1 this is {@code 1 - (1 - 1/c)^T}). These k are the
 * ones sizing chooses. Any other k (set by option {@code hashes}, or LevelDB-style sizing) spreads a
 * key over a window of words whose load varies from word to word; the model then gives each word its
 * mean load {@code j k / 8} throws, an approximation. Everything uses {@link StrictMath}, so every JVM
 * sizes a spec identically (a filter read back is checked against the shape its spec gives).
 */
final class BlockedModel {
    /** Relative precision at which the sum over j stops: far below any fpp difference that matters. */
    private static final double TAIL = 1e-12;
    /** Mean items per unit from which the sum over j steps through a bell instead of every j. */
    private static final double WIDE_MEAN = 1000;
    /** Standard deviations each side of the mean that the stepped sum covers. */
    private static final double WIDE_SPREAD = 12;
    /** The k sizing chooses from: those the model is exact for. */
    private static final int[] EXACT_HASHES = {1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64};
    /** Stirling numbers of the second kind S(q, d) for q, d in [0, 8]: q probes over d distinct cells. */
    private static final double[][] STIRLING = stirling(BlockedProbes.BLOCK_WORDS);

    private BlockedModel() {
    }

    private static double[][] stirling(int most) {
        double[][] s = new double[most + 1][most + 1];
        s[0][0] = 1;
        for (int q = 1; q <= most; q++) {
            for (int d = 1; d <= q; d++) {
                s[q][d] = d * s[q - 1][d] + s[q - 1][d - 1];
            }
        }
        return s;
    }

    /** Whether the model is exact for k: a power of two below 8 or a multiple of 8. */
    static boolean exact(int k) {
        return k % BlockedProbes.BLOCK_WORDS == 0 || Integer.bitCount(k) == 1;
    }

    /** Words per unit: k when k is 1, 2 or 4, else the whole block. */
    private static int unitWords(int k) {
        return exact(k) ? Math.min(k, BlockedProbes.BLOCK_WORDS) : BlockedProbes.BLOCK_WORDS;
    }

    /**
     * The model fpp.
     *
     * @param n items, at least 0
     * @param blocks b, at least 1
     * @param blockCells B, a power of two in [16, 512]
     * @param k probes, in [1, 64]
     * @return the probability
     */
    static double fpp(long n, long blocks, int blockCells, int k) {
        if (n == 0) {
            return 0;
        }
        int w = unitWords(k);
        long units = blocks * (BlockedProbes.BLOCK_WORDS / w);
        int c = blockCells / BlockedProbes.BLOCK_WORDS;
        return binomialMean(n, units, j -> perUnit(j, c, k));
    }

    /**
     * The mean of {@code f(J)} for J binomial (n, 1/units): the items of one of {@code units} equally
     * likely units, with f a unit's fpp at J items (in [0, 1]). Shared by the blocked and the {@link
     * SectoredModel sectored} models.
     *
     * @param n items, at least 0
     * @param units u, at least 1
     * @param f the fpp of a unit holding j items, in [0, 1]
     * @return the mean, in [0, 1]
     */
    static double binomialMean(long n, long units, LongToDoubleFunction f) {
        if (units == 1) {
            return f.applyAsDouble(n);
        }
        double mean = (double) n / units;
        if (mean >= WIDE_MEAN) {
            return wideSum(n, units, f);
        }
        double logOther = StrictMath.log((double) units - 1);
        double logP = n * StrictMath.log1p(-1.0 / units);
        double sum = 0;
        for (long j = 0; j <= n; j++) {
            double pj = StrictMath.exp(logP);
            sum += pj * f.applyAsDouble(j);
            if (j == n) {
                break;
            }
            double logRatio = StrictMath.log((double) (n - j) / (j + 1)) - logOther;
            if (j > mean) {
                double ratio = StrictMath.exp(logRatio);
                // Past the mean the terms fall at least geometrically by `ratio` and each f(j) <= 1,
                // so the rest of the sum is below pj * ratio / (1 - ratio).
                if (ratio < 1 && pj * ratio / (1 - ratio) < TAIL * sum) {
                    break;
                }
            }
            logP += logRatio;
        }
        return Math.min(1, sum);
    }

    /**
     * The sum over j for units holding {@value #WIDE_MEAN} items or more on average (an explicit m far
     * below the items' need): the binomial weights are then a bell of standard deviation sd at least
     * 30, so the terms beyond {@value #WIDE_SPREAD} sd weigh under e^-72 and, both factors being
     * smooth over a scale of sd, the weighted mean over every {@code sd / 4}-th j equals the full
     * sum to far below any fpp difference that matters (the error of such a sum falls as e^(-2 pi^2
     * (sd / step)^2)). A few hundred terms instead of one per item. Units this full answer nearly
     * every query true, so this path only ever sizes a hopelessly small explicit m.
     */
    private static double wideSum(long n, long units, LongToDoubleFunction f) {
        double q = 1.0 / units;
        double mean = n * q;
        double sd = Math.sqrt(mean * (1 - q));
        long low = Math.max(0, (long) Math.floor(mean - WIDE_SPREAD * sd));
        long high = Math.min(n, (long) Math.ceil(mean + WIDE_SPREAD * sd));
        long step = Math.max(1, (long) (sd / 4));
        double logQ = StrictMath.log(q);
        double logNotQ = StrictMath.log1p(-q);
        double logFactorialN = logFactorial(n);
        double sum = 0;
        double weight = 0;
        for (long j = low; j <= high; j += step) {
            double logP = logFactorialN - logFactorial(j) - logFactorial(n - j) + j * logQ + (n - j) * logNotQ;
            double pj = StrictMath.exp(logP);
            sum += pj * f.applyAsDouble(j);
            weight += pj;
        }
        // Dividing by the weights' own sum (1 up to rounding) cancels the rounding that the large
        // logarithms of n! put into every weight alike.
        return Math.min(1, sum / weight);
    }

    /** ln(x!): a sum of logarithms below 20, else Stirling's series (error below 1e-13). */
    static double logFactorial(long x) {
        if (x < 20) {
            double sum = 0;
            for (long i = 2; i <= x; i++) {
                sum += StrictMath.log(i);
            }
            return sum;
        }
        double y = x + 1.0;
        double inverse = 1 / y;
        double inverseSquared = inverse * inverse;
        return (y - 0.5) * StrictMath.log(y) - y + 0.5 * StrictMath.log(2 * StrictMath.PI)
                + inverse * (1.0 / 12 - inverseSquared * (1.0 / 360 - inverseSquared * (1.0 / 1260
                        - inverseSquared / 1680)));
    }

    /** The fpp of one unit holding j items, c cells per word. */
    private static double perUnit(long j, int c, int k) {
        if (exact(k)) {
            int w = unitWords(k);
            int q = k / w;
            return StrictMath.pow(allHit(j * q, q, c), w);
        }
        int q = k / BlockedProbes.BLOCK_WORDS;
        int wider = k % BlockedProbes.BLOCK_WORDS;
        double load = (double) j * k / BlockedProbes.BLOCK_WORDS;
        return StrictMath.pow(allHit(load, q + 1, c), wider)
                * StrictMath.pow(allHit(load, q, c), BlockedProbes.BLOCK_WORDS - wider);
    }

    /**
     * h(T, q): the probability that q independent uniform cells of a word of c cells are all among
     * those hit by T independent uniform throws.
     */
    static double allHit(double load, int q, int c) {
        if (q == 0) {
            return 1;
        }
        if (load == 0) {
            return 0;
        }
        double logMiss = StrictMath.log1p(-1.0 / c);
        if (q == 1) {
            return -StrictMath.expm1(load * logMiss);
        }
        double sum = 0;
        double falling = 1;
        double cq = StrictMath.pow(c, q);
        for (int d = 1; d <= q; d++) {
            falling *= c - d + 1;
            // P(d given distinct cells all hit) by inclusion-exclusion over the ones missed.
            double allOfD = 0;
            double binomial = 1;
            for (int i = 0; i <= d; i++) {
                double missed = i == 0 ? 1 : StrictMath.exp(load * StrictMath.log1p(-(double) i / c));
                allOfD += (i % 2 == 0 ? 1 : -1) * binomial * missed;
                binomial = binomial * (d - i) / (i + 1);
            }
            sum += STIRLING[q][d] * falling / cq * Math.max(0, allOfD);
        }
        return Math.min(1, sum);
    }

    /**
     * The k with the lowest model fpp for n items in b blocks among those the model is exact for
     * (1, 2, 4 and the multiples of 8 up to {@value BloomShape#MAX_HASHES}); the smallest such k on
     * a tie. The fpp falls with k up to its minimum and rises after, so the scan stops at the first
     * rise (the costly large k are rarely evaluated).
     *
     * @return the best k
     */
    static int bestHashes(long n, long blocks, int blockCells) {
        return lowestFpp(EXACT_HASHES, k -> fpp(n, blocks, blockCells, k));
    }

    /**
     * The candidate k with the lowest model fpp, the first on a tie: a block model's fpp falls with
     * k up to its minimum and rises after, so the scan stops at the first rise. For the blocked
     * model and the two-word ones ({@link SectoredModel}, {@link PatternedModel}).
     *
     * @param candidates the k to try, ascending
     * @param fpp the model fpp of a k
     * @return the best k
     */
    static int lowestFpp(int[] candidates, IntToDoubleFunction fpp) {
        int best = candidates[0];
        double bestFpp = fpp.applyAsDouble(best);
        for (int i = 1; i < candidates.length; i++) {
            double f = fpp.applyAsDouble(candidates[i]);
            if (f >= bestFpp) {
                break;
            }
            best = candidates[i];
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
    static long fewestBlocks(long n, double p, int blockCells, long maxBlocks, int hashes) {
        return fewestBlocks(n, p, blockCells, maxBlocks, blocks -> enough(n, p, blocks, blockCells, hashes));
    }

    /**
     * The fewest blocks that are {@code enough} for n items at fpp p, by a search that assumes more
     * blocks are never worse: for the blocked model and the {@link SectoredModel sectored} one.
     *
     * @param blockCells cells per block
     * @param maxBlocks the most blocks allowed
     * @param enough whether a block count's model fpp is at most p
     * @return the block count, or -1 if even {@code maxBlocks} blocks are not enough
     */
    static long fewestBlocks(long n, double p, int blockCells, long maxBlocks, LongPredicate enough) {
        // No filter beats log2(1/p) bits per item, so fewer blocks than that cannot be enough.
        double bound = Math.floor(n * (-StrictMath.log(p) / StrictMath.log(2)) / blockCells);
        if (bound > maxBlocks) {
            return -1;
        }
        long low = Math.max(1, (long) bound);
        if (enough.test(low)) {
            return low;
        }
        long high = low;
        do {
            if (high == maxBlocks) {
                return -1;
            }
            low = high;
            high = Math.min(maxBlocks, high * 2);
        } while (!enough.test(high));
        // Invariant: `low` blocks are not enough, `high` blocks are.
        while (high - low > 1) {
            long mid = low + (high - low) / 2;
            if (enough.test(mid)) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }

    private static boolean enough(long n, double p, long blocks, int blockCells, int hashes) {
        int k = hashes > 0 ? hashes : bestHashes(n, blocks, blockCells);
        return fpp(n, blocks, blockCells, k) <= p;
    }

    /**
     * The inverse of the expected fill: with items Poisson-spread over u units, each item putting q
     * throws into each word of its unit ({@code q = k / 8} throws on average for a k the model is not
     * exact for), the expected fraction of set cells is {@code 1 - exp(-(n/u)(1 - (1 - 1/c)^q))}, so n
     * is {@code u ln(1 - X/m) / ((1 - 1/c)^q - 1)}.
     *
     * @param occupied set cells X, in [0, m)
     * @param cells m
     * @return the estimated item count
     */
    static double estimateCount(double occupied, long cells, int blockCells, int k) {
        int w = unitWords(k);
        long units = cells / blockCells * (BlockedProbes.BLOCK_WORDS / w);
        return estimateCount(occupied, cells, units, (double) k / w, blockCells / BlockedProbes.BLOCK_WORDS);
    }

    /**
     * {@link #estimateCount(double, long, int, int)} for u units of words of c cells, each item
     * putting q throws into each word of its unit: {@code u ln(1 - X/m) / ((1 - 1/c)^q - 1)}. The
     * {@link SectoredModel sectored} layout, whose items each reach a given word with probability
     * 1/4, is the case of u = 4 units per block.
     */
    static double estimateCount(double occupied, long cells, long units, double q, int c) {
        double emptyPerItem = Math.expm1(q * Math.log1p(-1.0 / c));
        return units * Math.log1p(-occupied / cells) / emptyPerItem;
    }
}
