package org.bloomery.counting;

import org.bloomery.bloom.BlockedProbes;
import org.bloomery.bloom.ProbeBatch;

/**
 * The blocked layout's counters in a {@link NibbleArray}: the k counters of a key lie in one block
 * of {@value #BLOCK_COUNTERS} (eight words, one cache line; {@link BlockedProbes}), probe i in word
 * {@code r + i} of it, as the classic kind's blocked layout places its bits. The array's size is a
 * multiple of {@value #BLOCK_COUNTERS}. An update applies the increments of each touched word at
 * once (one compare-and-set per word, repeated only when a racing update changed the word; one
 * plain write with a single writer) and moves the live counts once per call.
 */
final class BlockedCounterProbing {
    /** Counters in one 512-bit block. */
    static final int BLOCK_COUNTERS = BlockedProbes.BLOCK_BITS / 4;

    private BlockedCounterProbing() {
    }

    /** The first word of a key's block of counters, as an index of {@link NibbleArray#words()}. */
    private static int blockBase(NibbleArray counters, long hash) {
        return NibbleArray.PAD + (int) BlockedProbes.firstWord(hash, counters.wordCount());
    }

    /**
     * A key's packed increments for word {@code r + w} of its block: one in the counter of each of
     * its probes w, w + 8, ... (at most 8 of them, so no nibble of the sum carries).
     */
    private static long blockDelta(long hash, int k, int w) {
        long delta = 0;
        for (int i = w; i < k; i += BlockedProbes.BLOCK_WORDS) {
            delta += 1L << (BlockedProbes.slot(hash, i, Nibbles.PER_WORD) << 2);
        }
        return delta;
    }

    /**
     * The word of probe i &lt; 8 in the block at {@code base}, rotation r: {@code base + i} at
     * rotation 0, written so, because {@code (0 + i) & 7} hides from the JIT that the index is linear
     * in i and costs a range check per probe.
     */
    private static int wordOf(int base, int r, int i) {
        return base + (r == 0 ? i : BlockedProbes.word(r, i));
    }

    /** A key's counter for probe i, read from its block starting at word {@code base}. */
    private static int blockCounter(long[] words, int base, long hash, int r, int i) {
        return Nibbles.get(words[base + BlockedProbes.word(r, i)], BlockedProbes.slot(hash, i, Nibbles.PER_WORD));
    }

    /** {@link CounterProbing#increment(BloomLayout, NibbleArray, long, int)} in this layout. */
    static boolean increment(NibbleArray counters, long hash, int k) {
        return increment(counters, blockBase(counters, hash), hash, k);
    }

    /**
     * A bulk build's increments of keys {@code [from, to)} through one thread's single-writer view:
     * chunk by chunk, each chunk's blocks located into the thread's {@link ProbeBatch#scratch} and
     * touched in a loop of loads that does nothing else, so their cache misses are in flight
     * together, then each key's counters raised as {@link #increment(NibbleArray, long, int)} does.
     */
    static void incrementAll(NibbleArray view, long[] hashes, int from, int to, int k) {
        long[] blocks = ProbeBatch.scratch();
        long touched = 0;
        for (int start = from; start < to; start += ProbeBatch.CHUNK) {
            int count = Math.min(ProbeBatch.CHUNK, to - start);
            touched ^= locateAndTouch(view, hashes, start, count, blocks);
            for (int i = 0; i < count; i++) {
                increment(view, NibbleArray.PAD + (int) blocks[i], hashes[start + i], k);
            }
        }
        ProbeBatch.keep(touched);
    }

    /**
     * Locates the blocks of keys {@code [start, start + count)} (their first words, padding not
     * included) and touches them, as the classic kind's block layouts do.
     *
     * @return the loaded words XORed, for {@link ProbeBatch#keep}
     */
    private static long locateAndTouch(NibbleArray counters, long[] hashes, int start, int count, long[] blocks) {
        ProbeBatch.locate(hashes, start, count, counters.wordCount(), blocks);
        return ProbeBatch.touch(counters.words(), blocks, count);
    }

