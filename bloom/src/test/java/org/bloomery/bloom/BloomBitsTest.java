package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every storage class of {@link BloomBits} (each layout over one array, and over pages) against an
 * oracle of the format's positions ({@link BloomProbes}, {@link BlockedProbes#cell}, {@link
 * SectoredProbes}, {@link PatternedProbes}), with both writers: the same bits for the same keys as the format defines, and
 * the same answers.
 */
class BloomBitsTest {
    /** Tiny pages (16 words, two blocks) so that a small filter spreads over many of them. */
    private static final int TEST_PAGE_WORDS = 16;

    /** Every layout with probe counts that exercise each code path, both writers, one array or pages. */
    static Stream<Arguments> storages() {
        List<Arguments> cases = new ArrayList<>();
        for (Writers writers : Writers.values()) {
            for (boolean paged : new boolean[] {false, true}) {
                for (int k : new int[] {1, 2, 3, 7, 8, 13, 64}) {
                    cases.add(Arguments.of(BloomLayout.STANDARD, k, writers, paged));
                }
                for (int k : new int[] {1, 2, 4, 7, 8, 16, 24, 64}) {
                    cases.add(Arguments.of(BloomLayout.BLOCKED, k, writers, paged));
                }
                for (int k : new int[] {2, 4, 6, 8, 10, 12, 16}) {
                    cases.add(Arguments.of(BloomLayout.SECTORED, k, writers, paged));
                }
                for (int k : new int[] {2, 6, 8, 10, 12, 14, 32}) {
                    cases.add(Arguments.of(BloomLayout.PATTERNED, k, writers, paged));
                }
            }
        }
        return cases.stream();
    }

    private static BloomShape shape(BloomLayout layout, int k, long blocks) {
        return new BloomShape(512 * blocks, k, layout == BloomLayout.STANDARD ? 0 : BlockedProbes.BLOCK_BITS, layout);
    }

    private static BloomBits allocate(BloomShape shape, Writers writers, boolean paged) {
        return paged ? HeapBits.allocate(shape, writers, TEST_PAGE_WORDS, TEST_PAGE_WORDS)
                : BloomBits.allocate(shape, writers);
    }

    /** The bits a key sets, as the format defines them: the oracle. */
    static BitSet positions(BloomShape shape, long hash) {
        BitSet bits = new BitSet();
        int k = shape.hashes();
        long m = shape.cells();
        switch (shape.layout()) {
            case STANDARD -> {
                long g = hash;
                for (int i = 0; i < k; i++, g += BloomProbes.step(hash)) {
                    bits.set((int) BloomProbes.position(g, m));
                }
            }
            case BLOCKED -> {
                int base = (int) BlockedProbes.block(hash, m / 512) * 512;
                for (int i = 0; i < k; i++) {
                    bits.set(base + BlockedProbes.cell(hash, i, k, 512));
                }
            }
            case SECTORED -> {
                int base = (int) BlockedProbes.block(hash, m / 512) * 512;
                long first = SectoredProbes.firstMask(hash, k / 2);
                long second = SectoredProbes.secondMask(hash, k / 2);
                for (int j = 0; j < 64; j++) {
                    if ((first & 1L << j) != 0) {
                        bits.set(base + 64 * SectoredProbes.firstWord(hash) + j);
                    }
                    if ((second & 1L << j) != 0) {
                        bits.set(base + 64 * SectoredProbes.secondWord(hash) + j);
                    }
                }
            }
            case PATTERNED -> {
                int base = (int) BlockedProbes.block(hash, m / 512) * 512;
                long first = PatternedProbes.firstMask(hash, k / 2);
                long second = PatternedProbes.secondMask(hash, k / 2);
                for (int j = 0; j < 64; j++) {
                    if ((first & 1L << j) != 0) {
                        bits.set(base + 64 * PatternedProbes.firstWord(hash) + j);
                    }
                    if ((second & 1L << j) != 0) {
                        bits.set(base + 64 * PatternedProbes.secondWord(hash) + j);
                    }
                }
            }
        }
        return bits;
    }

