package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The probe strategies of both layouts, each against an oracle of its positions ({@link
 * BloomProbes}, {@link BlockedProbes#cell}) read back bit by bit from the storage.
 */
class BitProbingTest {
    private static final BloomLayout STANDARD = BloomLayout.STANDARD;
    private static final BloomLayout BLOCKED = BloomLayout.BLOCKED;

    /** The probe methods touch exactly the positions BloomProbes gives, and count each new bit once. */
    @Test
    void probesSetAndTestTheBloomProbePositions() {
        long m = 64 * 20;
        BitArray bits = new BitArray(m);
        long hash = 0x9E3779B97F4A7C15L;
        assertThat(BitProbing.probesSet(STANDARD, bits, hash, 5)).isFalse();
        assertThat(BitProbing.setProbes(STANDARD, bits, hash, 5)).isTrue();
        assertThat(BitProbing.setProbes(STANDARD, bits, hash, 5)).isFalse();
        java.util.Set<Long> positions = new java.util.HashSet<>();
        long g = hash;
        for (int i = 0; i < 5; i++, g += BloomProbes.step(hash)) {
            positions.add(BloomProbes.position(g, m));
        }
        for (long i = 0; i < m; i++) {
            assertThat(bits.get(i)).as("bit %d", i).isEqualTo(positions.contains(i));
        }
        assertThat(bits.cardinality()).isEqualTo(positions.size());
        assertThat(BitProbing.probesSet(STANDARD, bits, hash, 5)).isTrue();
        assertThat(BitProbing.probesSet(STANDARD, bits, hash + 1, 5)).isFalse();
    }

    /**
     * setProbes against a replay of its positions, with either writer, for k up to 64 on arrays
     * small enough that a key's probes often share a bit: it answers whether any of them was clear,
     * sets exactly them, and counts each new bit once.
     */
    @ParameterizedTest
    @EnumSource(Writers.class)
    void setProbesMatchesAReplayOfItsPositions(Writers writers) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(23);
        for (long m : new long[] {64, 64 * 3, 64 * 50}) {
            BitArray bits = new BitArray(m, writers);
            java.util.BitSet replay = new java.util.BitSet();
            for (int op = 0; op < 3_000; op++) {
                long hash = random.nextLong();
                int k = 1 + random.nextInt(64);
                boolean anyClear = false;
                long g = hash;
                for (int i = 0; i < k; i++, g += BloomProbes.step(hash)) {
                    int position = (int) BloomProbes.position(g, m);
                    anyClear |= !replay.get(position);
                    replay.set(position);
                }
                assertThat(BitProbing.setProbes(STANDARD, bits, hash, k)).as("m %d, k %d, hash %x", m, k, hash).isEqualTo(anyClear);
                assertThat(bits.cardinality()).isEqualTo(replay.cardinality());
                if (replay.cardinality() == m) {
                    bits.clear();
                    replay.clear();
                }
            }
            for (int i = 0; i < m; i++) {
                assertThat(bits.get(i)).as("bit %d of %d", i, m).isEqualTo(replay.get(i));
            }
        }
    }

    /**
     * The query (its probes tested in pairs) answers exactly "every one of the k positions is set",
     * for every k from 1 to 64 (odd k leave one probe after the pairs), on an array about half
     * full, so both answers and a first clear bit at every probe occur.
     */
    @Test
    void probesSetIsTrueExactlyWhenEveryPositionIsSet() {
        long m = 64 * 37;
        BitArray bits = new BitArray(m);
        java.util.SplittableRandom random = new java.util.SplittableRandom(21);
        for (int i = 0; i < m * 7 / 10; i++) {
            bits.set(random.nextLong(m));
        }
        int trues = 0;
        for (int k = 1; k <= 64; k++) {
            for (int trial = 0; trial < 2_000; trial++) {
                long hash = random.nextLong();
                boolean all = true;
                long g = hash;
                for (int i = 0; i < k; i++, g += BloomProbes.step(hash)) {
                    all &= bits.get(BloomProbes.position(g, m));
                }
                assertThat(BitProbing.probesSet(STANDARD, bits, hash, k)).as("k %d, hash %x", k, hash).isEqualTo(all);
                trues += all ? 1 : 0;
            }
        }
        assertThat(trues).as("keys whose probes were all set").isGreaterThan(1_000);
    }

    /** The blocked query answers true exactly when every bit BlockedProbes gives is set, for every k. */
    @Test
    void blockProbesSetIsTrueExactlyWhenEveryPositionIsSet() {
        long blocks = 37;
        BitArray bits = new BitArray(512 * blocks);
        java.util.SplittableRandom random = new java.util.SplittableRandom(24);
        for (int i = 0; i < 512 * blocks * 9 / 10; i++) {
            bits.set(random.nextLong(512 * blocks));
        }
        long[] masks = new long[8];
        int trues = 0;
        for (int k = 1; k <= 64; k++) {
            for (int trial = 0; trial < 2_000; trial++) {
                long hash = random.nextLong();
                masks(hash, k, masks);
                long base = BlockedProbes.block(hash, blocks) * 512;
                boolean all = true;
                for (int bit = 0; bit < 512; bit++) {
                    all &= (masks[bit >>> 6] & 1L << bit) == 0 || bits.get(base + bit);
                }
                assertThat(BitProbing.probesSet(BLOCKED, bits, hash, k)).as("k %d, hash %x", k, hash).isEqualTo(all);
                trues += all ? 1 : 0;
            }
        }
        assertThat(trues).as("keys whose probes were all set").isGreaterThan(1_000);
    }

    /** The blocked methods touch exactly the bits BlockedProbes gives, inside the key's block. */
    @Test
    void blockProbesSetAndTestTheBlockedPositions() {
        long m = 512 * 7;
        BitArray bits = new BitArray(m);
        java.util.SplittableRandom random = new java.util.SplittableRandom(21);
        long[] masks = new long[8];
        for (int trial = 0; trial < 200; trial++) {
            bits.clear();
            long hash = random.nextLong();
            int k = 1 + random.nextInt(64);
            assertThat(BitProbing.probesSet(BLOCKED, bits, hash, k)).isFalse();
            assertThat(BitProbing.setProbes(BLOCKED, bits, hash, k)).isTrue();
            assertThat(BitProbing.setProbes(BLOCKED, bits, hash, k)).isFalse();
            assertThat(BitProbing.probesSet(BLOCKED, bits, hash, k)).isTrue();
            masks(hash, k, masks);
            long block = BlockedProbes.block(hash, 7);
            long expectedCount = 0;
            for (long i = 0; i < m; i++) {
                boolean inBlock = i / 512 == block;
                int offset = (int) (i % 512);
                boolean expected = inBlock && (masks[offset >>> 6] & (1L << offset)) != 0;
                assertThat(bits.get(i)).as("bit %d", i).isEqualTo(expected);
                expectedCount += expected ? 1 : 0;
            }
            assertThat(bits.cardinality()).isEqualTo(expectedCount);
        }
    }

    /**
     * The batch queries answer as the single ones, for both layouts and probe counts from 1 to 64,
     * at the same indices only (stale answers inside the range replaced, those outside kept), across
     * many chunks and a partial last one.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 7, 8, 13, 16, 64})
    void batchQueriesMatchSingleQueries(int k) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(22);
        BitArray bits = new BitArray(512 * 40);
        long[] hashes = new long[3000];
        boolean[] before = new boolean[hashes.length];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = random.nextLong();
            if (i % 2 == 0) {
                BitProbing.setProbes(STANDARD, bits, hashes[i], k);
                BitProbing.setProbes(BLOCKED, bits, hashes[i], k);
            }
            before[i] = i % 3 == 0;
        }
        boolean[] standard = before.clone();
        boolean[] blocked = before.clone();
        BitProbing.probesSet(STANDARD, bits, hashes, 10, hashes.length - 10, k, standard);
        BitProbing.probesSet(BLOCKED, bits, hashes, 10, hashes.length - 10, k, blocked);
        for (int i = 0; i < hashes.length; i++) {
            boolean inRange = i >= 10 && i < hashes.length - 10;
            assertThat(standard[i]).as("standard %d", i).isEqualTo(inRange ? BitProbing.probesSet(STANDARD, bits, hashes[i], k) : before[i]);
            assertThat(blocked[i]).as("blocked %d", i).isEqualTo(inRange ? BitProbing.probesSet(BLOCKED, bits, hashes[i], k) : before[i]);
        }
        // The OR forms keep every true answer and add the single answers to the false ones.
        boolean[] orStandard = before.clone();
        boolean[] orBlocked = before.clone();
        BitProbing.orProbesSet(STANDARD, bits, hashes, 10, hashes.length - 10, k, orStandard);
        BitProbing.orProbesSet(BLOCKED, bits, hashes, 10, hashes.length - 10, k, orBlocked);
        for (int i = 0; i < hashes.length; i++) {
            boolean inRange = i >= 10 && i < hashes.length - 10;
            assertThat(orStandard[i]).as("or standard %d", i)
                    .isEqualTo(before[i] || inRange && BitProbing.probesSet(STANDARD, bits, hashes[i], k));
            assertThat(orBlocked[i]).as("or blocked %d", i)
                    .isEqualTo(before[i] || inRange && BitProbing.probesSet(BLOCKED, bits, hashes[i], k));
        }
    }

    /**
     * An array of two pages (2^33 + 2^30 bits, 1.125 GiB; one key in nine has its block in the
     * second): the batch walk finds each key's block on its own page. Bulk writes of 200,000 keys
     * set every key's bits where a single query looks (no false negative) and report each bit they
     * turned on exactly once, and batch queries over those keys and as many absent ones answer as
     * single queries do.
     */
    @ParameterizedTest
    @CsvSource({"BLOCKED, 7", "SECTORED, 6"})
    void batchWalkFindsBlocksOnBothPages(BloomLayout layout, int k) {
        BitArray bits = new BitArray((1L << 33) + (1L << 30));
        assertThat(bits.onePage()).isFalse();
        java.util.SplittableRandom random = new java.util.SplittableRandom(33);
        long[] hashes = random.longs(400_000).toArray();
        int present = hashes.length / 2;
        long words = bits.bitSize() >>> 6;
        long onSecondPage = java.util.Arrays.stream(hashes, 0, present)
                .filter(hash -> BlockedProbes.firstWord(hash, words) >= 1L << 27).count();
        assertThat(onSecondPage).as("keys whose block is in the second page").isBetween(20_000L, 25_000L);

        long changed = ProbeBatch.orProbesPlain(layout, bits, hashes, 0, present, k);

        long set = 0;
        for (long word = 0; word < words; word++) {
            set += Long.bitCount(bits.page(word)[BitArray.slot(word)]);
        }
        assertThat(changed).as("bits the writes reported turning on").isEqualTo(set);
        for (int i = 0; i < present; i++) {
            assertThat(BitProbing.probesSet(layout, bits, hashes[i], k)).as("written key %d", i).isTrue();
        }
        boolean[] batch = new boolean[hashes.length];
        BitProbing.probesSet(layout, bits, hashes, 0, hashes.length, k, batch);
        for (int i = 0; i < hashes.length; i++) {
            assertThat(batch[i]).as("key %d", i).isEqualTo(BitProbing.probesSet(layout, bits, hashes[i], k));
        }
    }

    /**
     * Four threads add 400 keys into two shared blocks (blocked: 3 probes each, about 70% of the bits
     * end set; sectored: 2 probes, one in each of two words, about 55%): the one atomic OR per word
     * must lose no bit and count each exactly once.
     */
    @ParameterizedTest
    @CsvSource({"BLOCKED, 3", "SECTORED, 2"})
    void concurrentBlockAddsAreNeverLost(BloomLayout layout, int k) throws InterruptedException {
        BitArray bits = new BitArray(1024);
        long[][] keys = new long[4][100];
        java.util.SplittableRandom random = new java.util.SplittableRandom(23);
        for (long[] row : keys) {
            for (int i = 0; i < row.length; i++) {
                row[i] = random.nextLong();
            }
        }
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (long[] row : keys) {
            threads.add(new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                for (long hash : row) {
                    BitProbing.setProbes(layout, bits, hash, k);
                }
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        BitArray sequential = new BitArray(1024);
        for (long[] row : keys) {
            for (long hash : row) {
                BitProbing.setProbes(layout, sequential, hash, k);
                assertThat(BitProbing.probesSet(layout, bits, hash, k)).isTrue();
            }
        }
        assertThat(BitArrayTest.sameBits(bits, sequential)).isTrue();
        assertThat(bits.cardinality()).isEqualTo(sequential.cardinality());
        assertThat(bits.cardinality()).as("set bits of 1024").isBetween(400L, 800L);
    }

    /**
     * The oracle of a key's probes in its block: bit j of {@code masks[w]} is set when one of the k
     * probes is cell {@code 64w + j}, as {@link BlockedProbes#cell} gives them one by one.
     */
    private static void masks(long hash, int k, long[] masks) {
        java.util.Arrays.fill(masks, 0L);
        for (int i = 0; i < k; i++) {
            int cell = BlockedProbes.cell(hash, i, k, BlockedProbes.BLOCK_BITS);
            masks[cell >>> 6] |= 1L << cell;
        }
    }
}
