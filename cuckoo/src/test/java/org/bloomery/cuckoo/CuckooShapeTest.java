package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class CuckooShapeTest {

    @Test
    void defaultsFollowTheSpec() {
        CuckooShape shape = CuckooShape.of(FilterSpec.of(1_000_000, 0.001));
        assertThat(shape.bucketSize()).isEqualTo(4);
        // 2b / p = 8000, and 2^13 = 8192 is the first power of two at or above it.
        assertThat(shape.fingerprintBits()).isEqualTo(13);
        assertThat(shape.maxKicks()).isEqualTo(500);
        assertThat(shape.expansion()).isZero();
        assertThat(shape.buckets()).isEqualTo((int) Math.ceil((1_000_000 + 16) / (0.945 * 4)));
    }

    @Test
    void fingerprintBitsAreExactAtPowersOfTwo() {
        for (int bucketSize : new int[] {2, 4, 8}) {
            for (int bits = 8; bits <= 32; bits++) {
                double p = Math.scalb(2.0 * bucketSize, -bits);
                assertThat(CuckooShape.fingerprintBitsFor(bucketSize, p)).as("b=%d p=2b/2^%d", bucketSize, bits)
                        .isEqualTo(bits);
                assertThat(CuckooShape.fingerprintBitsFor(bucketSize, Math.nextDown(p)))
                        .isEqualTo(Math.min(32, bits + 1));
            }
        }
    }

    @Test
    void fingerprintBitsAreClamped() {
        assertThat(CuckooShape.fingerprintBitsFor(4, 0.9)).isEqualTo(4);
        assertThat(CuckooShape.fingerprintBitsFor(8, 0.9)).isEqualTo(5);
        assertThat(CuckooShape.fingerprintBitsFor(2, 0.9)).as("b = 2 starts at 6 bits").isEqualTo(6);
        assertThat(CuckooShape.fingerprintBitsFor(4, 1e-300)).isEqualTo(32);
        assertThat(CuckooShape.fingerprintBitsFor(4, 0.01)).isEqualTo(10);
        assertThat(CuckooShape.fingerprintBitsFor(4, 0.0001)).isEqualTo(17);
    }

    static Stream<Arguments> bucketCases() {
        return Stream.of(2, 4, 8).flatMap(b -> Stream.of(1L, 7L, 100L, 1234L, 1_000_000L, 123_456_789L)
                .flatMap(n -> Stream.of(4, 6, 7, 12).map(f -> Arguments.of(b, n, f))));
    }

    @ParameterizedTest(name = "b={0} n={1} f={2}")
    @MethodSource("bucketCases")
    void bucketsAreTheFewestThatHoldTheItemsAndSlackAtTheTargetLoad(int bucketSize, long n, int bits) {
        int buckets = CuckooShape.bucketsFor(n, bucketSize, bits);
        double capacity = CuckooShape.targetLoad(bucketSize, bits) * bucketSize;
        long needed = n + CuckooShape.slackItems(bucketSize);
        assertThat(buckets * capacity).isGreaterThanOrEqualTo(needed);
        assertThat((buckets - 1) * capacity).isLessThan(needed);
    }

    @Test
    void targetLoadsAreBelowTheMeasuredLimits() {
        assertThat(CuckooShape.targetLoad(2, 12)).isEqualTo(0.84);
        assertThat(CuckooShape.targetLoad(4, 12)).isEqualTo(0.945);
        assertThat(CuckooShape.targetLoad(8, 12)).isEqualTo(0.975);
        assertThat(CuckooShape.targetLoad(4, 7)).isEqualTo(0.945);
        assertThat(CuckooShape.targetLoad(4, 4)).isLessThan(CuckooShape.targetLoad(4, 5));
        assertThat(CuckooShape.targetLoad(2, 4)).isLessThan(CuckooShape.targetLoad(2, 5));
    }

    @Test
    void optionsOverrideTheDefaults() {
        CuckooShape shape = CuckooShape.of(FilterSpec.of(1000, 0.01).withOption("bucketSize", "8")
                .withOption("fingerprintBits", "21").withOption("maxKicks", "0").withOption("expansion", "3"));
        assertThat(shape).isEqualTo(new CuckooShape(8, 21, CuckooShape.bucketsFor(1000, 8, 21), 0, 3));
    }

    @Test
    void badOptionsAreRejectedNamingTheValueAndTheRange() {
        assertRejected("bucketSize", "3", "must be 2, 4 or 8, got '3'");
        assertRejected("bucketSize", "16", "[2, 8]");
        assertRejected("fingerprintBits", "3", "[4, 32]");
        assertRejected("fingerprintBits", "33", "[4, 32]");
        assertRejected("maxKicks", "-1", "[0, 65535]");
        assertRejected("expansion", "40000", "[0, 32768]");
        assertRejected("expansion", "two", "[0, 32768]");
        assertThatThrownBy(() -> CuckooShape.of(FilterSpec.of(10, 0.01).withOption("buckets", "4")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'buckets'").hasMessageContaining("bucketSize");
    }

    @Test
    void moreItemsThanOneTableHoldsAreRejected() {
        assertThatThrownBy(() -> CuckooShape.of(FilterSpec.of(3_000_000_000L, 0.01)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3000000000").hasMessageContaining("at most");
        int maxBuckets = CuckooShape.maxBuckets(4);
        assertThat((long) maxBuckets * 4).isLessThanOrEqualTo(BucketFingerprints.MAX_SLOTS);
    }

    /** n + slack used to wrap negative within 16 (32 at b = 2) of Long.MAX_VALUE and pass the limit. */
    @ParameterizedTest
    @CsvSource({"4, 0", "4, 16", "2, 0", "2, 32", "8, 1"})
    void expectedInsertionsNearLongMaxAreRejectedNotWrapped(int bucketSize, long belowMax) {
        FilterSpec spec = FilterSpec.of(Long.MAX_VALUE - belowMax, 0.01)
                .withOption("bucketSize", Integer.toString(bucketSize));
        assertThatThrownBy(() -> CuckooShape.of(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Long.toString(Long.MAX_VALUE - belowMax)).hasMessageContaining("at most");
    }

    @Test
    void aBucketCountOutOfRangeIsRejectedByTheOneRule() {
        assertThatThrownBy(() -> new CuckooShape(4, 12, Integer.MIN_VALUE, 500, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-2147483648");
        assertThatThrownBy(() -> new CuckooShape(4, 12, 0, 500, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CuckooShape(4, 12, CuckooShape.maxBuckets(4) + 1, 500, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static void assertRejected(String key, String value, String message) {
        assertThatThrownBy(() -> CuckooShape.of(FilterSpec.of(10, 0.01).withOption(key, value)))
                .as("%s = %s", key, value)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(key).hasMessageContaining(message);
    }
}
