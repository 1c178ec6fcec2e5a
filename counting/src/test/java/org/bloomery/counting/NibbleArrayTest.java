package org.bloomery.counting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.bloomery.bloom.Writers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NibbleArrayTest {
    /** Word 1 of a 64-counter array: counters 16 to 31. */
    private static final int WORD_START = 16;

    /** Neighbour values to surround the counter under test with: all 0, all 15, and mixed. */
    static Stream<Arguments> slotsAndNeighbours() {
        int[][] backgrounds = {new int[16], filled(15), {15, 1, 0, 14, 7, 15, 0, 2, 13, 0, 15, 8, 1, 0, 9, 15}};
        return IntStream.range(0, 16).boxed()
                .flatMap(slot -> Stream.of(backgrounds).map(background -> Arguments.of(slot, background)));
    }

    private static int[] filled(int value) {
        int[] values = new int[16];
        Arrays.fill(values, value);
        return values;
    }

    /** Raises counter {@code WORD_START + s} to {@code background[s]} for every slot but {@code skip}. */
    private static NibbleArray withNeighbours(int[] background, int skip) {
        NibbleArray array = new NibbleArray(64, Writers.MANY);
        for (int s = 0; s < 16; s++) {
            for (int i = 0; i < background[s] && s != skip; i++) {
                array.increment(WORD_START + s);
            }
        }
        return array;
    }

    private static void assertNeighboursUntouched(NibbleArray array, int[] background, int slot) {
        for (int s = 0; s < 16; s++) {
            if (s != slot) {
                assertThat(array.get(WORD_START + s)).as("neighbour slot %d", s).isEqualTo(background[s]);
            }
        }
        // The words before and after stay all zero.
        for (int i = 0; i < 64; i++) {
            if (i < WORD_START || i >= WORD_START + 16) {
                assertThat(array.get(i)).as("counter %d in another word", i).isZero();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("slotsAndNeighbours")
    void saturatingOneCounterLeavesItsFifteenNeighboursUntouched(int slot, int[] background) {
        NibbleArray array = withNeighbours(background, slot);
        for (int i = 0; i < 20; i++) {
            assertThat(array.increment(WORD_START + slot)).isEqualTo(Math.min(i, 15));
        }
        assertThat(array.get(WORD_START + slot)).isEqualTo(15);
        assertNeighboursUntouched(array, background, slot);
    }

    @ParameterizedTest
    @MethodSource("slotsAndNeighbours")
    void decrementAtZeroNeverBorrowsFromANeighbour(int slot, int[] background) {
        NibbleArray array = withNeighbours(background, slot);
        long sum = array.sum();
        for (int i = 0; i < 3; i++) {
            assertThat(array.decrement(WORD_START + slot)).isZero();
        }
        assertThat(array.get(WORD_START + slot)).isZero();
        assertThat(array.sum()).isEqualTo(sum);
        assertNeighboursUntouched(array, background, slot);
    }

    @Test
    void aSaturatedCounterNeverGoesDown() {
        NibbleArray array = new NibbleArray(64, Writers.MANY);
        for (int i = 0; i < 15; i++) {
            array.increment(5);
        }
        assertThat(array.saturatedCount()).isOne();
        for (int i = 0; i < 20; i++) {
            assertThat(array.decrement(5)).isEqualTo(15);
        }
        assertThat(array.get(5)).isEqualTo(15);
        assertThat(array.saturatedCount()).isOne();
        assertThat(array.nonZeroCount()).isOne();
    }

    @Test
    void liveCountsFollowEveryUpdate() {
        NibbleArray array = new NibbleArray(1024, Writers.MANY);
        SplittableRandom random = new SplittableRandom(5);
        for (int op = 0; op < 200_000; op++) {
            long index = random.nextInt(1024);
            if (random.nextInt(3) == 0) {
                array.decrement(index);
            } else {
                array.increment(index);
            }
        }
        long nonZero = 0;
        long saturated = 0;
        for (long i = 0; i < 1024; i++) {
            nonZero += array.get(i) != 0 ? 1 : 0;
            saturated += array.get(i) == 15 ? 1 : 0;
        }
        assertThat(saturated).isPositive();
        assertThat(array.nonZeroCount()).isEqualTo(nonZero);
        assertThat(array.saturatedCount()).isEqualTo(saturated);
    }

    @Test
    void addAllSaturatesCounterWiseAndUpdatesTheCounts() {
        NibbleArray a = new NibbleArray(64, Writers.MANY);
        NibbleArray b = new NibbleArray(64, Writers.MANY);
        for (int i = 0; i < 10; i++) {
            a.increment(3);
            b.increment(3);
            b.increment(40);
        }
        a.increment(7);
        a.addAll(b);
        assertThat(a.get(3)).isEqualTo(15);
        assertThat(a.get(7)).isOne();
        assertThat(a.get(40)).isEqualTo(10);
        assertThat(a.nonZeroCount()).isEqualTo(3);
        assertThat(a.saturatedCount()).isOne();
        assertThat(b.get(7)).isZero();
        assertThatThrownBy(() -> a.addAll(new NibbleArray(128, Writers.MANY)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("64 and 128");
    }

    @Test
    void clearZeroesCountersAndCounts() {
        NibbleArray array = new NibbleArray(64, Writers.MANY);
        for (int i = 0; i < 16; i++) {
            array.increment(9);
        }
        array.clear();
        assertThat(array.sum()).isZero();
        assertThat(array.nonZeroCount()).isZero();
        assertThat(array.saturatedCount()).isZero();
    }

    @Test
    void sizeMustBeWholeWordsWithinTheLimit() {
        assertThat(new NibbleArray(16, Writers.MANY).size()).isEqualTo(16);
        for (long bad : new long[] {0, 8, 24, NibbleArray.MAX_COUNTERS + 16}) {
            assertThatThrownBy(() -> new NibbleArray(bad, Writers.MANY))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2^34");
        }
    }

    /**
     * Four threads hammer the sixteen nibbles of one word, each its own four, with up-and-down
     * updates that net to zero, then raise each slot to a distinct final value. A compare-and-set
     * that lost a neighbour's update would leave some nibble off by one.
     */
    @Test
    void concurrentUpdatesToNibblesOfOneWordAreNeverLost() throws Exception {
        NibbleArray array = new NibbleArray(64, Writers.MANY);
        int threads = 4;
        Workers.runTogether(threads, owner -> {
            for (int round = 0; round < 50_000; round++) {
                for (int slot = owner; slot < 16; slot += threads) {
                    array.increment(slot);
                    array.increment(slot);
                    array.decrement(slot);
                    array.decrement(slot);
                }
            }
            for (int slot = owner; slot < 16; slot += threads) {
                for (int i = 0; i < finalValue(slot); i++) {
                    array.increment(slot);
                }
            }
        });
        for (int slot = 0; slot < 16; slot++) {
            assertThat(array.get(slot)).as("slot %d", slot).isEqualTo(finalValue(slot));
        }
        assertThat(array.nonZeroCount()).isEqualTo(15);
        assertThat(array.saturatedCount()).isOne();
        assertThat(array.sum()).isEqualTo(IntStream.range(0, 16).map(NibbleArrayTest::finalValue).sum());
    }

    /**
     * Counter i lives in element PAD + i / 16, so the blocked layout's 8-word blocks start at PAD + 8j,
     * each a cache line when the array starts on one; the padding stays zero through every update,
     * and merge, and is never written: a 1,024-counter array (64 words) has a body of 512 bytes.
     */
    @Test
    void countersFollowTheCacheLinePaddingWhichStaysZeroAndUnwritten() {
        NibbleArray array = new NibbleArray(1024, Writers.MANY);
        assertThat(array.words()).hasSize(NibbleArray.PAD + 64);
        assertThat(array.wordCount()).isEqualTo(64);
        assertThat(NibbleArray.word(0)).isEqualTo(NibbleArray.PAD);
        assertThat(NibbleArray.word(1023)).isEqualTo(NibbleArray.PAD + 63);
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 5000; i++) {
            array.increment(random.nextInt(1024));
        }
        array.increment(0);
        assertThat(array.words()[NibbleArray.PAD] & 15).isNotZero();
        NibbleArray other = new NibbleArray(1024, Writers.MANY);
        other.increment(1023);
        array.addAll(other);
        for (int i = 0; i < 3000; i++) {
            array.decrement(random.nextInt(1024));
        }
        assertThat(Arrays.copyOf(array.words(), NibbleArray.PAD)).as("the padding").containsOnly(0L);

        // Its body counts the counters' words only (files of earlier releases read back
        // identically: PreviousReleaseFilesTest).
        assertThat(array.serializedBytes()).isEqualTo(512);
    }

    /** 0 to 15 in a scrambled order, so that neighbours end at different values: one 0, one saturated. */
    private static int finalValue(int slot) {
        return (slot * 7) & 15;
    }
}
