package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class BucketFingerprintsTest {

    static IntStream widths() {
        return IntStream.rangeClosed(CuckooShape.MIN_FINGERPRINT_BITS, CuckooShape.MAX_FINGERPRINT_BITS);
    }

    @ParameterizedTest(name = "bits={0}")
    @MethodSource("widths")
    void everySlotKeepsItsValueAndLeavesItsNeighboursAlone(int bits) {
        // 67 slots of one slot per bucket: at every width that does not divide 64, many slots straddle
        // two words; writing each slot and rereading all others catches any spill into a neighbour.
        int slots = 67;
        BucketFingerprints table = BucketFingerprints.allocate(bits, 1, slots);
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
        BucketFingerprints table = BucketFingerprints.allocate(bits, 4, slots);
        long packedBits = 64L * ((slots * (long) bits + 63) / 64);
        switch (bits) {
            case 8:
                assertThat(table).isInstanceOf(ByteBucketFingerprints.class);
                assertThat(table.bitSize()).isEqualTo(8L * slots);
                break;
            case 16:
                assertThat(table).isInstanceOf(ShortBucketFingerprints.class);
                assertThat(table.bitSize()).isEqualTo(16L * slots);
                break;
            default:
                assertThat(table).isInstanceOf(PackedBucketFingerprints.class);
                assertThat(table.bitSize()).isEqualTo(packedBits);
        }
        assertThat(table.bitSize()).as("at most one word more than the slots need")
                .isBetween((long) slots * bits, (long) slots * bits + 63);
        assertThat(table.serializedBytes() * 8).isEqualTo(table.bitSize());
        assertThat(table.slots()).isEqualTo(slots);
    }

    @Test
    void wordsForRoundsUpToWholeWords() {
        assertThat(PackedBucketFingerprints.wordsFor(12, 16)).isEqualTo(3);
        assertThat(PackedBucketFingerprints.wordsFor(12, 17)).isEqualTo(4);
        assertThat(PackedBucketFingerprints.wordsFor(13, 64)).isEqualTo(13);
        assertThat(PackedBucketFingerprints.wordsFor(32, BucketFingerprints.MAX_SLOTS))
                .isEqualTo((int) ((BucketFingerprints.MAX_SLOTS * 32L + 63) / 64));
    }

    @ParameterizedTest(name = "bits={0}")
    @MethodSource("widths")
    void bucketOperationsFindCountInsertAndDelete(int bits) {
        BucketFingerprints table = BucketFingerprints.allocate(bits, 4, 4 * 3);
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

    static IntStream bucketSizes() {
        return IntStream.of(2, 4, 8);
    }

    @ParameterizedTest(name = "b={0}")
    @MethodSource("bucketSizes")
    void wholeBucketOperationsAgreeWithSlotReads(int bucketSize) {
        // 37 buckets at every width: buckets of b*f bits start at every offset within a word and
        // straddle words; small values (1..3) make matches, empty slots and repeats common.
        SplittableRandom random = new SplittableRandom(bucketSize);
        for (int bits = CuckooShape.MIN_FINGERPRINT_BITS; bits <= CuckooShape.MAX_FINGERPRINT_BITS; bits++) {
            int buckets = 37;
            BucketFingerprints table = BucketFingerprints.allocate(bits, bucketSize, buckets * bucketSize);
            for (int round = 0; round < 200; round++) {
                int slot = random.nextInt(buckets * bucketSize);
                table.set(slot, random.nextBoolean() ? random.nextInt(4) : (int) random.nextLong());
                int bucket = random.nextInt(buckets);
                int fingerprint = random.nextBoolean() ? 1 + random.nextInt(3) : (int) random.nextLong();
                fingerprint = (int) (fingerprint & PartialKeyHashing.lowMask(bits));
                if (fingerprint == 0) {
                    fingerprint = 1;
                }
                int matches = 0;
                int firstMatch = -1;
                int firstEmpty = -1;
                for (int i = bucket * bucketSize; i < (bucket + 1) * bucketSize; i++) {
                    if (table.get(i) == fingerprint) {
                        matches++;
                        firstMatch = firstMatch < 0 ? i : firstMatch;
                    }
                    firstEmpty = firstEmpty < 0 && table.get(i) == 0 ? i : firstEmpty;
                }
                String where = "bits " + bits + ", bucket " + bucket + ", fingerprint " + fingerprint;
                assertThat(table.contains(bucket, fingerprint)).as(where).isEqualTo(matches > 0);
                assertThat(table.count(bucket, fingerprint)).as(where).isEqualTo(matches);
                int other = random.nextInt(buckets);
                assertThat(table.containsEither(bucket, other, fingerprint)).as(where + ", other " + other)
                        .isEqualTo(matches > 0 || table.contains(other, fingerprint));
                assertThat(table.containsEither(other, bucket, fingerprint)).as(where + ", other " + other)
                        .isEqualTo(matches > 0 || table.contains(other, fingerprint));
                if (random.nextBoolean()) {
                    assertThat(table.delete(bucket, fingerprint)).as(where).isEqualTo(matches > 0);
                    if (firstMatch >= 0) {
                        assertThat(table.get(firstMatch)).as(where).isZero();
                    }
                } else {
                    assertThat(table.insert(bucket, fingerprint)).as(where).isEqualTo(firstEmpty >= 0);
                    if (firstEmpty >= 0) {
                        assertThat(table.get(firstEmpty)).as(where).isEqualTo(fingerprint);
                    }
                }
            }
        }
    }
}