    /**
     * add sets exactly the oracle's bits, answers whether any was clear and counts each new bit once;
     * keys accumulate in 9 blocks until half the bits are set, so keys share bits; then every word
     * equals the replay's and queries answer as the replay does.
     */
    @ParameterizedTest
    @MethodSource("storages")
    void addSetsExactlyTheFormatsBits(BloomLayout layout, int k, Writers writers, boolean paged) {
        BloomShape shape = shape(layout, k, 9);
        BloomBits bits = allocate(shape, writers, paged);
        assertThat(bits.writers()).isEqualTo(writers);
        BitSet replay = new BitSet();
        SplittableRandom random = new SplittableRandom(40 + k);
        while (replay.cardinality() < shape.cells() / 2) {
            long hash = random.nextLong();
            BitSet own = positions(shape, hash);
            boolean anyClear = !isSubset(own, replay);
            replay.or(own);
            assertThat(bits.contains(hash)).as("before its add, hash %x", hash).isEqualTo(!anyClear);
            assertThat(bits.add(hash)).as("hash %x", hash).isEqualTo(anyClear);
            assertThat(bits.add(hash)).as("again, hash %x", hash).isFalse();
            assertThat(bits.cardinality()).isEqualTo(replay.cardinality());
        }
        assertWords(bits, replay);
        for (int i = 0; i < 3_000; i++) {
            long hash = random.nextLong();
            assertThat(bits.contains(hash)).as("hash %x", hash).isEqualTo(isSubset(positions(shape, hash), replay));
        }
    }

    /**
     * The batch queries answer as single queries, only inside their range (stale answers inside
     * replaced, those outside kept, the OR form keeping earlier trues), across many chunks of keys
     * and a partial last one, on bits where both answers are common.
     */
    @ParameterizedTest
    @MethodSource("storages")
    void batchQueriesMatchSingleQueries(BloomLayout layout, int k, Writers writers, boolean paged) {
        BloomBits bits = allocate(shape(layout, k, 37), writers, paged);
        SplittableRandom random = new SplittableRandom(50 + k);
        long[] hashes = random.longs(3000).toArray();
        boolean[] before = new boolean[hashes.length];
        for (int i = 0; i < hashes.length; i++) {
            if (i % 2 == 0) {
                bits.add(hashes[i]);
            }
            before[i] = i % 3 == 0;
        }
        boolean[] batch = before.clone();
        bits.containsAll(hashes, 10, hashes.length - 10, batch);
        boolean[] or = before.clone();
        bits.orContainsAll(hashes, 10, hashes.length - 10, or);
        for (int i = 0; i < hashes.length; i++) {
            boolean inRange = i >= 10 && i < hashes.length - 10;
            assertThat(batch[i]).as("batch %d", i).isEqualTo(inRange ? bits.contains(hashes[i]) : before[i]);
            assertThat(or[i]).as("or %d", i).isEqualTo(before[i] || inRange && bits.contains(hashes[i]));
        }
    }

    /** Pages and one array hold the same words for the same keys, and each answers every add alike. */
    @ParameterizedTest
    @MethodSource("storages")
    void pagesAndOneArrayAgree(BloomLayout layout, int k, Writers writers, boolean paged) {
        BloomShape shape = shape(layout, k, 23);
        BloomBits one = allocate(shape, writers, false);
        BloomBits pages = allocate(shape, writers, true);
        assertThat(pages).isInstanceOf(PagedBits.class);
        assertThat(one).isNotInstanceOf(PagedBits.class);
        new SplittableRandom(60 + (paged ? 1 : 0)).longs(2_000).forEach(hash -> {
            assertThat(pages.add(hash)).isEqualTo(one.add(hash));
        });
        BulkBuildTest.assertSameBits(pages, one);
        BulkBuildTest.assertSameBits(pages.copy(), one.copy());
    }

