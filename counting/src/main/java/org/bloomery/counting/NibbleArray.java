package org.bloomery.counting;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.HeapBudget;
import org.bloomery.bloom.BlockedProbes;
import org.bloomery.bloom.BloomProbes;
import org.bloomery.bloom.Writers;

/**
 * A fixed number of 4-bit saturating counters that many threads may update at once without locks,
 * with live counts of non-zero and saturated counters. Counter {@code i} is nibble {@code i & 15}
 * (see {@link Nibbles}) of word {@code i >>> 4}.
 *
 * <p>With {@link Writers#MANY} (the default) every update is a compare-and-set of the whole word, so
 * concurrent updates of different nibbles in one word never lose each other. With {@link
 * Writers#SINGLE} one thread at a time updates: a plain read and an opaque write of the whole word,
 * and live counts in plain fields written opaquely, so no locked instruction is on its path; queries
 * may come from any thread. In both, each update moves the live counts exactly once
 * (the probe methods move them once per call, by the sum over their k counters, so the counts are
 * exact whenever no update is in progress). Reads are plain array reads, which the memory model
 * allows here: a read sees every update that happened-before it, may see racing ones or not (the
 * ordinary outcome of a racing update and query), and even if a JVM split the 64-bit read in two
 * halves (JLS 17.7), no nibble straddles them, so each counter read is a value it really held.
 */
final class NibbleArray {
    /** Most counters: one {@code long[]} of 2^30 words, 8 GiB. */
    static final long MAX_COUNTERS = 1L << 34;

