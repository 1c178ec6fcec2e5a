package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SwarFieldsTest {

    @ParameterizedTest(name = "width={0}")
    @MethodSource("org.bloomery.cuckoo.BucketFingerprintsTest#widths")
    void zeroFieldsMatchesASlotBySlotReference(int width) {
        SplittableRandom random = new SplittableRandom(width);
        long fieldMask = PartialKeyHashing.lowMask(width);
        for (int fields = 1; fields * width <= Long.SIZE; fields++) {
            long lows = SwarFields.lowBits(width, fields);
            long highs = lows << (width - 1);
            for (int round = 0; round < 20_000; round++) {
                // Random words have almost no zero fields at wide widths, so clear some fields, set
                // others to 1 or to their top bit alone (the values next to a borrow or carry), and
                // leave random garbage above the fields, which the test must ignore.
                long x = random.nextLong();
                for (int field = 0; field < fields; field++) {
                    int shift = field * width;
                    switch (random.nextInt(4)) {
                        case 0:
                            x &= ~(fieldMask << shift);
                            break;
                        case 1:
                            x = x & ~(fieldMask << shift) | 1L << shift;
                            break;
                        case 2:
                            x = x & ~(fieldMask << shift) | 1L << (shift + width - 1);
                            break;
                        default:
                    }
                }
                long expected = 0L;
                for (int field = 0; field < fields; field++) {
                    if ((x >>> (field * width) & fieldMask) == 0L) {
                        expected |= 1L << (field * width + width - 1);
                    }
                }
                long flags = SwarFields.zeroFields(x, highs);
                if (flags != expected) {
                    throw new AssertionError("width " + width + ", " + fields + " fields, word "
                            + Long.toHexString(x) + ": got " + Long.toHexString(flags) + ", expected "
                            + Long.toHexString(expected));
                }
                if (expected != 0L) {
                    int lowest = 0;
                    while ((x >>> (lowest * width) & fieldMask) != 0L) {
                        lowest++;
                    }
                    assertThat(SwarFields.lowestField(flags, width)).isEqualTo(lowest);
                }
            }
        }
    }

    @ParameterizedTest(name = "width={0}")
    @MethodSource("org.bloomery.cuckoo.BucketFingerprintsTest#widths")
    void lowBitsTimesAValueCopiesItIntoEveryField(int width) {
        int fields = Long.SIZE / width;
        long value = PartialKeyHashing.lowMask(width);
        long copies = value * SwarFields.lowBits(width, fields);
        for (int field = 0; field < fields; field++) {
            assertThat(copies >>> (field * width) & value).isEqualTo(value);
        }
        assertThat(fields * width == Long.SIZE ? 0L : copies >>> (fields * width)).isZero();
    }

    @Test
    void lowBitsMarksEachFieldsLowestBit() {
        assertThat(SwarFields.lowBits(13, 4)).isEqualTo(1L | 1L << 13 | 1L << 26 | 1L << 39);
        assertThat(SwarFields.lowBits(32, 2)).isEqualTo(1L | 1L << 32);
        assertThat(SwarFields.lowBits(4, 16)).isEqualTo(0x1111_1111_1111_1111L);
    }
}
