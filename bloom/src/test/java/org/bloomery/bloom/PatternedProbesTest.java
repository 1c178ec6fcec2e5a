package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The patterned layout's tables and position rule, pinned so that the format cannot drift, and its
 * inline query and add ({@link PatternedBits}) held to a plain implementation of the rule as
 * FORMAT.md writes it.
 */
class PatternedProbesTest {
    /**
     * Per kw (row kw - 1): the table's checksum {@code sum (2i + 1) T[i] mod 2^64}, then entries 0
     * and 255. Another implementation of the layout must give these; changing a table breaks every
     * file written with it.
     */
    private static final long[][] TABLES = {
        {0x286799C50104A9BAL, 0x0000000000000080L, 0x0000000800000000L},
        {0x22CFB591E659AFC0L, 0x0000020100000000L, 0x4001000000000000L},
        {0xDA9DF57C2C5F39BCL, 0x6800000000000000L, 0x0000002000001400L},
        {0x8B55A89FA1F838A0L, 0x0081100000000080L, 0x4004060000000000L},
        {0xBAB9BAD8821DCDFCL, 0x0000000024401001L, 0x8800000000200041L},
        {0xE371A6E8DF65A340L, 0x0100042000004600L, 0x0000000104014021L},
        {0x391D33E539FA5BAAL, 0x0010104000021021L, 0x0000021010018500L},
        {0x985A6A0B1540B45BL, 0x4088001060010200L, 0x8101000080902200L},
        {0x8C1BA57A72112312L, 0xD008024010040002L, 0x0008100D00080442L},
        {0x73AE0F0C78B759EEL, 0x4000001E00080C0AL, 0x0080410408808094L},
        {0x41506257D68D0518L, 0x081004C80048001CL, 0x2083240040002026L},
        {0xFA81E3916C6AEB23L, 0x00040A45C0010A04L, 0x80008011C48D2000L},
        {0xEB567D056F866948L, 0x00C02282090A2050L, 0x56C0018002220402L},
        {0x389095D6AC025D6AL, 0x8240518C80248800L, 0x80020E200B324100L},
        {0x75C805BCD6177A08L, 0x0B000A400A208A68L, 0x0248020067225024L},
        {0xDD52693A61422221L, 0x291032A9084800C0L, 0x000222A107A52220L},
    };

    /**
     * Golden vectors: hash, block of 1000, w1, w2, then the masks of w1 and w2 at kw = 3 (k = 6) and
     * kw = 5 (k = 10). Computed by an implementation of the written rule outside Java.
     */
    private static final long[][] GOLDEN = {
        {0x0000000000000000L, 0, 0, 4, 0x6800000000000000L, 0x6800000000000000L, 0x0000000024401001L, 0x0000000024401001L},
        {0x0000000000000001L, 0, 1, 4, 0x6800000000000000L, 0x6800000000000000L, 0x0000000024401001L, 0x0000000024401001L},
        {0xFFFFFFFFFFFFFFFFL, 999, 3, 7, 0x0000001000000A00L, 0x0000001000000A00L, 0xC400000000100020L, 0xC400000000100020L},
        {0x0123456789ABCDEFL, 4, 3, 7, 0x0000002110000000L, 0x2000040800000000L, 0x0000020100400082L, 0x0208200200002000L},
        {0x9E3779B97F4A7C15L, 618, 1, 5, 0x0000000000300040L, 0x0000000008000006L, 0x0002000010400480L, 0x6080000000000030L},
        {0xDEADBEEFCAFEBABEL, 869, 2, 7, 0x0002004000000002L, 0x0000002000040010L, 0x0100100008010040L, 0x0010000800080102L},
    };

    /** The tables as FORMAT.md describes their generator, written here without the layout's code. */
    private static final long[][] WRITTEN = new long[17][];

    static {
        for (int kw = 1; kw <= 16; kw++) {
            long state = 0x426C6F6F6D657279L + kw;
            WRITTEN[kw] = new long[256];
            for (int i = 0; i < 256; i++) {
                long pattern = 0;
                while (Long.bitCount(pattern) < kw) {
                    state += 0x9E3779B97F4A7C15L;
                    long z = state;
                    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
                    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
                    z ^= z >>> 31;
                    pattern |= 1L << (z >>> 58);
                }
                WRITTEN[kw][i] = pattern;
            }
        }
    }

    @Test
    void tablesMatchTheirPinnedChecksumsAndEntries() {
        for (int kw = 1; kw <= 16; kw++) {
            long[] table = PatternedProbes.table(kw);
            assertThat(table).as("kw %d", kw).hasSize(256).isEqualTo(WRITTEN[kw]);
            long checksum = 0;
            for (int i = 0; i < table.length; i++) {
                assertThat(Long.bitCount(table[i])).as("kw %d, entry %d", kw, i).isEqualTo(kw);
                checksum += (2L * i + 1) * table[i];
            }
            assertThat(checksum).as("checksum, kw %d", kw).isEqualTo(TABLES[kw - 1][0]);
            assertThat(table[0]).as("entry 0, kw %d", kw).isEqualTo(TABLES[kw - 1][1]);
            assertThat(table[255]).as("entry 255, kw %d", kw).isEqualTo(TABLES[kw - 1][2]);
        }
    }