    /** Counters in one 512-bit block of the blocked layout. */
    static final int BLOCK_COUNTERS = 128;

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    /**
     * Keys per pass of a batch query: enough independent reads to fill the CPU's miss buffers, few
     * enough that their cache lines are still in the first-level cache for the next pass.
     */
    private static final int BATCH_CHUNK = 32;
    /** The single writer's live counts, fields {@code singleNonZero} and {@code singleSaturated}. */
    private static final VarHandle SINGLE_NON_ZERO;
    private static final VarHandle SINGLE_SATURATED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SINGLE_NON_ZERO = lookup.findVarHandle(NibbleArray.class, "singleNonZero", long.class);
            SINGLE_SATURATED = lookup.findVarHandle(NibbleArray.class, "singleSaturated", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long[] words;
    /** The number of counters, {@code 16 * words.length}: the m that probe positions reduce into. */
    private final long size;
    /** Whether one thread at a time updates ({@link Writers#SINGLE}). */
    private final boolean single;
    /** The live counts of many writers; unused with a single writer. */
    private final LongAdder nonZero = new LongAdder();
    private final LongAdder saturated = new LongAdder();
    /** The live counts of a single writer: written by it opaquely, read opaquely by others. */
    private long singleNonZero;
    private long singleSaturated;

    /**
     * All counters at 0.
     *
     * @param counters a multiple of 16 in [16, 2^34]
     * @param writers whether many threads or one at a time update
     * @throws IllegalArgumentException if {@code counters} is out of range or does not fit in the
     *     free heap
     */
    NibbleArray(long counters, Writers writers) {
        this(new long[affordable(checkedWordCount(counters))], writers);
    }

    private NibbleArray(long[] words, Writers writers) {
        this.words = words;
        this.size = (long) words.length << 4;
        this.single = writers == Writers.SINGLE;
        long nonZeroWords = 0;
        long saturatedWords = 0;
        for (long word : words) {
            nonZeroWords += Nibbles.nonZeroCount(word);
            saturatedWords += Nibbles.saturatedCount(word);
        }
        count(nonZeroWords, saturatedWords);
    }

    /** Moves the live counts, each with at most one update. */
    private void count(long nonZeroDelta, long saturatedDelta) {
        if (single) {
            if (nonZeroDelta != 0) {
                SINGLE_NON_ZERO.setOpaque(this, singleNonZero + nonZeroDelta);
            }
            if (saturatedDelta != 0) {
                SINGLE_SATURATED.setOpaque(this, singleSaturated + saturatedDelta);
            }
            return;
        }
        // A LongAdder update is a locked instruction of its own: one per call, not one per counter.
        if (nonZeroDelta != 0) {
            nonZero.add(nonZeroDelta);
        }
        if (saturatedDelta != 0) {
            saturated.add(saturatedDelta);
        }
    }

    /** @return whether many threads or one at a time update */
    Writers writers() {
        return single ? Writers.SINGLE : Writers.MANY;
    }

    private static int affordable(int words) {
        HeapBudget.require((long) words * Long.BYTES, "an array of " + ((long) words << 4) + " counters");
        return words;
    }

    private static int checkedWordCount(long counters) {
        if (counters < Nibbles.PER_WORD || counters > MAX_COUNTERS || counters % Nibbles.PER_WORD != 0) {
            throw new IllegalArgumentException(
                    "counter count must be a multiple of 16 in [16, 2^34], got " + counters);
        }
        return (int) (counters >>> 4);
    }

    /** @return the number of counters */
    long size() {
        return size;
    }

    /** @return counters that are not 0, current without a rescan */
    long nonZeroCount() {
        return single ? (long) SINGLE_NON_ZERO.getOpaque(this) : nonZero.sum();
    }

    /** @return counters at 15, current without a rescan */
    long saturatedCount() {
        return single ? (long) SINGLE_SATURATED.getOpaque(this) : saturated.sum();
    }

    /**
     * Reads one counter.
     *
     * @param index in [0, size)
     * @return its value, 0 to 15
     */
    int get(long index) {
        return Nibbles.get(words[(int) (index >>> 4)], slot(index));
    }

    /**
     * Raises one counter by one, atomically; a counter at 15 stays at 15.
     *
     * @param index in [0, size)
     * @return the counter's value before
     */
    int increment(long index) {
        int before = incrementUncounted(index);
        count(before == 0 ? 1 : 0, before == Nibbles.MAX - 1 ? 1 : 0);
        return before;
    }

    /**
     * Lowers one counter by one, atomically, unless it is 0 or saturated: a counter at 15 may stand
     * for more insertions than it can tell, so it never goes down.
     *
     * @param index in [0, size)
     * @return the counter's value before
     */
    int decrement(long index) {
        int before = decrementUncounted(index);
        count(before == 1 ? -1 : 0, 0);
        return before;
    }

    /**
     * Raises the k probe counters of a key hash ({@link BloomProbes} over this array's size) by one
     * each, as {@link #increment} does, and moves each live count with at most one update.
     *
     * @param hash the key hash
     * @param k probes, at least 1
     * @return true if any of the k counters was 0 before
     */
    boolean incrementProbes(long hash, int k) {
        long m = size;
        long g = hash;
        long step = BloomProbes.step(hash);
        int fromZero = 0;
        int toMax = 0;
        long[] w = words;
        if (single) {
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                int before = incrementAlone(w, (int) (index >>> 4), slot(index));
                fromZero += before == 0 ? 1 : 0;
                toMax += before == Nibbles.MAX - 1 ? 1 : 0;
            }
        } else {
            // Each compare-and-set is a full fence, so a cache miss taken inside one stalls
            // everything after it: this pass of plain reads takes the k misses side by side
            // instead, and when all k counters are saturated (they never go down) the add changes
            // nothing and is done.
            if (probesSaturated(hash, k)) {
                return false;
            }
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                int before = incrementShared(w, (int) (index >>> 4), slot(index));
                fromZero += before == 0 ? 1 : 0;
                toMax += before == Nibbles.MAX - 1 ? 1 : 0;
            }
        }
        count(fromZero, toMax);
        return fromZero != 0;
    }

    /**
     * Lowers the k probe counters of a key hash by one each, as {@link #decrement} does (never below
     * 0, never from 15), and moves the live count with at most one update.
     *
     * @param hash the key hash
     * @param k probes, at least 1
     */
    void decrementProbes(long hash, int k) {
        long m = size;
        long g = hash;
        long step = BloomProbes.step(hash);
        int toZero = 0;
        long[] w = words;
        if (single) {
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                toZero += decrementAlone(w, (int) (index >>> 4), slot(index)) == 1 ? 1 : 0;
            }
        } else {
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                toZero += decrementShared(w, (int) (index >>> 4), slot(index)) == 1 ? 1 : 0;
            }
        }
        count(-toZero, 0);
    }

    /**
     * Whether all k probe counters of a key hash are above 0; stops at the first that is 0.
     *
     * @param hash the key hash
     * @param k probes, at least 1
     * @return true if none of the k counters is 0
     */
    boolean probesNonZero(long hash, int k) {
        long m = size;
        long g = hash;
        long step = BloomProbes.step(hash);
        for (int i = 0; i < k; i++, g += step) {
            if (get(BloomProbes.position(g, m)) == 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether all k probe counters are at 15; reads all k without stopping early. */
    private boolean probesSaturated(long hash, int k) {
        long m = size;
        long g = hash;
        long step = BloomProbes.step(hash);
        boolean all = true;
        for (int i = 0; i < k; i++, g += step) {
            all &= get(BloomProbes.position(g, m)) == Nibbles.MAX;
        }
        return all;
    }

    /** The first word of a key's block of 128 counters (8 words) in the blocked layout. */
    private int blockBase(long hash) {
        return (int) (BlockedProbes.block(hash, words.length >>> 3) << 3);
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
     * in i and costs a range check per probe (41.9 against 37.2 ns per single-writer add, A/B at
     * n = 10^6).
     */
    private static int wordOf(int base, int r, int i) {
        return base + (r == 0 ? i : BlockedProbes.word(r, i));
    }

    /** A key's counter for probe i, read from its block starting at word {@code base}. */
    private int blockCounter(int base, long hash, int r, int i) {
        return Nibbles.get(words[base + BlockedProbes.word(r, i)], BlockedProbes.slot(hash, i, Nibbles.PER_WORD));
    }

    /**
     * The blocked layout's {@link #incrementProbes}: the k counters lie in one block of 128
     * ({@link BlockedProbes}; the size must be a multiple of 128), probe i in word {@code r + i} of
     * it, so the increments of each touched word come straight from its own probes and are applied
     * by one compare-and-set per word (repeated only when a racing update changed the word), with
     * the live counts moved once per call.
     *
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if any of the k counters was 0 before
     */
    boolean incrementBlock(long hash, int k) {
        int base = blockBase(hash);
        if (k == BlockedProbes.BLOCK_WORDS) {
            // The blocked sizing picks k = 8 from 1% down to 0.01%: rotation 0, passed as a constant
            // so that the words are indexed by the probe alone.
            return incrementOnePerWord(base, BlockedProbes.mix(hash, 0), 0, k);
        }
        int r = BlockedProbes.rotation(hash, k);
        if (k < BlockedProbes.BLOCK_WORDS) {
            return incrementOnePerWord(base, BlockedProbes.mix(hash, 0), r, k);
        }
        int touched = Math.min(k, BlockedProbes.BLOCK_WORDS);
        // Each result packs the counters raised from 0 (low 32 bits) and those raised to 15.
        long moved = 0;
        for (int w = 0; w < touched; w++) {
            moved += addWord(base + BlockedProbes.word(r, w), blockDelta(hash, k, w));
        }
        int fromZero = (int) moved;
        int toMax = (int) (moved >>> 32);
        count(fromZero, toMax);
        return fromZero != 0;
    }

    /**
     * {@link #incrementBlock} at k &le; 8, one probe per word: each word changes in one counter, so
     * the one-counter update does, without packed arithmetic. {@code first} is the key's group-0
     * product, {@code r} its rotation. Word and counter come straight from the probe, and the array
     * from a local: an opaque write or a compare-and-set makes the JIT read a field again, final or
     * not (A/B at n = 10^6, against a packed counter index and the field: 37.2 against 48.9 ns per
     * single-writer add, 50.4 against 60.9 with many writers).
     */
    private boolean incrementOnePerWord(int base, long first, int r, int k) {
        int fromZero = 0;
        int toMax = 0;
        long[] w = words;
        if (single) {
            for (int i = 0; i < k; i++) {
                int before = incrementAlone(w, wordOf(base, r, i), BlockedProbes.fieldCounter(first, i));
                fromZero += before == 0 ? 1 : 0;
                toMax += before == Nibbles.MAX - 1 ? 1 : 0;
            }
        } else {
            for (int i = 0; i < k; i++) {
                int before = incrementShared(w, wordOf(base, r, i), BlockedProbes.fieldCounter(first, i));
                fromZero += before == 0 ? 1 : 0;
                toMax += before == Nibbles.MAX - 1 ? 1 : 0;
            }
        }
        count(fromZero, toMax);
        return fromZero != 0;
    }

    /**
     * Adds packed increments into one word, saturating at 15; one compare-and-set unless the word
     * changes under it, none when nothing would change. Returns the counters it raised from 0, plus
     * those it raised to 15 shifted left by 32.
     */
    private long addWord(int w, long delta) {
        if (delta == 0) {
            return 0;
        }
        long old = words[w];
        if (single) {
            long updated = Nibbles.saturatingAdd(old, delta);
            WORDS.setOpaque(words, w, updated);
            return moved(old, updated);
        }
        while (true) {
            long updated = Nibbles.saturatingAdd(old, delta);
            if (updated == old) {
                return 0;
            }
            long witness = (long) WORDS.compareAndExchange(words, w, old, updated);
            if (witness == old) {
                return moved(old, updated);
            }
            old = witness;
        }
    }

    /** The counters an increase from {@code old} to {@code updated} raised from 0, plus those raised to 15 shifted left by 32. */
    private static long moved(long old, long updated) {
        return (Nibbles.nonZeroCount(updated) - Nibbles.nonZeroCount(old))
                | (long) (Nibbles.saturatedCount(updated) - Nibbles.saturatedCount(old)) << 32;
    }

    /**
     * The blocked layout's remove: false, with nothing changed, if any of the key's k counters is
     * 0; otherwise lowers them (never below 0, never from 15) with at most one compare-and-set per
     * touched word (a plain write with a single writer), moving the live count once. The check reads
     * the block's words once and leaves the line in cache for the writes; with many writers the check
     * and the decrements are separate steps, as in the standard layout.
     *
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return whether the counters were lowered
     */
    boolean removeBlock(long hash, int k) {
        int base = blockBase(hash);
        if (k == BlockedProbes.BLOCK_WORDS) {
            return removeOnePerWord(base, BlockedProbes.mix(hash, 0), 0, k);
        }
        int r = BlockedProbes.rotation(hash, k);
        if (k < BlockedProbes.BLOCK_WORDS) {
            return removeOnePerWord(base, BlockedProbes.mix(hash, 0), r, k);
        }
        int touched = Math.min(k, BlockedProbes.BLOCK_WORDS);
        boolean present = true;
        for (int w = 0; w < touched; w++) {
            present &= !Nibbles.anyZeroAt(words[base + BlockedProbes.word(r, w)], blockDelta(hash, k, w));
        }
        if (!present) {
            return false;
        }
        int toZero = 0;
        for (int w = 0; w < touched; w++) {
            toZero += subtractWord(base + BlockedProbes.word(r, w), blockDelta(hash, k, w));
        }
        count(-toZero, 0);
        return true;
    }

    /** {@link #removeBlock} at k &le; 8, one probe per word, as {@link #incrementOnePerWord}. */
    private boolean removeOnePerWord(int base, long first, int r, int k) {
        long[] w = words;
        boolean present = true;
        for (int i = 0; i < k; i++) {
            present &= Nibbles.get(w[wordOf(base, r, i)], BlockedProbes.fieldCounter(first, i)) != 0;
        }
        if (!present) {
            return false;
        }
        int toZero = 0;
        if (single) {
            for (int i = 0; i < k; i++) {
                toZero += decrementAlone(w, wordOf(base, r, i), BlockedProbes.fieldCounter(first, i)) == 1 ? 1 : 0;
            }
        } else {
            for (int i = 0; i < k; i++) {
                toZero += decrementShared(w, wordOf(base, r, i), BlockedProbes.fieldCounter(first, i)) == 1 ? 1 : 0;
            }
        }
        count(-toZero, 0);
        return true;
    }

    /**
     * Lowers the counters of one word by packed amounts, each at most to 0 and none at 15; one
     * compare-and-set unless the word changes under it. Returns the counters it took to 0.
     */
    private int subtractWord(int w, long delta) {
        if (delta == 0) {
            return 0;
        }
        long old = words[w];
        if (single) {
            long updated = Nibbles.saturatedSubtract(old, delta);
            WORDS.setOpaque(words, w, updated);
            return Nibbles.nonZeroCount(old) - Nibbles.nonZeroCount(updated);
        }
        while (true) {
            long updated = Nibbles.saturatedSubtract(old, delta);
            if (updated == old) {
                return 0;
            }
            long witness = (long) WORDS.compareAndExchange(words, w, old, updated);
            if (witness == old) {
                return Nibbles.nonZeroCount(old) - Nibbles.nonZeroCount(updated);
            }
            old = witness;
        }
    }

    /**
     * The blocked layout's {@link #probesNonZero}: plain reads in one block, every probe tested (they
     * all lie in one cache line, so a branch per probe would cost more than the reads it saves).
     *
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if none of the k counters is 0
     */
    boolean blockNonZero(long hash, int k) {
        int base = blockBase(hash);
        if (k != BlockedProbes.BLOCK_WORDS) {
            int r = BlockedProbes.rotation(hash, k);
            boolean all = true;
            for (int i = 0; i < k; i++) {
                all &= blockCounter(base, hash, r, i) != 0;
            }
            return all;
        }
        // k = 8, the blocked sizing's choice from 1% down to 0.01%: rotation 0, probe j in word j at
        // field j of one product. A counter c of a word w is 0 exactly when ((w >>> 4c) & 15) - 1 is
        // negative, so the sign of the OR of the eight tells whether any is 0, with no branch.
        long x = BlockedProbes.mix(hash, 0);
        long[] w = words;
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
     * The least of a key's k counters in the blocked layout.
     *
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return 0 to 15
     */
    int blockMinimum(long hash, int k) {
        int base = blockBase(hash);
        int r = BlockedProbes.rotation(hash, k);
        int least = Nibbles.MAX;
        for (int i = 0; i < k; i++) {
            least = Math.min(least, blockCounter(base, hash, r, i));
        }
        return least;
    }

    /**
     * The batch form of {@link #probesNonZero} or {@link #blockNonZero}: {@code out[i]} for every i
     * in [from, to). The keys go in chunks of {@value #BATCH_CHUNK}, and each pass over a chunk makes
     * one independent read per key, so the CPU has the chunk's cache misses in flight together: in
     * the blocked layout a first pass reads each key's first probe and a second tests them all as
     * {@link #blockNonZero} does, from the block then in cache (straight-line at k = 8: 48.6 against
     * 65.8 ns a key for testing probes 1 to 7 one by one, at n = 10^7); in the standard layout pass
     * j reads probe j of the keys still possibly present.
     *
     * @param blocked the layout
     */
    void nonZero(boolean blocked, long[] hashes, int from, int to, int k, boolean[] out) {
        long m = size;
        for (int start = from; start < to; start += BATCH_CHUNK) {
            int end = Math.min(to, start + BATCH_CHUNK);
            if (blocked) {
                for (int i = start; i < end; i++) {
                    long hash = hashes[i];
                    out[i] = blockCounter(blockBase(hash), hash, BlockedProbes.rotation(hash, k), 0) != 0;
                }
                for (int i = start; i < end; i++) {
                    out[i] &= blockNonZero(hashes[i], k);
                }
            } else {
                for (int i = start; i < end; i++) {
                    out[i] = get(BloomProbes.position(hashes[i], m)) != 0;
                }
                for (int j = 1; j < k; j++) {
                    for (int i = start; i < end; i++) {
                        if (out[i]) {
                            long hash = hashes[i];
                            out[i] = get(BloomProbes.position(hash + j * BloomProbes.step(hash), m)) != 0;
                        }
                    }
                }
            }
        }
    }

    /**
     * Raises one counter, leaving the live counts to the caller ({@link #incrementAlone} or {@link
     * #incrementShared}).
     *
     * @return the counter's value before
     */
    private int incrementUncounted(long index) {
        int w = (int) (index >>> 4);
        int slot = slot(index);
        return single ? incrementAlone(words, w, slot) : incrementShared(words, w, slot);
    }

    /**
     * Raises counter {@code slot} of word w, many writers: a counter already at 15 costs no locked
     * instruction; otherwise a compare-and-set, because a blind atomic add could carry into the
     * neighbour if a racing increment saturated the counter after the read.
     *
     * @return the counter's value before
     */
    private static int incrementShared(long[] words, int w, int slot) {
        long old = (long) WORDS.getOpaque(words, w);
        while (true) {
            int before = Nibbles.get(old, slot);
            if (before == Nibbles.MAX) {
                return before;
            }
            long witness = (long) WORDS.compareAndExchange(words, w, old, Nibbles.increment(old, slot));
            if (witness == old) {
                return before;
            }
            old = witness;
        }
    }

    /**
     * Lowers one counter unless it is 0 or 15, leaving the live counts to the caller ({@link
     * #decrementAlone} or {@link #decrementShared}).
     *
     * @return the counter's value before
     */
    private int decrementUncounted(long index) {
        int w = (int) (index >>> 4);
        int slot = slot(index);
        return single ? decrementAlone(words, w, slot) : decrementShared(words, w, slot);
    }

    /**
     * Lowers counter {@code slot} of word w unless it is 0 or 15, many writers: a compare-and-set,
     * because a blind atomic subtract could borrow from the neighbour if a racing decrement took the
     * counter to 0 after the read.
     *
     * @return the counter's value before
     */
    private static int decrementShared(long[] words, int w, int slot) {
        long old = (long) WORDS.getOpaque(words, w);
        while (true) {
            int before = Nibbles.get(old, slot);
            if (before == 0 || before == Nibbles.MAX) {
                return before;
            }
            long witness = (long) WORDS.compareAndExchange(words, w, old, Nibbles.decrement(old, slot));
            if (witness == old) {
                return before;
            }
            old = witness;
        }
    }

    /**
     * {@link #incrementUncounted} for the single writer: a plain read (the one writer reads its own
     * writes) and one opaque write of the word, whose raise saturates at 15.
     *
     * @return the counter's value before
     */
    private static int incrementAlone(long[] words, int w, int slot) {
        long old = words[w];
        WORDS.setOpaque(words, w, Nibbles.increment(old, slot));
        return Nibbles.get(old, slot);
    }

    /**
     * {@link #decrementUncounted} for the single writer: a plain read and, unless the counter is at
     * 15, one opaque write of the word, lowered unless the counter is 0.
     *
     * @return the counter's value before
     */
    private static int decrementAlone(long[] words, int w, int slot) {
        long old = words[w];
        int before = Nibbles.get(old, slot);
        if (before != Nibbles.MAX) {
            WORDS.setOpaque(words, w, Nibbles.decrement(old, slot));
        }
        return before;
    }

    /**
     * Adds every counter of {@code other} into this one, saturating at 15, word by word atomically.
     *
     * @param other an array of the same size
     * @throws IllegalArgumentException if the sizes differ
     */
    void addAll(NibbleArray other) {
        if (other.words.length != words.length) {
            throw new IllegalArgumentException("counter arrays differ in size: " + size() + " and " + other.size());
        }
        for (int w = 0; w < words.length; w++) {
            long operand = (long) WORDS.getOpaque(other.words, w);
            long old = (long) WORDS.getOpaque(words, w);
            while (true) {
                long updated = Nibbles.saturatingAdd(old, operand);
                if (updated == old) {
                    break;
                }
                long witness = (long) WORDS.compareAndExchange(words, w, old, updated);
                if (witness == old) {
                    count(Nibbles.nonZeroCount(updated) - Nibbles.nonZeroCount(old),
                            Nibbles.saturatedCount(updated) - Nibbles.saturatedCount(old));
                    break;
                }
                old = witness;
            }
        }
    }

    /** Sets every counter to 0. Not atomic with respect to concurrent updates. */
    void clear() {
        Arrays.fill(words, 0L);
        nonZero.reset();
        saturated.reset();
        SINGLE_NON_ZERO.setOpaque(this, 0L);
        SINGLE_SATURATED.setOpaque(this, 0L);
    }

    /** @return the sum of all counters, by a scan */
    long sum() {
        long total = 0;
        for (int w = 0; w < words.length; w++) {
            total += Nibbles.sum((long) WORDS.getOpaque(words, w));
        }
        return total;
    }

    /** @return bytes {@link #writeTo} writes */
    long serializedBytes() {
        return (long) words.length * Long.BYTES;
    }

    /**
     * Writes the words, first to last, each big-endian.
     *
     * @param out the body output
     * @throws IOException if the stream fails
     */
    void writeTo(FilterDataOutput out) throws IOException {
        out.writeLongs(words, 0, words.length);
    }

    /**
     * Reads words written by {@link #writeTo} and recounts the statistics.
     *
     * @param in the body input
     * @param counters the array's size, a multiple of 16 in [16, 2^34]
     * @param writers whether many threads or one at a time update the array read
     * @return the array
     * @throws IOException if the body ends early
     */
    static NibbleArray readFrom(FilterDataInput in, long counters, Writers writers) throws IOException {
        return new NibbleArray(in.readLongs(checkedWordCount(counters)), writers);
    }

    private static int slot(long index) {
        return (int) index & (Nibbles.PER_WORD - 1);
    }
}
