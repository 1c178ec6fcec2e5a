package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BlockedProbesTest {
    /** Cells of probes 0..7 of hash 0x0123456789ABCDEF at k = 8 in a block of 512 bits. */
    private static final int[] PINNED_BITS = {3, 73, 142, 231, 301, 377, 427, 493};
    /** The same in a block of 128 counters. */
    private static final int[] PINNED_COUNTERS = {0, 28, 41, 51, 74, 87, 107, 119};

    /** Pinned values: the positions are part of the format, so they must never change. */
    @Test
    void positionsArePinned() {
        long hash = 0x0123456789ABCDEFL;
        assertThat(BlockedProbes.block(hash, 1000)).isEqualTo(4);
        assertThat(BlockedProbes.block(-1L, 1000)).isEqualTo(999);
        assertThat(BlockedProbes.block(0L, 1000)).isZero();
        assertThat(BlockedProbes.rotation(hash, 6)).isEqualTo(7);
        assertThat(BlockedProbes.rotation(hash, 4)).isEqualTo(4);
        assertThat(BlockedProbes.rotation(hash, 2)).isEqualTo(6);
        assertThat(BlockedProbes.rotation(hash, 1)).isEqualTo(7);
        assertThat(BlockedProbes.rotation(hash, 8)).isZero();
        assertThat(BlockedProbes.rotation(hash, 16)).isZero();
        assertThat(BlockedProbes.rotation(hash, 24)).isEqualTo(7);
        long multiplier = 0x9E3779B97F4A7C15L;
        long power = multiplier;
        for (int i = 0; i < 20; i++) {
            if (i > 0 && i % 8 == 0) {
                power *= multiplier;
            }
            int field = i % 8;
            int bit = (int) ((hash * power) >>> (58 - 6 * field)) & 63;
            int counter = (int) ((hash * power) >>> (60 - 4 * field)) & 15;
            assertThat(BlockedProbes.bit(hash, i)).isEqualTo(1L << bit);
            assertThat(BlockedProbes.slot(hash, i, 64)).isEqualTo(bit);
            assertThat(BlockedProbes.slot(hash, i, 16)).isEqualTo(counter);
            assertThat(BlockedProbes.cell(hash, i, 20, 512)).isEqualTo(((7 + i) & 7) * 64 + bit);
            assertThat(BlockedProbes.cell(hash, i, 20, 128)).isEqualTo(((7 + i) & 7) * 16 + counter);
        }
        // The first key's 8 cells at k = 8, written out: a change to any of them is a format change.
        int[] cells = new int[8];
        int[] counters = new int[8];
        for (int i = 0; i < 8; i++) {
            cells[i] = BlockedProbes.cell(hash, i, 8, 512);
            counters[i] = BlockedProbes.cell(hash, i, 8, 128);
        }
        assertThat(cells).containsExactly(PINNED_BITS);
        assertThat(counters).containsExactly(PINNED_COUNTERS);
    }

    /** A key's first 8 probes lie in 8 different words; probe i + 8 shares probe i's word. */
    @Test
    void probesSplitOverTheWords() {
        SplittableRandom random = new SplittableRandom(10);
        for (int trial = 0; trial < 10_000; trial++) {
            long hash = random.nextLong();
            int k = 1 + random.nextInt(64);
            int words = 0;
            for (int i = 0; i < k; i++) {
                int word = BlockedProbes.cell(hash, i, k, 512) >>> 6;
                if (i < 8) {
                    assertThat(words & (1 << word)).isZero();
                    words |= 1 << word;
                } else {
                    assertThat(word).isEqualTo(BlockedProbes.cell(hash, i - 8, k, 512) >>> 6);
                }
            }
            if (k < 8 && Integer.bitCount(k) == 1) {
                assertThat(BlockedProbes.rotation(hash, k) % k).as("an aligned group of k words").isZero();
            }
        }
    }

    /** Every block and every bit of a block is hit evenly: chi-square over 64 blocks and 512 bits. */
    @Test
    void blocksAndBitsAreUniform() {
        SplittableRandom random = new SplittableRandom(12);
        int keys = 64_000;
        long[] blockHits = new long[64];
        long[] bitHits = new long[512];
        for (int i = 0; i < keys; i++) {
            long hash = random.nextLong();
            blockHits[(int) BlockedProbes.block(hash, 64)]++;
            for (int probe = 0; probe < 8; probe++) {
                bitHits[BlockedProbes.cell(hash, probe, 8, 512)]++;
            }
        }
        // 99.99th percentiles of chi-square: 63 degrees of freedom about 113, 511 about 640.
        assertThat(chiSquare(blockHits, keys / 64.0)).isLessThan(113);
        assertThat(chiSquare(bitHits, keys * 8 / 512.0)).isLessThan(640);
    }

    /**
     * The 8 fields of one product are independent of each other and of the block: chi-square of
     * (block among 8, probe j's bit) and of (probe j's word-bit top 3 bits, probe j + 1's).
     */
    @Test
    void fieldsAreIndependentOfEachOtherAndOfTheBlock() {
        SplittableRandom random = new SplittableRandom(13);
        int keys = 256_000;
        long[][] withBlock = new long[8][8 * 64];
        long[][] withNext = new long[7][64];
        for (int n = 0; n < keys; n++) {
            long hash = random.nextLong();
            int block = (int) BlockedProbes.block(hash, 8);
            for (int j = 0; j < 8; j++) {
                int bit = BlockedProbes.slot(hash, j, 64);
                withBlock[j][block * 64 + bit]++;
                if (j < 7) {
                    withNext[j][(bit >>> 3) * 8 + (BlockedProbes.slot(hash, j + 1, 64) >>> 3)]++;
                }
            }
        }
        // 99.99th percentiles of chi-square: 511 degrees of freedom about 640, 63 about 113.
        for (int j = 0; j < 8; j++) {
            assertThat(chiSquare(withBlock[j], keys / 512.0)).as("block and probe %d", j).isLessThan(640);
        }
        for (int j = 0; j < 7; j++) {
            assertThat(chiSquare(withNext[j], keys / 64.0)).as("probes %d and %d", j, j + 1).isLessThan(113);
        }
    }

    private static double chiSquare(long[] counts, double expected) {
        double sum = 0;
        for (long c : counts) {
            sum += (c - expected) * (c - expected) / expected;
        }
        return sum;
    }
}
