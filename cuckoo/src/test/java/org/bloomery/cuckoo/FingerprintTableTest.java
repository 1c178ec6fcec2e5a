package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FingerprintTableTest {

    static IntStream widths() {
        return IntStream.rangeClosed(CuckooShape.MIN_FINGERPRINT_BITS, CuckooShape.MAX_FINGERPRINT_BITS);
    }

    @ParameterizedTest(name = "bits={0}")
    @MethodSource("widths")
    void everySlotKeepsItsValueAndLeavesItsNeighboursAlone(int bits) {
        // 67 slots of one slot per bucket: at every width that does not divide 64, many slots straddle
        // two words; writing each slot and rereading all others catches any spill into a neighbour.
        int slots = 67;
        FingerprintTable table = FingerprintTable.allocate(bits, 1, slots);
        long mask = (1L << bits) - 1;
        int[] expected = new int[slots];
        SplittableRandom random = new SplittableRandom(bits);
        for (int round = 0; round < 20; round++) {
            for (int slot = 0; slot < slots; slot++) {
                int value = round == 0 ? (int) mask : (int) (random.nextLong() & mask);
                table.set(slot, value);
                expected[slot] = value;
                for (int other = 0; other < slots; other++) {
                    if (table.get(other) != expected[other]) {
                        throw new AssertionError("width " + bits + ": writing slot " + slot + " changed slot " + other);
                    }
                }
            }
        }
        table.clear();
        for (int slot = 0; slot < slots; slot++) {
            assertThat(table.get(slot)).isZero();
        }
    }

    @ParameterizedTest(name = "bits={0}")
    @MethodSource("widths")
    void layoutAndBitSizeFollowTheWidth(int bits) {
        int slots = 4 * 1001;
        FingerprintTable table = FingerprintTable.allocate(bits, 4, slots);
        long packedBits = 64L * ((slots * (long) bits + 63) / 64);
        switch (bits) {
            case 8:
                assertThat(table).isInstanceOf(ByteFingerprintTable.class);
                assertThat(table.bitSize()).isEqualTo(8L * slots);
                break;
            case 16:
                assertThat(table).isInstanceOf(ShortFingerprintTable.class);
                assertThat(table.bitSize()).isEqualTo(16L * slots);
                break;
            default:
                assertThat(table).isInstanceOf(PackedFingerprintTable.class);
                assertThat(table.bitSize()).isEqualTo(packedBits);
        }
        assertThat(table.bitSize()).as("at most one word more than the slots need")
                .isBetween((long) slots * bits, (long) slots * bits + 63);
        assertThat(table.serializedBytes() * 8).isEqualTo(table.bitSize());
        assertThat(table.slots()).isEqualTo(slots);
    }

    @Test
    void wordsForRoundsUpToWholeWords() {
        assertThat(PackedFingerprintTable.wordsFor(12, 16)).isEqualTo(3);
        assertThat(PackedFingerprintTable.wordsFor(12, 17)).isEqualTo(4);
        assertThat(PackedFingerprintTable.wordsFor(13, 64)).isEqualTo(13);
        assertThat(PackedFingerprintTable.wordsFor(32, FingerprintTable.MAX_SLOTS))
                .isEqualTo((int) ((FingerprintTable.MAX_SLOTS * 32L + 63) / 64));
    }

    @ParameterizedTest(name = "bits={0}")
    @MethodSource("widths")
    void bucketOperationsFindCountInsertAndDelete(int bits) {
        FingerprintTable table = FingerprintTable.allocate(bits, 4, 4 * 3);
        int fingerprint = (int) ((1L << bits) - 1);
        assertThat(table.contains(1, fingerprint)).isFalse();
        for (int i = 0; i < 4; i++) {
            assertThat(table.insert(1, i == 2 ? 5 : fingerprint)).isTrue();
        }
        assertThat(table.insert(1, fingerprint)).as("a full bucket").isFalse();
        assertThat(table.count(1, fingerprint)).isEqualTo(3);
        assertThat(table.contains(0, fingerprint) || table.contains(2, fingerprint)).as("other buckets").isFalse();
        assertThat(table.occupied()).isEqualTo(4);
        assertThat(table.swap(1 * 4 + 2, fingerprint)).isEqualTo(5);
        assertThat(table.count(1, fingerprint)).isEqualTo(4);
        for (int i = 0; i < 4; i++) {
            assertThat(table.delete(1, fingerprint)).isTrue();
        }
        assertThat(table.delete(1, fingerprint)).isFalse();
        assertThat(table.occupied()).isZero();
    }
}
