package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PartialKeyHashingTest {

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 3, 7, 100, 466, 1597, 65_536, 1_000_003, Integer.MAX_VALUE})
    void reduceMapsEveryValueIncludingNegativeOnesIntoRange(int n) {
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 100_000; i++) {
            assertThat(PartialKeyHashing.reduce(random.nextLong(), n)).isBetween(0, n - 1);
        }
        assertThat(PartialKeyHashing.reduce(0L, n)).isZero();
        assertThat(PartialKeyHashing.reduce(-1L, n)).as("2^64 - 1").isEqualTo(n - 1);
        assertThat(PartialKeyHashing.reduce(Long.MIN_VALUE, n)).as("2^63").isEqualTo(n / 2);
        assertThat(PartialKeyHashing.reduce(Long.MAX_VALUE, n)).isEqualTo((n - 1) / 2);
    }

    @Test
    void firstBucketSpreadsEvenlyOverAnOddBucketCount() {
        // 1,000,000 hashes into 1,001 buckets: about 999 per bucket, standard deviation about 31.6;
        // every bucket within ±200 (over 6 sigma) holds only for an unbiased reduction.
        int buckets = 1001;
        int[] counts = new int[buckets];
        SplittableRandom random = new SplittableRandom(2);
        for (int i = 0; i < 1_000_000; i++) {
            counts[PartialKeyHashing.firstBucket(random.nextLong(), buckets, 1, 0)]++;
        }
        assertThat(IntStream.of(counts).min().orElseThrow()).isGreaterThan(999 - 200);
        assertThat(IntStream.of(counts).max().orElseThrow()).isLessThan(999 + 200);
    }

    @ParameterizedTest(name = "bits={0}")
    @ValueSource(ints = {4, 5, 8, 12, 13, 16, 17, 31, 32})
    void fingerprintIsTheLowBitsAndNeverZero(int bits) {
        long mask = (1L << bits) - 1;
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 100_000; i++) {
            long hash = random.nextLong();
            int fingerprint = PartialKeyHashing.fingerprint(hash, bits);
            assertThat(fingerprint).isNotZero();
            assertThat(Integer.toUnsignedLong(fingerprint)).isLessThanOrEqualTo(mask);
            if ((hash & mask) != 0) {
                assertThat(Integer.toUnsignedLong(fingerprint)).isEqualTo(hash & mask);
            }
        }
        assertThat(PartialKeyHashing.fingerprint(0L, bits)).isEqualTo(1);
        assertThat(PartialKeyHashing.fingerprint(~mask, bits)).as("high bits only").isEqualTo(1);
        assertThat(PartialKeyHashing.fingerprint(-1L, bits)).isEqualTo((int) mask);
    }

    @ParameterizedTest(name = "buckets={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 7, 8, 100, 101, 466, 1597, 4096, 10_007})
    void alternateBucketIsAnInvolutionForEveryBucketAndManyFingerprints(int buckets) {
        // Every bucket, with every 8-bit fingerprint and 2,000 random 32-bit ones.
        for (int fingerprint : fingerprints()) {
            int offset = PartialKeyHashing.fingerprintOffset(fingerprint, buckets, 1, 0);
            assertThat(offset).isBetween(0, buckets - 1);
            for (int bucket = 0; bucket < buckets; bucket++) {
                int other = PartialKeyHashing.alternateBucket(bucket, offset, buckets);
                if (other != Math.floorMod(-bucket - offset, buckets)
                        || PartialKeyHashing.alternateBucket(other, offset, buckets) != bucket) {
                    throw new AssertionError("bucket " + bucket + " -> " + other + " -> "
                            + PartialKeyHashing.alternateBucket(other, offset, buckets) + " with offset " + offset
                            + " of " + buckets + ": not (-bucket - offset) mod buckets, or not an involution");
                }
            }
        }
    }

    @Test
    void alternateBucketIsAnInvolutionOnTheLargestTables() {
        int buckets = CuckooShape.maxBuckets(2);
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 1_000_000; i++) {
            int bucket = i < 2 ? i * (buckets - 1) : random.nextInt(buckets);
            int offset = PartialKeyHashing.fingerprintOffset(random.nextInt() | 1, buckets, 1, 0);
            int other = PartialKeyHashing.alternateBucket(bucket, offset, buckets);
            assertThat(other).isBetween(0, buckets - 1);
            assertThat(PartialKeyHashing.alternateBucket(other, offset, buckets)).isEqualTo(bucket);
        }
    }

    @ParameterizedTest(name = "expansion={0}")
    @ValueSource(ints = {1, 2, 3, 4, 1000})
    void everyLevelNestsOverEveryLowerOne(int expansion) {
        // Bucket i at level k projects onto bucket i mod B_j at level j < k; first buckets, offsets
        // and alternates must all commute with that projection, and fill the larger table.
        int base = 101;
        int levels = expansion == 1 ? 3 : (int) (Math.log(1e7 / base) / Math.log(expansion)) + 1;
        SplittableRandom random = new SplittableRandom(6);
        int[] fingerprints = fingerprints();
        for (int level = 1; level < levels; level++) {
            int buckets = (int) CuckooTable.buckets(base, expansion, level);
            Set<Integer> upper = new HashSet<>();
            for (int i = 0; i < 20_000; i++) {
                long hash = random.nextLong();
                int first = PartialKeyHashing.firstBucket(hash, base, expansion, level);
                assertThat(first).isBetween(0, buckets - 1);
                upper.add(first / base);
                int fingerprint = fingerprints[i % fingerprints.length];
                int offset = PartialKeyHashing.fingerprintOffset(fingerprint, base, expansion, level);
                assertThat(offset).isBetween(0, buckets - 1);
                int second = PartialKeyHashing.alternateBucket(first, offset, buckets);
                assertThat(PartialKeyHashing.alternateBucket(second, offset, buckets)).isEqualTo(first);
                for (int lower = 0; lower < level; lower++) {
                    int lowerBuckets = (int) CuckooTable.buckets(base, expansion, lower);
                    int lowerFirst = PartialKeyHashing.firstBucket(hash, base, expansion, lower);
                    int lowerOffset = PartialKeyHashing.fingerprintOffset(fingerprint, base, expansion, lower);
                    assertThat(first % lowerBuckets).isEqualTo(lowerFirst);
                    assertThat(offset % lowerBuckets).isEqualTo(lowerOffset);
                    assertThat(second % lowerBuckets)
                            .isEqualTo(PartialKeyHashing.alternateBucket(lowerFirst, lowerOffset, lowerBuckets));
                }
            }
            if (buckets / base <= 1000) {
                // 20,000 draws from at most 1,000 values miss one with probability below 1000 e^-20.
                assertThat(upper).as("upper parts of first buckets at level %d", level).hasSize(buckets / base);
            }
        }
    }

    @Test
    void levelDigitsReadTheFractionLeastSignificantDigitFirst() {
        // x / 2^64 = 0.75 = 0.3 in base 4 and 0.11 in base 2.
        long threeQuarters = 0xC000_0000_0000_0000L;
        assertThat(PartialKeyHashing.levelDigits(threeQuarters, 4, 1)).isEqualTo(3);
        assertThat(PartialKeyHashing.levelDigits(threeQuarters, 4, 2)).isEqualTo(3);
        assertThat(PartialKeyHashing.levelDigits(threeQuarters, 2, 2)).isEqualTo(1 + 2);
        assertThat(PartialKeyHashing.levelDigits(0x4000_0000_0000_0000L, 2, 3)).as("0.010 in base 2").isEqualTo(2);
        assertThat(PartialKeyHashing.levelDigits(-1L, 1, 5)).as("base 1 has only the digit 0").isZero();
    }

    @Test
    void offsetsOfShortFingerprintsLookRandomEvenForFibonacciBucketCounts() {
        // 255 offsets drawn at random from 1,597 values have about 1597 * (1 - e^(-255/1597)) = 236
        // distinct ones (sd about 4.5); a multiplicative (Fibonacci) hash of 1..255 gives all 255, a
        // lattice whose regular gaps cost load at such bucket counts. The mix must look random.
        Set<Integer> offsets = new HashSet<>();
        for (int fingerprint = 1; fingerprint < 256; fingerprint++) {
            offsets.add(PartialKeyHashing.fingerprintOffset(fingerprint, 1597, 1, 0));
        }
        assertThat(offsets.size()).isBetween(236 - 15, 236 + 15);
    }

    @Test
    void lowMaskHasTheLowBitsSet() {
        assertThat(PartialKeyHashing.lowMask(4)).isEqualTo(0xFL);
        assertThat(PartialKeyHashing.lowMask(13)).isEqualTo(0x1FFFL);
        assertThat(PartialKeyHashing.lowMask(32)).isEqualTo(0xFFFF_FFFFL);
    }

    /** Every 8-bit fingerprint and 2,000 random 32-bit ones. */
    private static int[] fingerprints() {
        SplittableRandom random = new SplittableRandom(4);
        int[] fingerprints = new int[255 + 2000];
        for (int i = 0; i < 255; i++) {
            fingerprints[i] = i + 1;
        }
        for (int i = 255; i < fingerprints.length; i++) {
            fingerprints[i] = random.nextInt() | 1;
        }
        return fingerprints;
    }
}
