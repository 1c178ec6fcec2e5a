package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.bloomery.api.KeyHasher;
import org.junit.jupiter.api.Test;

class BloomProbesTest {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    @Test
    void unsignedMultiplyHighIsExact() {
        SplittableRandom random = new SplittableRandom(5);
        long[] sizes = {64, 1000, (1L << 32) + 64, (1L << 37), Long.MAX_VALUE};
        long[] edges = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE};
        for (long m : sizes) {
            for (int i = 0; i < 10_000; i++) {
                long g = i < edges.length ? edges[i] : random.nextLong();
                BigInteger unsigned = new BigInteger(Long.toUnsignedString(g));
                long expected = unsigned.multiply(BigInteger.valueOf(m)).divide(TWO_64).longValueExact();
                assertThat(BloomProbes.unsignedMultiplyHigh(g, m)).isEqualTo(expected).isBetween(0L, m - 1);
                assertThat(BloomProbes.position(g, m)).isBetween(0L, m - 1);
            }
        }
    }

    @Test
    void stepIsOddAndNeverZero() {
        SplittableRandom random = new SplittableRandom(6);
        for (int i = 0; i < 100_000; i++) {
            assertThat(BloomProbes.step(random.nextLong()) & 1).isEqualTo(1);
        }
        assertThat(BloomProbes.step(0)).isEqualTo(1);
    }

    /** The key that made all 7 probes of an unscrambled scheme land on one bit. */
    @Test
    void aTinyStepDoesNotCollapseTheProbes() {
        long hash = 0x1234567800000000L;
        long m = 9_585_088;
        java.util.Set<Long> positions = new java.util.HashSet<>();
        long g = hash;
        for (int i = 0; i < 7; i++, g += BloomProbes.step(hash)) {
            positions.add(BloomProbes.position(g, m));
        }
        assertThat(positions).hasSize(7);
    }

    /**
     * Over a 64-bit filter with k = 3, a key's probes coincide when two of its 3 positions are
     * equal. For independent positions that happens with probability 1 - (63/64)(62/64) = 0.0464;
     * 200,000 keys expect 9,277 with standard deviation 94, so ±600 is over 6 sigma. Unscrambled
     * double hashing gave far more (steps near multiples of 2^64 / m).
     */
    @Test
    void probesOfSmallFiltersCoincideNoMoreThanIndependentOnes() {
        int keys = 200_000;
        int coinciding = 0;
        for (int key = 0; key < keys; key++) {
            long hash = KeyHasher.hashLong(key);
            long step = BloomProbes.step(hash);
            long a = BloomProbes.position(hash, 64);
            long b = BloomProbes.position(hash + step, 64);
            long c = BloomProbes.position(hash + 2 * step, 64);
            coinciding += (a == b || b == c || a == c) ? 1 : 0;
        }
        assertThat(coinciding).isBetween(9_277 - 600, 9_277 + 600);
    }

    /** Scrambling is undone by multiplying with the multiplier's inverse and xor-shifting again. */
    @Test
    void scrambleIsABijection() {
        long multiplier = BloomProbes.scramble(1); // (1 ^ 0) * C = C
        long inverse = multiplier; // Newton's iteration doubles the correct low bits each step
        for (int i = 0; i < 6; i++) {
            inverse *= 2 - multiplier * inverse;
        }
        assertThat(multiplier * inverse).isEqualTo(1);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            long g = random.nextLong();
            long x = BloomProbes.scramble(g) * inverse;
            assertThat(x ^ (x >>> 32)).isEqualTo(g);
        }
    }

    /**
     * Positions of 2^20 hashed keys over m = 2^34 + 64 (past 2^32) fall evenly into 16 bands:
     * each band expects 65,536 with standard deviation 256, so ±2,000 is a 7.8-sigma bound; a
     * scheme that only reaches the low 2^32 positions would leave 15 bands empty.
     */
    @Test
    void probePositionsSpreadOverTheWholeRangeAboveTwoToThe32() {
        long m = (1L << 34) + 64;
        int[] bands = new int[16];
        for (long key = 0; key < (1 << 20); key++) {
            long hash = KeyHasher.hashLong(key);
            long g = hash + 3 * BloomProbes.step(hash);
            bands[(int) (BloomProbes.position(g, m) / ((m + 15) / 16))]++;
        }
        for (int band : bands) {
            assertThat(band).isBetween(65_536 - 2_000, 65_536 + 2_000);
        }
    }
}