    @Test
    void positionsMatchTheGoldenVectors() {
        for (long[] row : GOLDEN) {
            long hash = row[0];
            assertThat(BlockedProbes.block(hash, 1000)).as("block of %x", hash).isEqualTo(row[1]);
            assertThat(PatternedProbes.firstWord(hash)).as("w1 of %x", hash).isEqualTo(row[2]);
            assertThat(PatternedProbes.secondWord(hash)).as("w2 of %x", hash).isEqualTo(row[3]);
            assertThat(PatternedProbes.firstMask(hash, 3)).as("w1 mask, kw 3, of %x", hash).isEqualTo(row[4]);
            assertThat(PatternedProbes.secondMask(hash, 3)).as("w2 mask, kw 3, of %x", hash).isEqualTo(row[5]);
            assertThat(PatternedProbes.firstMask(hash, 5)).as("w1 mask, kw 5, of %x", hash).isEqualTo(row[6]);
            assertThat(PatternedProbes.secondMask(hash, 5)).as("w2 mask, kw 5, of %x", hash).isEqualTo(row[7]);
        }
    }

    /** The written rule: words from bits 0..3, patterns from bits 4..11 and 18..25, rotations from 12..17 and 26..31. */
    private static long[] written(long hash, int kw) {
        int w1 = (int) (hash & 3);
        int w2 = 4 + (int) ((hash >>> 2) & 3);
        long mask1 = Long.rotateLeft(WRITTEN[kw][(int) ((hash >>> 4) & 255)], (int) ((hash >>> 12) & 63));
        long mask2 = Long.rotateLeft(WRITTEN[kw][(int) ((hash >>> 18) & 255)], (int) ((hash >>> 26) & 63));
        return new long[] {w1, w2, mask1, mask2};
    }

    @Test
    void positionsFollowTheWrittenRule() {
        SplittableRandom random = new SplittableRandom(61);
        for (int trial = 0; trial < 20_000; trial++) {
            long hash = random.nextLong();
            int kw = 1 + random.nextInt(16);
            long[] rule = written(hash, kw);
            assertThat(PatternedProbes.firstWord(hash)).isEqualTo(rule[0]);
            assertThat(PatternedProbes.secondWord(hash)).isEqualTo(rule[1]);
            assertThat(PatternedProbes.firstMask(hash, kw)).as("hash %x, kw %d", hash, kw).isEqualTo(rule[2]);
            assertThat(PatternedProbes.secondMask(hash, kw)).as("hash %x, kw %d", hash, kw).isEqualTo(rule[3]);
        }
    }

    /**
     * The inline add and query of every kw (the constant-table bodies of kw 3 to 6 and the general
     * one), both writers: each add ORs exactly the written masks into the written words of the
     * written block and reports the bits it turned on; each query answers as the rule does, on
     * blocks filled to about half their bits, where both answers are common. The batch walk and
     * the mapped class are held to these queries by {@link BloomBitsTest} and {@link MappedBitsTest}.
     */
    @ParameterizedTest
    @EnumSource(Writers.class)
    void inlineAddAndQueryFollowTheWrittenRule(Writers writers) {
        SplittableRandom random = new SplittableRandom(62);
        long blocks = 5;
        for (int kw = 1; kw <= 16; kw++) {
            BloomShape shape = new BloomShape(blocks * 512, 2 * kw, 512, BloomLayout.PATTERNED);
            BloomBits bits = BloomBits.allocate(shape, writers);
            long[] words = new long[(int) blocks * 8];
            long set = 0;
            // About half the bits set: each add sets at most 2 kw of the 2560.
            for (int i = 0; i < 1280 / (2 * kw) + 1; i++) {
                long hash = random.nextLong();
                long[] rule = written(hash, kw);
                int base = (int) BlockedProbes.block(hash, blocks) * 8;
                long before1 = words[base + (int) rule[0]];
                long before2 = words[base + (int) rule[1]];
                long turnedOn = Long.bitCount(rule[2] & ~before1) + Long.bitCount(rule[3] & ~before2);
                words[base + (int) rule[0]] |= rule[2];
                words[base + (int) rule[1]] |= rule[3];
                set += turnedOn;
                assertThat(bits.add(hash)).as("kw %d, hash %x", kw, hash).isEqualTo(turnedOn > 0);
                assertThat(bits.cardinality()).isEqualTo(set);
            }
            for (int w = 0; w < words.length; w++) {
                assertThat(bits.word(w)).as("kw %d, word %d", kw, w).isEqualTo(words[w]);
            }
            for (int i = 0; i < 2_000; i++) {
                long hash = random.nextLong();
                long[] rule = written(hash, kw);
                int base = (int) BlockedProbes.block(hash, blocks) * 8;
                boolean expected = (words[base + (int) rule[0]] & rule[2]) == rule[2]
                        && (words[base + (int) rule[1]] & rule[3]) == rule[3];
                assertThat(bits.contains(hash)).as("kw %d, hash %x", kw, hash).isEqualTo(expected);
            }
        }
    }
}
