package org.bloomery.api.bloom;

/**
 * The false-positive model of the blocked layout, and the sizing it gives. With b blocks of B cells
 * and n items, the items per block are binomial (n, 1/b); a block holding j items answers a false
 * positive with probability {@code (1 - (1 - 1/B)^(jk))^k}, so the fpp is the sum of those over j
 * weighted by the binomial probabilities. Everything uses {@link StrictMath}, so every JVM sizes a
 * spec identically (a filter read back is checked against the shape its spec gives).
 */
final class BlockedModel {
    /** Relative precision at which the sum over j stops: far below any fpp difference that matters. */
    private static final double TAIL = 1e-12;

    private BlockedModel() {
    }

    /**
     * The model fpp.
     *
     * @param n items, at least 0
     * @param blocks b, at least 1
     * @param blockCells B, at least 2
     * @param k probes, at least 1
     * @return the probability
     */
    static double fpp(long n, long blocks, int blockCells, int k) {
        if (n == 0) {
            return 0;
        }
        double logEmptyPerItem = k * StrictMath.log1p(-1.0 / blockCells);
        if (blocks == 1) {
            return perBlock(n, logEmptyPerItem, k);
        }
        double logOther = StrictMath.log((double) blocks - 1);
        double logP = n * StrictMath.log1p(-1.0 / blocks);
        double mean = (double) n / blocks;
        double sum = 0;
        for (long j = 0; j <= n; j++) {
            double pj = StrictMath.exp(logP);
            sum += pj * perBlock(j, logEmptyPerItem, k);
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

    /** {@code (1 - (1 - 1/B)^(jk))^k}, the fpp of one block holding j items. */
    private static double perBlock(long j, double logEmptyPerItem, int k) {
        return StrictMath.pow(-StrictMath.expm1(j * logEmptyPerItem), k);
    }

    /**
     * The k in [1, {@value BloomShape#MAX_HASHES}] with the lowest model fpp for n items in b
     * blocks; the smallest such k on a tie. The fpp falls with k up to its minimum and rises after,
     * so the scan stops at the first rise.
     *
     * @return the best k
     */
    static int bestHashes(long n, long blocks, int blockCells) {
        int best = 1;
        double bestFpp = fpp(n, blocks, blockCells, 1);
        for (int k = 2; k <= BloomShape.MAX_HASHES; k++) {
            double f = fpp(n, blocks, blockCells, k);
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
    static long fewestBlocks(long n, double p, int blockCells, long maxBlocks, int hashes) {
        // No filter beats log2(1/p) bits per item, so fewer blocks than that cannot be enough.
        double bound = Math.floor(n * (-StrictMath.log(p) / StrictMath.log(2)) / blockCells);
        if (bound > maxBlocks) {
            return -1;
        }
        long low = Math.max(1, (long) bound);
        if (enough(n, p, low, blockCells, hashes)) {
            return low;
        }
        long high = low;
        do {
            if (high == maxBlocks) {
                return -1;
            }
            low = high;
            high = Math.min(maxBlocks, high * 2);
        } while (!enough(n, p, high, blockCells, hashes));
        // Invariant: `low` blocks are not enough, `high` blocks are.
        while (high - low > 1) {
            long mid = low + (high - low) / 2;
            if (enough(n, p, mid, blockCells, hashes)) {
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
     * The inverse of the expected fill: with items Poisson-spread over b blocks, the expected
     * fraction of set cells is {@code 1 - exp(-(n/b)(1 - (1 - 1/B)^k))}, so n is {@code b ln(1 -
     * X/m) / ((1 - 1/B)^k - 1)}.
     *
     * @param occupied set cells X, in [0, m)
     * @param cells m
     * @return the estimated item count
     */
    static double estimateCount(double occupied, long cells, int blockCells, int k) {
        long blocks = cells / blockCells;
        double emptyPerItem = Math.expm1(k * Math.log1p(-1.0 / blockCells));
        return blocks * Math.log1p(-occupied / cells) / emptyPerItem;
    }
}