    /** {@link #increment(NibbleArray, long, int)} for a key whose block starts at element {@code base}. */
    private static boolean increment(NibbleArray counters, int base, long hash, int k) {
        if (k == BlockedProbes.BLOCK_WORDS) {
            // The blocked sizing picks k = 8 from 1% down to 0.01%: rotation 0, passed as a constant
            // so that the words are indexed by the probe alone.
            return incrementOnePerWord(counters, base, BlockedProbes.mix(hash, 0), 0, k);
        }
        int r = BlockedProbes.rotation(hash, k);
        if (k < BlockedProbes.BLOCK_WORDS) {
            return incrementOnePerWord(counters, base, BlockedProbes.mix(hash, 0), r, k);
        }
        int touched = Math.min(k, BlockedProbes.BLOCK_WORDS);
        // Each result packs the counters raised from 0 (low 32 bits) and those raised to 15.
        long moved = 0;
        for (int w = 0; w < touched; w++) {
            moved += counters.addWord(base + BlockedProbes.word(r, w), blockDelta(hash, k, w));
        }
        int fromZero = (int) moved;
        int toMax = (int) (moved >>> 32);
        counters.count(fromZero, toMax);
        return fromZero != 0;
    }

    /**
     * {@link #increment} at k &le; 8, one probe per word: each word changes in one counter, so the
     * one-counter update does, without packed arithmetic. {@code first} is the key's group-0
     * product, {@code r} its rotation. Word and counter come straight from the probe, and the array
     * from a local: an opaque write or a compare-and-set makes the JIT read a field again, final or
     * not.
     */
    private static boolean incrementOnePerWord(NibbleArray counters, int base, long first, int r, int k) {
        int fromZero = 0;
        int toMax = 0;
        long[] w = counters.words();
        if (counters.single()) {
            for (int i = 0; i < k; i++) {
                int before = NibbleArray.incrementAlone(w, wordOf(base, r, i), BlockedProbes.fieldCounter(first, i));
                fromZero += before == 0 ? 1 : 0;
                toMax += before == Nibbles.MAX - 1 ? 1 : 0;
            }
        } else {
            for (int i = 0; i < k; i++) {
                int before = NibbleArray.incrementShared(w, wordOf(base, r, i), BlockedProbes.fieldCounter(first, i));
                fromZero += before == 0 ? 1 : 0;
                toMax += before == Nibbles.MAX - 1 ? 1 : 0;
            }
        }
        counters.count(fromZero, toMax);
        return fromZero != 0;
    }

    /**
     * The check reads the block's words once and leaves the line in cache for the writes; with many
     * writers the check and the decrements are separate steps, as in the standard layout.
     */
    static boolean remove(NibbleArray counters, long hash, int k) {
        int base = blockBase(counters, hash);
        if (k == BlockedProbes.BLOCK_WORDS) {
            return removeOnePerWord(counters, base, BlockedProbes.mix(hash, 0), 0, k);
        }
        int r = BlockedProbes.rotation(hash, k);
        if (k < BlockedProbes.BLOCK_WORDS) {
            return removeOnePerWord(counters, base, BlockedProbes.mix(hash, 0), r, k);
        }
        int touched = Math.min(k, BlockedProbes.BLOCK_WORDS);
        long[] words = counters.words();
        boolean present = true;
        for (int w = 0; w < touched; w++) {
            present &= !Nibbles.anyZeroAt(words[base + BlockedProbes.word(r, w)], blockDelta(hash, k, w));
        }
        if (!present) {
            return false;
        }
        int toZero = 0;
        for (int w = 0; w < touched; w++) {
            toZero += counters.subtractWord(base + BlockedProbes.word(r, w), blockDelta(hash, k, w));
        }
        counters.count(-toZero, 0);
        return true;
    }

    /** {@link #remove} at k &le; 8, one probe per word, as {@link #incrementOnePerWord}. */
    private static boolean removeOnePerWord(NibbleArray counters, int base, long first, int r, int k) {
        long[] w = counters.words();
        boolean present = true;
        for (int i = 0; i < k; i++) {
            present &= Nibbles.get(w[wordOf(base, r, i)], BlockedProbes.fieldCounter(first, i)) != 0;
        }
        if (!present) {
            return false;
        }
        int toZero = 0;
        if (counters.single()) {
            for (int i = 0; i < k; i++) {
                toZero += NibbleArray.decrementAlone(w, wordOf(base, r, i), BlockedProbes.fieldCounter(first, i)) == 1 ? 1 : 0;
            }
        } else {
            for (int i = 0; i < k; i++) {
                toZero += NibbleArray.decrementShared(w, wordOf(base, r, i), BlockedProbes.fieldCounter(first, i)) == 1 ? 1 : 0;
            }
        }
        counters.count(-toZero, 0);
        return true;
    }

