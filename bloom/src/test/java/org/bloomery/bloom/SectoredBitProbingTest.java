package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sectored probe strategy against an oracle of its positions ({@link SectoredProbes}); its
 * concurrent adds: {@link BitProbingTest}.
 */
class SectoredBitProbingTest {
    private static final BloomLayout SECTORED = BloomLayout.SECTORED;

    /** Bit {@code 64w + j} of a key's block is one of its probes: the oracle, word by word. */
    private static long[] masks(long hash, int k) {
        long[] masks = new long[8];
        masks[SectoredProbes.firstWord(hash)] = SectoredProbes.firstMask(hash, k / 2);
        masks[SectoredProbes.secondWord(hash)] = SectoredProbes.secondMask(hash, k / 2);
        return masks;
    }

    /**
     * setProbes sets exactly the oracle's bits of the key's block, answers whether any was clear
     * and counts each new bit once, with either writer, for every even k; keys accumulate in an
     * array of 5 blocks until it is half full, so shared bits occur.
     */
    @ParameterizedTest
    @EnumSource(Writers.class)
    void setProbesSetsExactlyTheOracleBits(Writers writers) {
        SplittableRandom random = new SplittableRandom(41);
        long blocks = 5;
        BitArray bits = new BitArray(512 * blocks, writers);
        java.util.BitSet replay = new java.util.BitSet();
        for (int op = 0; op < 5_000; op++) {
            long hash = random.nextLong();
            int k = 2 * (1 + random.nextInt(SectoredModel.MAX_WORD_HASHES));
            long[] masks = masks(hash, k);
            long base = BlockedProbes.block(hash, blocks) * 512;
            boolean anyClear = false;
            for (int bit = 0; bit < 512; bit++) {
                if ((masks[bit >>> 6] & 1L << bit) != 0) {
                    anyClear |= !replay.get((int) base + bit);
                    replay.set((int) base + bit);
                }
            }
            assertThat(BitProbing.setProbes(SECTORED, bits, hash, k)).as("k %d, hash %x", k, hash).isEqualTo(anyClear);
            assertThat(BitProbing.probesSet(SECTORED, bits, hash, k)).isTrue();
            assertThat(bits.cardinality()).isEqualTo(replay.cardinality());
            if (replay.cardinality() > 512 * blocks / 2) {
                for (int i = 0; i < 512 * blocks; i++) {
                    assertThat(bits.get(i)).as("bit %d", i).isEqualTo(replay.get(i));
                }
                bits.clear();
                replay.clear();
            }
        }
    }

    /**
     * The query (and the batch query, over many chunks and a partial last one, only inside its
     * range, keeping earlier true answers in the OR form) answers exactly "every oracle bit is set",
     * on an array filled so that about 30% of random keys find all their k bits set.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 6, 8, 10, 16})
    void queriesAreTrueExactlyWhenEveryOracleBitIsSet(int k) {
        SplittableRandom random = new SplittableRandom(42);
        long blocks = 37;
        BitArray bits = new BitArray(512 * blocks);
        double density = Math.pow(0.3, 1.0 / k);
        for (int i = 0; i < -Math.log1p(-density) * 512 * blocks; i++) {
            bits.set(random.nextLong(512 * blocks));
        }
        long[] hashes = new long[3000];
        boolean[] oracle = new boolean[hashes.length];
        int trues = 0;
        for (int i = 0; i < hashes.length; i++) {
            long hash = random.nextLong();
            hashes[i] = hash;
            long[] masks = masks(hash, k);
            long base = BlockedProbes.block(hash, blocks) * 512;
            boolean all = true;
            for (int bit = 0; bit < 512; bit++) {
                all &= (masks[bit >>> 6] & 1L << bit) == 0 || bits.get(base + bit);
            }
            oracle[i] = all;
            trues += all ? 1 : 0;
            assertThat(BitProbing.probesSet(SECTORED, bits, hash, k)).as("hash %x", hash).isEqualTo(all);
        }
        assertThat(trues).as("keys whose bits were all set").isBetween(600, 1200);
        boolean[] before = new boolean[hashes.length];
        for (int i = 0; i < hashes.length; i += 3) {
            before[i] = true;
        }
        boolean[] batch = before.clone();
        BitProbing.probesSet(SECTORED, bits, hashes, 10, hashes.length - 10, k, batch);
        boolean[] or = before.clone();
        BitProbing.orProbesSet(SECTORED, bits, hashes, 10, hashes.length - 10, k, or);
        for (int i = 0; i < hashes.length; i++) {
            boolean inRange = i >= 10 && i < hashes.length - 10;
            assertThat(batch[i]).as("batch %d", i).isEqualTo(inRange ? oracle[i] : before[i]);
            assertThat(or[i]).as("or %d", i).isEqualTo(before[i] || inRange && oracle[i]);
        }
    }
}
