package org.bloomery.cuckoo;

import static org.bloomery.cuckoo.CuckooProvider.KIND;

import java.util.Set;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;

/**
 * The parameters of a cuckoo filter, derived from a {@link FilterSpec} and its options.
 *
 * @param bucketSize slots per bucket: 2, 4 or 8
 * @param fingerprintBits fingerprint width f, in [4, 32]
 * @param buckets buckets of the first sub-table
 * @param maxKicks most evictions per insertion before the victim is stashed, in [0, 65535]
 * @param expansion 0 for a fixed size; otherwise each new sub-table has this many times the
 *     buckets of the previous one, in [1, 32768]
 */
record CuckooShape(int bucketSize, int fingerprintBits, int buckets, int maxKicks, int expansion) {
    static final String BUCKET_SIZE = "bucketSize";
    static final String FINGERPRINT_BITS = "fingerprintBits";
    static final String MAX_KICKS = "maxKicks";
    static final String EXPANSION = "expansion";
    static final Set<String> OPTIONS = Set.of(BUCKET_SIZE, FINGERPRINT_BITS, MAX_KICKS, EXPANSION);

    static final int DEFAULT_BUCKET_SIZE = 4;
    static final int MIN_FINGERPRINT_BITS = 4;
    /** Fingerprints at least this wide reach the full load of their bucket size. */
    static final int FULL_LOAD_FINGERPRINT_BITS = 7;
    static final int MAX_FINGERPRINT_BITS = PartialKeyHashing.MAX_FINGERPRINT_BITS;
    static final int DEFAULT_MAX_KICKS = 500;
    static final int MAX_MAX_KICKS = 65_535;
    static final int MAX_EXPANSION = 32_768;

    /** Target loads by bucket size (2, 4, 8) and fingerprint width (4, 5, 6, 7 or more bits). */
    private static final double[][] TARGET_LOADS = {
        {0.08, 0.20, 0.75, 0.84},
        {0.80, 0.93, 0.94, 0.945},
        {0.965, 0.975, 0.975, 0.975},
    };

    /**
     * Checks the bucket count, the one rule for creating and reading.
     *
     * @throws IllegalArgumentException if {@code buckets} is not in [1, {@link #maxBuckets}]
     */
    CuckooShape {
        if (buckets < 1 || buckets > maxBuckets(bucketSize)) {
            throw new IllegalArgumentException("kind '" + KIND + "' needs a bucket count in [1, "
                    + maxBuckets(bucketSize) + "], got " + buckets);
        }
    }

    /**
     * Reads and validates the options and sizes the first sub-table.
     *
     * @param spec the spec
     * @return the shape
     * @throws IllegalArgumentException for an unknown option, a value out of range (naming it and
     *     the allowed range), or more expected insertions than one table can hold
     */
    static CuckooShape of(FilterSpec spec) {
        SpecOptions options = SpecOptions.of(spec, KIND, OPTIONS);
        int bucketSize = (int) options.longValue(BUCKET_SIZE, 2, 8, DEFAULT_BUCKET_SIZE);
        if (bucketSize != 2 && bucketSize != 4 && bucketSize != 8) {
            throw new IllegalArgumentException("option '" + BUCKET_SIZE + "' of kind '" + KIND
                    + "' must be 2, 4 or 8, got '" + spec.option(BUCKET_SIZE).orElseThrow() + "'");
        }
        int fingerprintBits = (int) options.longValue(FINGERPRINT_BITS, MIN_FINGERPRINT_BITS, MAX_FINGERPRINT_BITS,
                fingerprintBitsFor(bucketSize, spec.fpp()));
        int maxKicks = (int) options.longValue(MAX_KICKS, 0, MAX_MAX_KICKS, DEFAULT_MAX_KICKS);
        int expansion = (int) options.longValue(EXPANSION, 0, MAX_EXPANSION, 0);
        int buckets = bucketsFor(spec.expectedInsertions(), bucketSize, fingerprintBits);
        return new CuckooShape(bucketSize, fingerprintBits, buckets, maxKicks, expansion);
    }

