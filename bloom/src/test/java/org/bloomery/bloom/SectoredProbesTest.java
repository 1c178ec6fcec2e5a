package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The sectored layout's position rule, pinned so that the format cannot drift. */
class SectoredProbesTest {
    /**
     * Golden vectors: hash, block of 1000, w1, w2, then the masks of w1 and w2 at kw = 3 (k = 6, one
     * product) and kw = 5 (k = 10, probes 8 and 9 from the second product). Another implementation
     * of the layout must give these.
     */
    private static final long[][] GOLDEN = {
        {0x0000000000000000L, 0, 0, 1, 0x0000000000000001L, 0x0000000000000001L, 0x0000000000000001L, 0x0000000000000001L},
        {0x0000000000000001L, 0, 1, 0, 0x0000008820000000L, 0x0200400000800000L, 0x0200408820000000L, 0x2090000000800400L},
        {0xFFFFFFFFFFFFFFFFL, 999, 7, 0, 0x0000000411000000L, 0x0000010000020040L, 0x0000000411020040L, 0x0020010000000904L},
        {0x0123456789ABCDEFL, 4, 7, 0, 0x0000000000004208L, 0x0200208000000000L, 0x0000208000004208L, 0x0200280000080001L},
        {0x9E3779B97F4A7C15L, 618, 5, 7, 0x0090000000010000L, 0x0000300000000100L, 0x0090200000010100L, 0x0200100001000110L},
        {0xDEADBEEFCAFEBABEL, 869, 6, 1, 0x0004400000000008L, 0x0010001020000000L, 0x0004401020000008L, 0x0030000002002020L},
    };

    @Test
    void positionsMatchTheGoldenVectors() {
        for (long[] row : GOLDEN) {
            long hash = row[0];
            assertThat(BlockedProbes.block(hash, 1000)).as("block of %x", hash).isEqualTo(row[1]);
            assertThat(SectoredProbes.firstWord(hash)).as("w1 of %x", hash).isEqualTo(row[2]);
            assertThat(SectoredProbes.secondWord(hash)).as("w2 of %x", hash).isEqualTo(row[3]);
            assertThat(SectoredProbes.firstMask(hash, 3)).as("w1 mask, kw 3, of %x", hash).isEqualTo(row[4]);
            assertThat(SectoredProbes.secondMask(hash, 3)).as("w2 mask, kw 3, of %x", hash).isEqualTo(row[5]);
            assertThat(SectoredProbes.firstMask(hash, 5)).as("w1 mask, kw 5, of %x", hash).isEqualTo(row[6]);
            assertThat(SectoredProbes.secondMask(hash, 5)).as("w2 mask, kw 5, of %x", hash).isEqualTo(row[7]);
        }
    }

    /**
     * The rule as FORMAT.md writes it, in plain arithmetic (no call into the layout's code): w1 the
     * low 3 bits, w2 = w1 XOR (1 + fastrange7 of bits 3..34), probe i bit {@code (x_g >>> (58 - 6 (i
     * mod 8))) & 63} of {@code x_g = hash * 0x9E3779B97F4A7C15^(g+1)}, g = i / 8; probes below kw in w1.
     */
    @Test
    void positionsFollowTheWrittenRule() {
        SplittableRandom random = new SplittableRandom(31);
        for (int trial = 0; trial < 20_000; trial++) {
            long hash = random.nextLong();
            int kw = 1 + random.nextInt(SectoredModel.MAX_WORD_HASHES);
            int w1 = (int) (hash & 7);
            int w2 = w1 ^ (1 + (int) (((hash >>> 3) & 0xFFFFFFFFL) * 7 >>> 32));
            long[] masks = new long[2];
            for (int i = 0; i < 2 * kw; i++) {
                long x = hash;
                for (int g = 0; g <= i / 8; g++) {
                    x *= 0x9E3779B97F4A7C15L;
                }
                masks[i < kw ? 0 : 1] |= 1L << ((x >>> (58 - 6 * (i % 8))) & 63);
            }
            assertThat(SectoredProbes.firstWord(hash)).isEqualTo(w1);
            assertThat(SectoredProbes.secondWord(hash)).isEqualTo(w2).isNotEqualTo(w1);
            assertThat(SectoredProbes.firstMask(hash, kw)).as("hash %x, kw %d", hash, kw).isEqualTo(masks[0]);
            assertThat(SectoredProbes.secondMask(hash, kw)).as("hash %x, kw %d", hash, kw).isEqualTo(masks[1]);
        }
    }

    /**
     * Every ordered pair of distinct words equally likely: 2,800,000 hashes put E = 50,000 in each of
     * the 56 pairs (sd 221); the 3% band (1,500) is 6.8 sigma, while a distance taken as "3 bits mod
     * 7" would put twice the share on one distance and miss it by far.
     */
    @Test
    void wordPairsAreUniform() {
        SplittableRandom random = new SplittableRandom(32);
        int hashes = 2_800_000;
        long[][] counts = new long[8][8];
        for (int i = 0; i < hashes; i++) {
            long hash = random.nextLong();
            counts[SectoredProbes.firstWord(hash)][SectoredProbes.secondWord(hash)]++;
        }
        double expected = hashes / 56.0;
        for (int a = 0; a < 8; a++) {
            assertThat(counts[a][a]).isZero();
            for (int b = 0; b < 8; b++) {
                if (a != b) {
                    assertThat(counts[a][b] / expected).as("pair (%d, %d)", a, b).isBetween(0.97, 1.03);
                }
            }
        }
    }
}
