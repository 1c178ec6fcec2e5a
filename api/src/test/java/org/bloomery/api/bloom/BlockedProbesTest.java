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
            int top6 = (int) ((hash * power) >>> 58);
            assertThat(BlockedProbes.bit(hash, i)).isEqualTo(1L << top6);
            assertThat(BlockedProbes.slot(hash, i, 64)).isEqualTo(top6);
            assertThat(BlockedProbes.slot(hash, i, 16)).isEqualTo(top6 >>> 2);
            assertThat(BlockedProbes.cell(hash, i, 20, 512)).isEqualTo(((7 + i) & 7) * 64 + top6);
            assertThat(BlockedProbes.cell(hash, i, 20, 128)).isEqualTo(((7 + i) & 7) * 16 + (top6 >>> 2));
            power *= multiplier;
        }
        assertThat(BlockedProbes.cell(hash, 0, 8, 512)).isEqualTo((int) ((hash * multiplier) >>> 58));
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

    @Test
    void masksHoldExactlyTheProbedBits() {
        SplittableRandom random = new SplittableRandom(11);
        long[] masks = new long[8];
        for (int trial = 0; trial < 10_000; trial++) {
            long hash = random.nextLong();
            int k = 1 + random.nextInt(64);
            BlockedProbes.masks(hash, k, masks);
            long[] expected = new long[8];
            for (int i = 0; i < k; i++) {
                int cell = BlockedProbes.cell(hash, i, k, 512);
                assertThat(cell).isBetween(0, 511);
                expected[cell >>> 6] |= 1L << cell;
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

    private static double chiSquare(long[] counts, double expected) {
        double sum = 0;
        for (long c : counts) {
            sum += (c - expected) * (c - expected) / expected;
        }
        return sum;
    }
}
