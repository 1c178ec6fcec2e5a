package org.bloomery.fuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a forged item count reads back as, field {@code items} at body offset 1 with a valid checksum:
 * the reader can check n only through the segment length and slot count it determines. The binary
 * format document states these three cases exactly.
 */
class FuseForgedCountTest {
    /** Probes besides the items: at f = 8, about 390 of them have fingerprint 0. */
    private static final int PROBES = 100_000;

    private static FilterSpec spec(int arity) {
        return FilterSpec.of(1000, 0.01).withOption("fingerprintBits", "8").withOption("arity", Integer.toString(arity));
    }

    private static long[] hashes(int count) {
        SplittableRandom random = new SplittableRandom(28);
        long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = random.nextLong();
        }
        return hashes;
    }

    private static FuseFilter<Long> forged(FuseFilter<Long> filter, long items) throws IOException {
        byte[] bytes = FilterBytes.of(filter);
        ByteBuffer.wrap(bytes).putLong(FilterBytes.bodyOffset(bytes) + 1, items);
        FilterBytes.reseal(bytes);
        MembershipFilter<Long> read = Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs());
        assertThat(read.approximateCount()).isEqualTo(items);
        return (FuseFilter<Long>) read;
    }

    private static boolean sameSizes(long n, long other, int arity) {
        FuseLayout one = FuseLayout.forItems(n, arity);
        FuseLayout two = FuseLayout.forItems(other, arity);
        return one.segmentLength() == two.segmentLength() && one.arrayLength() == two.arrayLength();
    }

    /** Both counts at least 1: the query never reads n but to see whether it is 0. */
    @ParameterizedTest(name = "arity {0}")
    @ValueSource(ints = {3, 4})
    void aNonZeroCountWithTheSameSizesAnswersTheSame(int arity) throws IOException {
        long[] items = hashes(1000);
        FuseFilter<Long> built = FuseFilter.buildFromHashes(spec(arity), KeyHasher.longs(), items);
        long other = 1001;
        while (!sameSizes(1000, other, arity)) {
            other++;
        }
        FuseFilter<Long> read = forged(built, other);
        for (long item : items) {
            assertThat(read.mightContainHash(item)).isTrue();
        }
        SplittableRandom probes = new SplittableRandom(29);
        for (int i = 0; i < PROBES; i++) {
            long probe = probes.nextLong();
            assertThat(read.mightContainHash(probe)).isEqualTo(built.mightContainHash(probe));
        }
    }

    /** The small counts whose sizes are those of the empty set: 1 and 2 at arity 3, 1 to 5 at arity 4. */
    static Stream<Arguments> countsSizedAsEmpty() {
        assertThat(IntStream.rangeClosed(1, 100).filter(n -> sameSizes(0, n, 3))).containsExactly(1, 2);
        assertThat(IntStream.rangeClosed(1, 100).filter(n -> sameSizes(0, n, 4))).containsExactly(1, 2, 3, 4, 5);
        return Stream.of(3, 4).flatMap(arity -> IntStream.rangeClosed(1, 5).filter(n -> sameSizes(0, n, arity))
                .mapToObj(n -> Arguments.of(arity, n)));
    }

    /** n = 0 answers false for everything, the items it was built from too. */
    @ParameterizedTest(name = "arity {0}, n = {1}")
    @MethodSource("countsSizedAsEmpty")
    void aSmallSetForgedToZeroAnswersFalseForEverything(int arity, int n) throws IOException {
        long[] items = hashes(n);
        FuseFilter<Long> built = FuseFilter.buildFromHashes(spec(arity), KeyHasher.longs(), items);
        FuseFilter<Long> read = forged(built, 0);
        for (long item : items) {
            assertThat(built.mightContainHash(item)).isTrue();
            assertThat(read.mightContainHash(item)).isFalse();
        }
        SplittableRandom probes = new SplittableRandom(30);
        for (int i = 0; i < PROBES; i++) {
            assertThat(read.mightContainHash(probes.nextLong())).isFalse();
        }
    }

    /**
     * The empty set's slots are all zero, so forged to a count of the same sizes it answers true exactly for the hashes
     * whose fingerprint is 0: one in 2^f, where the filter of the empty set answered false.
     */
    @ParameterizedTest(name = "arity {0}, n = {1}")
    @MethodSource("countsSizedAsEmpty")
    void theEmptySetForgedToAnyCountAnswersTrueForFingerprintZero(int arity, int n) throws IOException {
        FuseFilter<Long> empty = FuseFilter.buildFromHashes(spec(arity), KeyHasher.longs(), new long[0]);
        FuseFilter<Long> read = forged(empty, n);
        SplittableRandom probes = new SplittableRandom(31);
        int trueAnswers = 0;
        for (int i = 0; i < PROBES; i++) {
            long probe = probes.nextLong();
            boolean zeroFingerprint = (FuseLayout.fingerprint(org.bloomery.api.internal.SeededMix.mix(probe, read.seed())) & 0xFF) == 0;
            assertThat(empty.mightContainHash(probe)).isFalse();
            assertThat(read.mightContainHash(probe)).isEqualTo(zeroFingerprint);
            trueAnswers += zeroFingerprint ? 1 : 0;
        }
        // Expected 100,000 / 256 = 391 (sd 20): zero would mean the probes never met the case.
        assertThat(trueAnswers).isBetween(250, 550);
    }
}
