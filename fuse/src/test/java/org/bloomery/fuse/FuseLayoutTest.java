package org.bloomery.fuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.bloomery.api.internal.SeededMix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The slot arithmetic: sizes, the unsigned high product, and three slots in consecutive segments. */
class FuseLayoutTest {

    @Test
    void aMillionItemsTakeTheSizesOfThePaper() {
        FuseLayout layout = FuseLayout.forItems(1_000_000);
        assertThat(layout.segmentLength()).isEqualTo(1 << 13);
        assertThat(layout.arrayLength()).isEqualTo(138 * 8192);
        assertThat((double) layout.arrayLength() / 1_000_000).isBetween(1.125, 1.135);
        FuseLayout four = FuseLayout.forItems(1_000_000, 4);
        assertThat(four.segmentLength()).isEqualTo(1 << 12);
        assertThat(four.arrayLength()).isEqualTo(263 * 4096);
        assertThat((double) four.arrayLength() / 1_000_000).isBetween(1.075, 1.08);
    }

    @Test
    void firstIsTheUnsignedHighProduct() {
        SplittableRandom random = new SplittableRandom(1);
        BigInteger twoTo64 = BigInteger.ONE.shiftLeft(64);
        for (int i = 0; i < 10_000; i++) {
            long mixed = random.nextLong();
            int range = 1 + random.nextInt(Integer.MAX_VALUE);
            BigInteger unsigned = BigInteger.valueOf(mixed).mod(twoTo64);
            int expected = unsigned.multiply(BigInteger.valueOf(range)).shiftRight(64).intValueExact();
            assertThat(FuseLayout.first(mixed, range)).isEqualTo(expected);
        }
        assertThat(FuseLayout.first(-1L, 100)).isEqualTo(99);
        assertThat(FuseLayout.first(0L, 100)).isZero();
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(longs = {0, 1, 2, 3, 10, 1000, 123_456, 10_000_000, 1L << 30})
    void theSlotsLieInConsecutiveSegmentsInsideTheArray(long items) {
        FuseLayout layout = FuseLayout.forItems(items);
        int length = layout.segmentLength();
        assertThat(Integer.bitCount(length)).isOne();
        assertThat((long) layout.arrayLength()).isEqualTo((long) (layout.segmentCount() + 2) * length);
        FuseLayout four = FuseLayout.forItems(items, 4);
        assertThat((long) four.arrayLength()).isEqualTo((long) (four.segmentCount() + 3) * four.segmentLength());
        SplittableRandom random = new SplittableRandom(items);
        for (int i = 0; i < 10_000; i++) {
            long mixed = SeededMix.mix(random.nextLong(), 42);
            int a = FuseLayout.first(mixed, layout.startSlots());
            int b = FuseLayout.second(mixed, a, length);
            int c = FuseLayout.third(mixed, a, length);
            assertThat(a).isBetween(0, layout.startSlots() - 1);
            assertThat(b / length).isEqualTo(a / length + 1);
            assertThat(c / length).isEqualTo(a / length + 2);
            assertThat(c).isLessThan(layout.arrayLength());
            int first = FuseLayout.first(mixed, four.startSlots());
            int d = FuseLayout.fourth(mixed, first, four.segmentLength());
            assertThat(d / four.segmentLength()).isEqualTo(first / four.segmentLength() + 3);
            assertThat(d).isLessThan(four.arrayLength());
        }
    }
}