    /**
     * Plain reads in one block, every probe tested (they all lie in one cache line, so a branch per
     * probe would cost more than the reads it saves).
     */
    static boolean nonZero(NibbleArray counters, long hash, int k) {
        return nonZero(counters.words(), blockBase(counters, hash), hash, k);
    }

    /** {@link #nonZero(NibbleArray, long, int)} for a key whose block starts at element {@code base}. */
    private static boolean nonZero(long[] w, int base, long hash, int k) {
        if (k != BlockedProbes.BLOCK_WORDS) {
            int r = BlockedProbes.rotation(hash, k);
            boolean all = true;
            for (int i = 0; i < k; i++) {
                all &= blockCounter(w, base, hash, r, i) != 0;
            }
            return all;
        }
        // k = 8, the blocked sizing's choice from 1% down to 0.01%: rotation 0, probe j in word j at
        // field j of one product. A counter c of a word w is 0 exactly when ((w >>> 4c) & 15) - 1 is
        // negative, so the sign of the OR of the eight tells whether any is 0, with no branch.
        long x = BlockedProbes.mix(hash, 0);
        long zero = (w[base + 7] >>> (BlockedProbes.fieldCounter(x, 7) << 2) & Nibbles.MAX) - 1
                | (w[base] >>> (BlockedProbes.fieldCounter(x, 0) << 2) & Nibbles.MAX) - 1
                | (w[base + 1] >>> (BlockedProbes.fieldCounter(x, 1) << 2) & Nibbles.MAX) - 1
                | (w[base + 2] >>> (BlockedProbes.fieldCounter(x, 2) << 2) & Nibbles.MAX) - 1
                | (w[base + 3] >>> (BlockedProbes.fieldCounter(x, 3) << 2) & Nibbles.MAX) - 1
                | (w[base + 4] >>> (BlockedProbes.fieldCounter(x, 4) << 2) & Nibbles.MAX) - 1
                | (w[base + 5] >>> (BlockedProbes.fieldCounter(x, 5) << 2) & Nibbles.MAX) - 1
                | (w[base + 6] >>> (BlockedProbes.fieldCounter(x, 6) << 2) & Nibbles.MAX) - 1;
        return zero >= 0;
    }

    /**
     * Three passes per chunk of {@value ProbeBatch#CHUNK} keys, as the classic kind's block layouts
     * walk theirs: the first writes each key's block into the thread's {@link ProbeBatch#scratch},
     * the second reads a word of each block in a loop that does nothing else ({@link
     * ProbeBatch#touch}), so the CPU has the chunk's cache misses in flight together, and the third
     * tests each key as {@link
     * #nonZero(NibbleArray, long, int)} does, from the block then in cache.
     */
    static void nonZero(NibbleArray counters, long[] hashes, int from, int to, int k, boolean[] out) {
        long[] w = counters.words();
        long[] blocks = ProbeBatch.scratch();
        long touched = 0;
        for (int start = from; start < to; start += ProbeBatch.CHUNK) {
            int count = Math.min(ProbeBatch.CHUNK, to - start);
            touched ^= locateAndTouch(counters, hashes, start, count, blocks);
            for (int i = 0; i < count; i++) {
                out[start + i] = nonZero(w, NibbleArray.PAD + (int) blocks[i], hashes[start + i], k);
            }
        }
        ProbeBatch.keep(touched);
    }

    /** {@link CounterProbing#minimum(BloomLayout, NibbleArray, long, int)} in this layout. */
    static int minimum(NibbleArray counters, long hash, int k) {
        int base = blockBase(counters, hash);
        int r = BlockedProbes.rotation(hash, k);
        long[] w = counters.words();
        int least = Nibbles.MAX;
        for (int i = 0; i < k; i++) {
            least = Math.min(least, blockCounter(w, base, hash, r, i));
        }
        return least;
    }
}