    /** orWith, andWith and copy keep the live count exact and refuse bits of another size. */
    @ParameterizedTest
    @MethodSource("storages")
    void combinesAndCopiesKeepTheCountExact(BloomLayout layout, int k, Writers writers, boolean paged) {
        BloomShape shape = shape(layout, k, 11);
        BloomBits a = allocate(shape, writers, paged);
        BloomBits b = allocate(shape, writers, !paged);
        SplittableRandom random = new SplittableRandom(70);
        BitSet inA = new BitSet();
        BitSet inB = new BitSet();
        for (int i = 0; i < 300; i++) {
            long hash = random.nextLong();
            a.add(hash);
            inA.or(positions(shape, hash));
            hash = random.nextLong();
            b.add(hash);
            inB.or(positions(shape, hash));
        }
        BloomBits union = a.copy();
        union.orWith(b);
        BloomBits intersection = a.copy();
        intersection.andWith(b);
        BitSet expectedUnion = (BitSet) inA.clone();
        expectedUnion.or(inB);
        BitSet expectedIntersection = (BitSet) inA.clone();
        expectedIntersection.and(inB);
        assertWords(union, expectedUnion);
        assertWords(intersection, expectedIntersection);
        assertWords(a, inA);
        a.clear();
        assertWords(a, new BitSet());
        assertThatThrownBy(() -> union.orWith(BloomBits.allocate(shape(layout, k, 1), writers)))
                .hasMessageContaining("differ in size");
    }

    /**
     * Four threads add 400 keys each into 2 blocks (about half their bits end set): with many
     * writers no add loses another's bits (no false negative) and the count is exact, the same bits
     * as adding the keys one by one.
     */
    @ParameterizedTest
    @MethodSource("storages")
    void concurrentAddsAreNeverLost(BloomLayout layout, int k, Writers writers, boolean paged)
            throws InterruptedException {
        if (writers == Writers.SINGLE) {
            return;
        }
        BloomShape shape = shape(layout, k, 2);
        BloomBits bits = allocate(shape, writers, paged);
        long[][] keys = new long[4][];
        SplittableRandom random = new SplittableRandom(80);
        for (int t = 0; t < keys.length; t++) {
            keys[t] = random.longs(Math.max(4, 400 / k)).toArray();
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
                    bits.add(hash);
                }
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        BitSet replay = new BitSet();
        for (long[] row : keys) {
            for (long hash : row) {
                replay.or(positions(shape, hash));
                assertThat(bits.contains(hash)).as("added hash %x", hash).isTrue();
            }
        }
        assertWords(bits, replay);
    }

    /**
     * The JDK's unsigned multiply-high (or its emulation on JDK 17) is the exact high half of the
     * 128-bit product, for random and edge operands: the block of every key depends on it.
     */
    @Test
    void unsignedMultiplyHighIsExact() {
        SplittableRandom random = new SplittableRandom(90);
        long[] edges = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, 0xFFFFFFFFL, 1L << 32};
        long[] sizes = {1, 2, 7, (1L << 31) - 1, 1L << 31, (1L << 37) - 1, Long.MAX_VALUE};
        for (long m : sizes) {
            for (long x : edges) {
                assertExactHigh(x, m);
            }
            for (int i = 0; i < 10_000; i++) {
                assertExactHigh(random.nextLong(), m);
                assertExactHigh(random.nextLong(), 1 + random.nextLong(m));
            }
        }
    }

    private static void assertExactHigh(long x, long m) {
        long expected = new BigInteger(Long.toUnsignedString(x)).multiply(BigInteger.valueOf(m)).shiftRight(64)
                .longValueExact();
        assertThat(BloomProbes.unsignedMultiplyHigh(x, m)).as("%x * %d", x, m).isEqualTo(expected);
        assertThat(BloomProbes.emulatedUnsignedMultiplyHigh(x, m)).as("emulated %x * %d", x, m).isEqualTo(expected);
    }

    private static boolean isSubset(BitSet part, BitSet whole) {
        BitSet outside = (BitSet) part.clone();
        outside.andNot(whole);
        return outside.isEmpty();
    }

    /** Every word equals the expected bits', and the live count is their number. */
    private static void assertWords(BloomBits bits, BitSet expected) {
        for (long w = 0; w < bits.bitSize() >>> 6; w++) {
            long word = 0;
            for (int j = 0; j < 64; j++) {
                word |= expected.get((int) (64 * w + j)) ? 1L << j : 0;
            }
            assertThat(bits.word(w)).as("word %d", w).isEqualTo(word);
        }
        assertThat(bits.cardinality()).as("the live count").isEqualTo(expected.cardinality());
    }
}
