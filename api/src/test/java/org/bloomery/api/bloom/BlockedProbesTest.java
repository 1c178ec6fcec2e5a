package org.bloomery.api.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BlockedProbesTest {

    /** Pinned values: the positions are part of the format, so they must never change. */
    @Test
    void positionsArePinned() {
        long hash = 0x0123456789ABCDEFL;
        assertThat(BlockedProbes.block(hash, 1000)).isEqualTo(4);
        assertThat(BlockedProbes.block(-1L, 1000)).isEqualTo(999);
        assertThat(BlockedProbes.block(0L, 1000)).isZero();
        int[] bits = new int[4];
        BlockedProbes.bits(hash, 4, bits);
        int s = 0x89ABCDEF;
        for (int i = 0; i < 4; i++) {
            s *= 0x9E3779B9;
            assertThat(bits[i]).isEqualTo(s >>> 23);
        }
        assertThat(BlockedProbes.cell(-1, 512)).isEqualTo(511);
        assertThat(BlockedProbes.cell(-1, 128)).isEqualTo(127);
        assertThat(BlockedProbes.cell(0x7FFFFFFF, 128)).isEqualTo(63);
    }

    @Test
    void masksHoldExactlyTheProbedBits() {
        SplittableRandom random = new SplittableRandom(11);
        long[] masks = new long[8];
        int[] bits = new int[30];
        for (int trial = 0; trial < 10_000; trial++) {
            long hash = random.nextLong();
            int k = 1 + random.nextInt(30);
            BlockedProbes.masks(hash, k, masks);
            BlockedProbes.bits(hash, k, bits);
            long[] expected = new long[8];
            for (int i = 0; i < k; i++) {
                assertThat(bits[i]).isBetween(0, 511);
                expected[bits[i] >>> 6] |= 1L << bits[i];
            }
            assertThat(masks).containsExactly(expected);
        }
    }

    /** Every block and every bit of a block is hit evenly: chi-square over 64 blocks and 512 bits. */
    @Test
    void blocksAndBitsAreUniform() {
        SplittableRandom random = new SplittableRandom(12);
        int keys = 64_000;
        long[] blockHits = new long[64];
        long[] bitHits = new long[512];
        int[] bits = new int[8];
        for (int i = 0; i < keys; i++) {
            long hash = random.nextLong();
            blockHits[(int) BlockedProbes.block(hash, 64)]++;
            BlockedProbes.bits(hash, 8, bits);
            for (int b : bits) {
                bitHits[b]++;
            }
        }
        // 99.99th percentiles of chi-square: 63 degrees of freedom about 113, 511 about 640.
        assertThat(chiSquare(blockHits, keys / 64.0)).isLessThan(113);
        assertThat(chiSquare(bitHits, keys * 8 / 512.0)).isLessThan(640);
    }

    private static double chiSquare(long[] counts, double expected) {
        double sum = 0;
        for (long c : counts) {
            sum += (c - expected) * (c - expected) / expected;
        }
        return sum;
    }
}