    /**
     * The fingerprint width for a target false-positive probability: the fewest bits f with
     * {@code 2b / 2^f <= p}, i.e. {@code ceil(log2(2b / p))}, clamped to [4, 32] ([6, 32] at b = 2,
     * where 4 or 5 bits fill a large table only to 12% or 28% and so cost more bits per item than
     * 6). Computed by exact power-of-two scaling, so a {@code p} of exactly {@code 2b / 2^f} gives
     * f, not f + 1.
     *
     * @param bucketSize slots per bucket
     * @param fpp the target, in (0, 1)
     * @return the width
     */
    static int fingerprintBitsFor(int bucketSize, double fpp) {
        int bits = bucketSize == 2 ? 6 : MIN_FINGERPRINT_BITS;
        while (bits < MAX_FINGERPRINT_BITS && Math.scalb(2.0 * bucketSize, -bits) > fpp) {
            bits++;
        }
        return bits;
    }

    /**
     * The load factor the sizing aims at: the fraction of slots {@code n} items fill. Kept about 0.01
     * or more below the load at which insertion first failed in tables of 10^7 items with 500 kicks
     * (0.867 at b = 2 with f = 9, 0.956 at b = 4 with f = 13, 0.987 at b = 8 with f = 12; 0.9545 at
     * b = 4, f = 13 and 4 * 10^7 items), so that adding the expected number of items does not fail.
     * Very short fingerprints move to few other buckets and fill tables earlier (at 10^7 items: 0.12,
     * 0.28 and 0.81 at b = 2 with 4, 5 and 6 bits; 0.90 at b = 4 with 4 bits), so their targets are
     * lower.
     *
     * @param bucketSize slots per bucket: 2, 4 or 8
     * @param fingerprintBits the fingerprint width, in [4, 32]
     * @return the load
     */
    static double targetLoad(int bucketSize, int fingerprintBits) {
        int row = Integer.numberOfTrailingZeros(bucketSize) - 1;
        int column = Math.min(fingerprintBits, FULL_LOAD_FINGERPRINT_BITS) - MIN_FINGERPRINT_BITS;
        return TARGET_LOADS[row][column];
    }

    /**
     * The most buckets one sub-table may have.
     *
     * @param bucketSize slots per bucket
     * @return {@code MAX_SLOTS / bucketSize}
     */
    static int maxBuckets(int bucketSize) {
        return BucketFingerprints.MAX_SLOTS / bucketSize;
    }

    /**
     * The fewest buckets that hold {@code n} items plus a slack at no more than the target load. Small
     * tables fill early more often (in 3000 trials per size, tables of 100 to 400 slots held down to
     * 30 items fewer than the target load at b = 2, 13 at b = 4 and 8 at b = 8), so the sizing
     * counts {@link #slackItems} more items than expected; that costs nothing visible in a large
     * table.
     *
     * @param n expected insertions, at least 1
     * @param bucketSize slots per bucket
     * @param fingerprintBits the fingerprint width
     * @return the bucket count
     * @throws IllegalArgumentException if that exceeds {@link #maxBuckets}
     */
    static int bucketsFor(long n, int bucketSize, int fingerprintBits) {
        double load = targetLoad(bucketSize, fingerprintBits);
        // In double, so that n near Long.MAX_VALUE cannot wrap negative and slip under the limit.
        double exact = Math.ceil(((double) n + slackItems(bucketSize)) / (load * bucketSize));
        if (!(exact >= 1 && exact <= maxBuckets(bucketSize))) {
            throw new IllegalArgumentException("kind '" + KIND + "' holds at most "
                    + (long) (maxBuckets(bucketSize) * (double) bucketSize * load) + " items in its first table with "
                    + BUCKET_SIZE + " " + bucketSize + " and " + FINGERPRINT_BITS + " " + fingerprintBits
                    + ", got expectedInsertions " + n + "; expect fewer and set option '" + EXPANSION
                    + "' to grow in sub-tables");
        }
        return (int) exact;
    }

    /**
     * The items added to the expected insertions when sizing, to cover small tables' early failures.
     *
     * @param bucketSize slots per bucket
     * @return 32 for b = 2, 16 for b = 4 or 8
     */
    static int slackItems(int bucketSize) {
        return Math.max(16, 64 / bucketSize);
    }

    /** @return slots in the first sub-table */
    int slots() {
        return buckets * bucketSize;
    }
}
