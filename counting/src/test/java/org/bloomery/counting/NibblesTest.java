package org.bloomery.counting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NibblesTest {
    private static final long ALL_FIFTEEN = -1L;

    /** Packs {@code values[0..15]} the slow way, as the reference for every SWAR method. */
    private static long pack(int[] values) {
        long word = 0;
        for (int slot = 0; slot < 16; slot++) {
            word |= (long) values[slot] << (4 * slot);
        }
        return word;
    }

    private static int[] unpack(long word) {
        int[] values = new int[16];
        for (int slot = 0; slot < 16; slot++) {
            values[slot] = (int) (word >>> (4 * slot)) & 0xF;
        }
        return values;
    }

    private static int[] randomValues(SplittableRandom random) {
        int[] values = new int[16];
        for (int slot = 0; slot < 16; slot++) {
            // Bias towards the edges 0 and 15, where carries and borrows would show.
            int roll = random.nextInt(4);
            values[slot] = roll == 0 ? 0 : roll == 1 ? 15 : random.nextInt(16);
        }
        return values;
    }

    @Test
    void getReadsTheSlotsNibble() {
        long word = 0xFEDCBA9876543210L;
        for (int slot = 0; slot < 16; slot++) {
            assertThat(Nibbles.get(word, slot)).isEqualTo(slot);
        }
    }

    @Test
    void incrementRaisesOnlyItsSlotAndSaturatesAtFifteen() {
        SplittableRandom random = new SplittableRandom(1);
        for (int trial = 0; trial < 10_000; trial++) {
            int[] values = randomValues(random);
            int slot = random.nextInt(16);
            int[] expected = values.clone();
            expected[slot] = Math.min(15, values[slot] + 1);
            assertThat(unpack(Nibbles.increment(pack(values), slot))).containsExactly(expected);
        }
    }

    @Test
    void incrementOfASaturatedSlotReturnsTheSameWord() {
        for (int slot = 0; slot < 16; slot++) {
            assertThat(Nibbles.increment(ALL_FIFTEEN, slot)).isEqualTo(ALL_FIFTEEN);
        }
    }

    @Test
    void decrementLowersOnlyItsSlotAndStopsAtZero() {
        SplittableRandom random = new SplittableRandom(2);
        for (int trial = 0; trial < 10_000; trial++) {
            int[] values = randomValues(random);
            int slot = random.nextInt(16);
            int[] expected = values.clone();
            expected[slot] = Math.max(0, values[slot] - 1);
            assertThat(unpack(Nibbles.decrement(pack(values), slot))).containsExactly(expected);
        }
    }

    @Test
    void decrementAtZeroNeverBorrowsFromANeighbour() {
        for (int slot = 0; slot < 16; slot++) {
            long word = ALL_FIFTEEN & ~(0xFL << (4 * slot));
            assertThat(Nibbles.decrement(word, slot)).isEqualTo(word);
            assertThat(Nibbles.decrement(0L, slot)).isZero();
        }
    }

    @Test
    void saturatingAddIsCounterWiseMinOfSumAndFifteen() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 10_000; trial++) {
            int[] a = randomValues(random);
            int[] b = randomValues(random);
            int[] expected = new int[16];
            for (int slot = 0; slot < 16; slot++) {
                expected[slot] = Math.min(15, a[slot] + b[slot]);
            }
            assertThat(unpack(Nibbles.saturatingAdd(pack(a), pack(b)))).containsExactly(expected);
        }
        assertThat(Nibbles.saturatingAdd(ALL_FIFTEEN, ALL_FIFTEEN)).isEqualTo(ALL_FIFTEEN);
        assertThat(Nibbles.saturatingAdd(0x8888888888888888L, 0x8888888888888888L)).isEqualTo(ALL_FIFTEEN);
    }

    @Test
    void saturatedSubtractLowersAllButFifteensAndStopsAtZero() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 10_000; trial++) {
            int[] a = randomValues(random);
            int[] d = randomValues(random);
            int[] expected = new int[16];
            boolean anyZero = false;
            for (int slot = 0; slot < 16; slot++) {
                expected[slot] = a[slot] == 15 ? 15 : Math.max(0, a[slot] - d[slot]);
                anyZero |= d[slot] != 0 && a[slot] == 0;
            }
            assertThat(unpack(Nibbles.saturatedSubtract(pack(a), pack(d)))).containsExactly(expected);
            assertThat(Nibbles.anyZeroAt(pack(a), pack(d))).isEqualTo(anyZero);
        }
        assertThat(Nibbles.saturatedSubtract(ALL_FIFTEEN, ALL_FIFTEEN)).isEqualTo(ALL_FIFTEEN);
        assertThat(Nibbles.saturatedSubtract(0x1111111111111111L, ALL_FIFTEEN & 0xEEEEEEEEEEEEEEEEL)).isZero();
        assertThat(Nibbles.anyZeroAt(0L, 0L)).isFalse();
    }

    @Test
    void countsAndSumMatchASlotBySlotScan() {
        SplittableRandom random = new SplittableRandom(4);
        for (int trial = 0; trial < 10_000; trial++) {
            int[] values = randomValues(random);
            long word = pack(values);
            int nonZero = 0;
            int saturated = 0;
            int sum = 0;
            for (int v : values) {
                nonZero += v != 0 ? 1 : 0;
                saturated += v == 15 ? 1 : 0;
                sum += v;
            }
            assertThat(Nibbles.nonZeroCount(word)).isEqualTo(nonZero);
            assertThat(Nibbles.saturatedCount(word)).isEqualTo(saturated);
            assertThat(Nibbles.sum(word)).isEqualTo(sum);
        }
        assertThat(Nibbles.sum(ALL_FIFTEEN)).isEqualTo(240);
        assertThat(Nibbles.saturatedCount(ALL_FIFTEEN)).isEqualTo(16);
        // Every nibble 14 (1110): bits set in all but the lowest place must not count as saturated.
        assertThat(Nibbles.saturatedCount(0xEEEEEEEEEEEEEEEEL)).isZero();
    }
}
