package org.bloomery.counting;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.bloomery.api.bloom.BloomProbes;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.HeapBudget;

/**
 * A fixed number of 4-bit saturating counters that many threads may update at once without locks,
 * with live counts of non-zero and saturated counters. Counter {@code i} is nibble {@code i & 15}
 * (see {@link Nibbles}) of word {@code i >>> 4}.
 *
 * <p>Every update is a compare-and-set of the whole word, so concurrent updates of different
 * nibbles in one word never lose each other, and each update moves the live counts exactly once
 * (the probe methods move them once per call, by the sum over their k counters, so the counts are
 * exact whenever no update is in progress). Reads are plain array reads, which the memory model
 * allows here: a read sees every update that happened-before it, may see racing ones or not (the
 * ordinary outcome of a racing update and query), and even if a JVM split the 64-bit read in two
 * halves (JLS 17.7), no nibble straddles them, so each counter read is a value it really held.
 */
final class NibbleArray {
    /** Most counters: one {@code long[]} of 2^30 words, 8 GiB. */
    static final long MAX_COUNTERS = 1L << 34;

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] words;
    /** The number of counters, {@code 16 * words.length}: the m that probe positions reduce into. */
    private final long size;
    private final LongAdder nonZero = new LongAdder();
    private final LongAdder saturated = new LongAdder();

    /**
     * All counters at 0.
     *
     * @param counters a multiple of 16 in [16, 2^34]
     * @throws IllegalArgumentException if {@code counters} is out of range or does not fit in the
     *     free heap
     */
    NibbleArray(long counters) {
        this(new long[affordable(checkedWordCount(counters))]);
    }

    private NibbleArray(long[] words) {
        this.words = words;
        this.size = (long) words.length << 4;
        for (long word : words) {
            nonZero.add(Nibbles.nonZeroCount(word));
            saturated.add(Nibbles.saturatedCount(word));
        }
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
        return nonZero.sum();
    }

    /** @return counters at 15, current without a rescan */
    long saturatedCount() {
        return saturated.sum();
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
        if (before == 0) {
            nonZero.increment();
        } else if (before == Nibbles.MAX - 1) {
            saturated.increment();
        }
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
        if (before == 1) {
            nonZero.decrement();
        }
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
        // Each compare-and-set is a full fence, so a cache miss taken inside one stalls everything
        // after it: this pass of plain reads takes the k misses side by side instead, and when all
        // k counters are saturated (they never go down) the add changes nothing and is done.
        if (probesSaturated(hash, k)) {
            return false;
        }
        long m = size;
        long g = hash;
        long step = BloomProbes.step(hash);
        int fromZero = 0;
        int toMax = 0;
        for (int i = 0; i < k; i++, g += step) {
            int before = incrementUncounted(BloomProbes.position(g, m));
            fromZero += before == 0 ? 1 : 0;
            toMax += before == Nibbles.MAX - 1 ? 1 : 0;
        }
        // A LongAdder update is a locked instruction of its own: one per call, not one per counter.
        if (fromZero != 0) {
            nonZero.add(fromZero);
        }
        if (toMax != 0) {
            saturated.add(toMax);
        }
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
        for (int i = 0; i < k; i++, g += step) {
            toZero += decrementUncounted(BloomProbes.position(g, m)) == 1 ? 1 : 0;
        }
        if (toZero != 0) {
            nonZero.add(-toZero);
        }
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

    /**
     * Raises one counter, leaving the live counts to the caller. A counter already at 15 costs no
     * locked instruction; otherwise a compare-and-set, because a blind atomic add could carry into
     * the neighbour if a racing increment saturated the counter after the read.
     *
     * @return the counter's value before
     */
    private int incrementUncounted(long index) {
        int w = (int) (index >>> 4);
        int slot = slot(index);
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
     * Lowers one counter unless it is 0 or 15, leaving the live counts to the caller; a
     * compare-and-set, because a blind atomic subtract could borrow from the neighbour if a racing
     * decrement took the counter to 0 after the read.
     *
     * @return the counter's value before
     */
    private int decrementUncounted(long index) {
        int w = (int) (index >>> 4);
        int slot = slot(index);
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
                    nonZero.add(Nibbles.nonZeroCount(updated) - Nibbles.nonZeroCount(old));
                    saturated.add(Nibbles.saturatedCount(updated) - Nibbles.saturatedCount(old));
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
     * @return the array
     * @throws IOException if the body ends early
     */
    static NibbleArray readFrom(FilterDataInput in, long counters) throws IOException {
        return new NibbleArray(in.readLongs(checkedWordCount(counters)));
    }

    private static int slot(long index) {
        return (int) index & (Nibbles.PER_WORD - 1);
    }
}
