package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link BulkBuild}: its parts split the array at whole blocks and select exactly the keys of their
 * blocks, and a bulk-built bit array equals, word for word and in its count, one filled by setting
 * each key in turn, on one thread or several, from an array, a sequential stream or a parallel one.
 */
class BulkBuildTest {
    private static final long SEED = 0xB01C_B111L;

    /** The least hash of each block is in it, and the hash before it in the block before. */
    @Test
    void firstHashIsTheBlocksLeastHash() {
        SplittableRandom random = new SplittableRandom(SEED);
        for (long blocks : new long[] {1, 2, 3, 7, 1000, (1L << 28) + 3, (1L << 34) - 1}) {
            for (int trial = 0; trial < 200; trial++) {
                long block = trial == 0 ? 0 : trial == 1 ? blocks - 1 : random.nextLong(blocks);
                long first = BulkBuild.firstHash(block, blocks);
                assertThat(BlockedProbes.block(first, blocks)).as("block of firstHash(%d, %d)", block, blocks)
                        .isEqualTo(block);
                if (block > 0) {
                    assertThat(BlockedProbes.block(first - 1, blocks)).as("block before firstHash(%d, %d)", block, blocks)
                            .isEqualTo(block - 1);
                }
            }
        }
    }

    /**
     * Parts cover the words once, in whole blocks, none empty, and each key is held by exactly the
     * part whose words hold its block, for part counts that do not divide the blocks.
     */
    @ParameterizedTest
    @MethodSource("splits")
    void partsCoverTheArrayAndHoldEachKeyOnce(long words, int unitWords, int count) {
        List<BulkBuild.Part> parts = BulkBuild.parts(words, unitWords, count);
        assertThat(parts).hasSize((int) Math.min(count, words / unitWords));
        long next = 0;
        for (BulkBuild.Part part : parts) {
            assertThat(part.fromWord()).isEqualTo(next);
            assertThat(part.toWord()).isGreaterThan(part.fromWord());
            assertThat(part.fromWord() % unitWords).isZero();
            next = part.toWord();
        }
        assertThat(next).isEqualTo(words);
        if (unitWords == 1) {
            return;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 20_000; i++) {
            long hash = random.nextLong();
            long base = BlockedProbes.firstWord(hash, words);
            List<BulkBuild.Part> holders = new ArrayList<>();
            for (BulkBuild.Part part : parts) {
                if (part.holdsKey(hash)) {
                    holders.add(part);
                }
            }
            assertThat(holders).as("parts holding hash %x", hash).hasSize(1);
            assertThat(holders.get(0).holdsWord(base) && holders.get(0).holdsWord(base + 7)).isTrue();
        }
    }

    static Stream<Arguments> splits() {
        return Stream.of(
                Arguments.of(8L, 8, 3),
                Arguments.of(8L * 7, 8, 3),
                Arguments.of(8L * 1000, 8, 2),
                Arguments.of(8L * 1001, 8, 16),
                Arguments.of(1L, 1, 4),
                Arguments.of(1001L, 1, 3));
    }

    /**
     * Bulk-built bits equal one-by-one bits for every layout: no hash, one, a one-block array, and
     * arrays whose blocks (or words) do not divide among the threads, with enough hashes to split.
     */
    @ParameterizedTest
    @MethodSource("builds")
    void bulkBitsEqualBitsSetOneByOne(BloomLayout layout, long m, int k, int n, int threads) {
        long[] hashes = new SplittableRandom(SEED + n).longs(n).toArray();
        long[] untouched = hashes.clone();
        BloomShape shape = shape(layout, m, k);
        BloomBits expected = BloomBits.allocate(shape, Writers.MANY);
        for (long hash : hashes) {
            expected.add(hash);
        }
        BloomBits bulk = BloomBits.allocate(shape, Writers.MANY);
        inPool(threads, () -> BulkBuild.apply(BulkBuild.bits(bulk), hashes, 0, hashes.length));
        assertSameBits(bulk, expected);
        assertThat(hashes).as("the caller's hashes").isEqualTo(untouched);
    }

    static Stream<Arguments> builds() {
        int many = BulkBuild.PARALLEL_MIN_HASHES + 3;
        List<Arguments> cases = new ArrayList<>();
        for (BloomLayout layout : BloomLayout.values()) {
            int k = layout == BloomLayout.STANDARD ? 7 : 8;
            cases.add(Arguments.of(layout, 512L, k, 0, 1));
            cases.add(Arguments.of(layout, 512L, k, 1, 1));
            cases.add(Arguments.of(layout, 512L, k, 60, 1));
            cases.add(Arguments.of(layout, 512L, k, many, 3));
            cases.add(Arguments.of(layout, 512L * 7, k, many, 3));
            cases.add(Arguments.of(layout, 512L * 1001, k, many, 2));
            cases.add(Arguments.of(layout, 512L * 1001, k, many, 4));
            cases.add(Arguments.of(layout, 512L * 1001, k, 1000, 4));
        }
        cases.add(Arguments.of(BloomLayout.STANDARD, 64L * 1001, 7, many, 3));
        cases.add(Arguments.of(BloomLayout.BLOCKED, 512L * 1001, 24, many, 3));
        cases.add(Arguments.of(BloomLayout.SECTORED, 512L * 1001, 6, many, 3));
        cases.add(Arguments.of(BloomLayout.PATTERNED, 512L * 1001, 6, many, 3));
        return cases.stream();
    }

