package org.bloomery.api.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.bloomery.api.KeyHasher;
import org.junit.jupiter.api.Test;

class BloomProbesTest {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    @Test
    void positionIsTheUnsignedMultiplyHigh() {
        SplittableRandom random = new SplittableRandom(5);
        long[] sizes = {64, 1000, (1L << 32) + 64, (1L << 37), Long.MAX_VALUE};
        long[] edges = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE};
        for (long m : sizes) {
            for (int i = 0; i < 10_000; i++) {
                long g = i < edges.length ? edges[i] : random.nextLong();
                BigInteger unsigned = new BigInteger(Long.toUnsignedString(g));
                long expected = unsigned.multiply(BigInteger.valueOf(m)).divide(TWO_64).longValueExact();
                assertThat(BloomProbes.position(g, m)).isEqualTo(expected).isBetween(0L, m - 1);
            }
        }
    }

    @Test
    void stepIsOddSoProbesNeverCollapse() {
        SplittableRandom random = new SplittableRandom(6);
        for (int i = 0; i < 100_000; i++) {
            assertThat(BloomProbes.step(random.nextLong()) & 1).isEqualTo(1);
        }
        assertThat(BloomProbes.step(0)).isEqualTo(1);
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
