package org.bloomery.counting;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * A fixed number of 4-bit saturating counters that many threads may update at once without locks,
 * with live counts of non-zero and saturated counters. Counter {@code i} is nibble {@code i & 15}
 * (see {@link Nibbles}) of word {@code i >>> 4}.
 *
 * <p>Every update is a compare-and-set of the whole word, so concurrent updates of different
 * nibbles in one word never lose each other, and each update moves the live counts exactly once.
 * Reads are opaque: atomic and never torn, but ordered only by the updates they observe.
 */
final class NibbleArray {
    /** Most counters: one {@code long[]} of 2^30 words, 8 GiB. */
    static final long MAX_COUNTERS = 1L << 34;

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] words;
    private final LongAdder nonZero = new LongAdder();
    private final LongAdder saturated = new LongAdder();

    /**
     * All counters at 0.
     *
     * @param counters a multiple of 16 in [16, 2^34]
     * @throws IllegalArgumentException if {@code counters} is out of range
     */
    NibbleArray(long counters) {
        this(new long[checkedWordCount(counters)]);
    }

    private NibbleArray(long[] words) {
        this.words = words;
        for (long word : words) {
            nonZero.add(Nibbles.nonZeroCount(word));
            saturated.add(Nibbles.saturatedCount(word));
        }
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
        return (long) words.length << 4;
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
        return Nibbles.get(word(index), slot(index));
    }

    /**
     * Raises one counter by one, atomically; a counter at 15 stays at 15.
     *
     * @param index in [0, size)
     * @return the counter's value before
     */
    int increment(long index) {
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
                if (before == 0) {
                    nonZero.increment();
                } else if (before == Nibbles.MAX - 1) {
                    saturated.increment();
                }
                return before;
            }
            old = witness;
        }
    }

    /**
     * Lowers one counter by one, atomically, unless it is 0 or saturated: a counter at 15 may stand
     * for more insertions than it can tell, so it never goes down.
     *
     * @param index in [0, size)
     * @return the counter's value before
     */
    int decrement(long index) {
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
                if (before == 1) {
                    nonZero.decrement();
                }
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

    private long word(long index) {
        return (long) WORDS.getOpaque(words, (int) (index >>> 4));
    }

    private static int slot(long index) {
        return (int) index & (Nibbles.PER_WORD - 1);
    }
}