    /**
     * Each part's thread writes no word outside its part, and the parts' writes together make the
     * one-by-one array: so no two threads ever write one word.
     */
    @ParameterizedTest
    @MethodSource("layouts")
    void eachPartWritesOnlyItsOwnWords(BloomLayout layout) {
        long m = 512L * 1001;
        int k = layout == BloomLayout.STANDARD ? 7 : 8;
        long[] hashes = new SplittableRandom(SEED).longs(20_000).toArray();
        BloomShape shape = shape(layout, m, k);
        BloomBits expected = BloomBits.allocate(shape, Writers.MANY);
        for (long hash : hashes) {
            expected.add(hash);
        }
        long words = m >>> 6;
        List<BulkBuild.Part> parts = BulkBuild.parts(words, layout == BloomLayout.STANDARD ? 1 : 8, 3);
        long[] seen = new long[(int) words];
        for (BulkBuild.Part part : parts) {
            BloomBits alone = BloomBits.allocate(shape, Writers.MANY);
            BulkBuild.Target target = BulkBuild.bits(alone);
            BulkBuild.Writer writer = target.writer(part);
            BulkBuild.applyPart(target.blocked(), writer, part, hashes, 0, hashes.length);
            writer.commit();
            for (long w = 0; w < words; w++) {
                long word = alone.word(w);
                if (!part.holdsWord(w)) {
                    assertThat(word).as("word %d outside part %s", w, part).isZero();
                }
                seen[(int) w] |= word;
            }
        }
        for (long w = 0; w < words; w++) {
            assertThat(seen[(int) w]).as("word %d", w).isEqualTo(expected.word(w));
        }
    }

    /**
     * A sequential stream longer than a chunk and a parallel stream give the same bits as the array
     * they stream.
     */
    @ParameterizedTest
    @MethodSource("layouts")
    void streamsGiveTheSameBitsAsTheArray(BloomLayout layout) {
        long m = 512L * 4099;
        int k = layout == BloomLayout.STANDARD ? 7 : 8;
        long[] hashes = new SplittableRandom(SEED).longs(BulkBuild.CHUNK + 1234).toArray();
        BloomShape shape = shape(layout, m, k);
        BloomBits fromArray = BloomBits.allocate(shape, Writers.MANY);
        BulkBuild.apply(BulkBuild.bits(fromArray), hashes, 0, hashes.length);
        BloomBits sequential = BloomBits.allocate(shape, Writers.MANY);
        BulkBuild.apply(BulkBuild.bits(sequential), LongStream.of(hashes), "a test");
        assertSameBits(sequential, fromArray);
        BloomBits parallel = BloomBits.allocate(shape, Writers.MANY);
        inPool(2, () -> BulkBuild.apply(BulkBuild.bits(parallel), LongStream.of(hashes).parallel(), "a test"));
        assertSameBits(parallel, fromArray);
    }

    static Stream<BloomLayout> layouts() {
        return Stream.of(BloomLayout.values());
    }

    /** A single-writer array fills as a many-writer one does, and keeps its mode. */
    @Test
    void keepsTheArraysWriters() {
        long[] hashes = new SplittableRandom(SEED).longs(BulkBuild.PARALLEL_MIN_HASHES).toArray();
        BloomShape shape = new BloomShape(512L * 100, 8, 512, BloomLayout.SECTORED);
        BloomBits many = BloomBits.allocate(shape, Writers.MANY);
        BloomBits single = BloomBits.allocate(shape, Writers.SINGLE);
        inPool(2, () -> BulkBuild.apply(BulkBuild.bits(many), hashes, 0, hashes.length));
        inPool(2, () -> BulkBuild.apply(BulkBuild.bits(single), hashes, 0, hashes.length));
        assertSameBits(single, many);
        assertThat(single.writers()).isEqualTo(Writers.SINGLE);
        assertThat(many.writers()).isEqualTo(Writers.MANY);
    }

    /** Runs a build in a pool of its own, so that it splits over that many threads. */
    private static void inPool(int threads, Runnable build) {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            pool.submit(build).join();
        } finally {
            pool.shutdown();
        }
    }

    private static BloomShape shape(BloomLayout layout, long m, int k) {
        return new BloomShape(m, k, layout == BloomLayout.STANDARD ? 0 : BlockedProbes.BLOCK_BITS, layout);
    }

    static void assertSameBits(BloomBits actual, BloomBits expected) {
        assertThat(actual.bitSize()).isEqualTo(expected.bitSize());
        long words = expected.bitSize() >>> 6;
        long popCount = 0;
        for (long w = 0; w < words; w++) {
            long word = actual.word(w);
            assertThat(word).as("word %d", w).isEqualTo(expected.word(w));
            popCount += Long.bitCount(word);
        }
        assertThat(actual.cardinality()).as("the live count").isEqualTo(popCount).isEqualTo(expected.cardinality());
    }
}
