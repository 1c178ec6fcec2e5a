package org.bloomery.counting;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.bloomery.api.internal.CacheLines;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.HeapBudget;
import org.bloomery.bloom.Writers;

/**
 * A fixed number of 4-bit saturating counters that many threads may update at once without locks,
 * with live counts of non-zero and saturated counters. Counter {@code i} is nibble {@code i & 15}
 * (see {@link Nibbles}) of word {@code i >>> 4}, which is element {@link #word word(i)} of the array,
 * after {@link #PAD} unused words: with them, word 0 and so every 8-word block of the blocked
 * layout starts a cache line whenever the array does (as a large array does with G1, ZGC and
 * Shenandoah), where the array's header alone would spread every block over two lines. The padding
 * is never written to a file.
 *
 * <p>With {@link Writers#MANY} (the default) every update is a compare-and-set of the whole word, so
 * concurrent updates of different nibbles in one word never lose each other. With {@link
 * Writers#SINGLE} one thread at a time updates: a plain read and an opaque write of the whole word,
 * and live counts in plain fields written opaquely, so no locked instruction is on its path; queries
 * may come from any thread. In both, each update moves the live counts exactly once
 * (a {@link CounterProbing} moves them once per key, by the sum over its k counters, so the counts
 * are exact whenever no update is in progress). Reads are plain array reads, which the memory model
 * allows here: a read sees every update that happened-before it, may see racing ones or not (the
 * ordinary outcome of a racing update and query), and even if a JVM split the 64-bit read in two
 * halves (JLS 17.7), no nibble straddles them, so each counter read is a value it really held.
 */
final class NibbleArray {
    /** Most counters: one {@code long[]} of 2^30 words, 8 GiB. */
    static final long MAX_COUNTERS = 1L << 34;

    /** Unused words before word 0 ({@link CacheLines#LONG_ARRAY_PAD}). */
    static final int PAD = CacheLines.LONG_ARRAY_PAD;

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
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
    /** The number of counters, 16 per word after the padding: the m that probe positions reduce into. */
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
        this(new long[PAD + affordable(checkedWordCount(counters))], writers);
    }

    private NibbleArray(long[] words, Writers writers) {
        this.words = words;
        this.size = (long) (words.length - PAD) << 4;
        this.single = writers == Writers.SINGLE;
        long nonZeroWords = 0;
        long saturatedWords = 0;
        for (long word : words) {
            nonZeroWords += Nibbles.nonZeroCount(word);
            saturatedWords += Nibbles.saturatedCount(word);
        }
        count(nonZeroWords, saturatedWords);
    }

    /** A single-writer array over the given words whose live counts start at 0, without a recount. */
    private NibbleArray(long[] words) {
        this.words = words;
        this.size = (long) (words.length - PAD) << 4;
        this.single = true;
    }

    /**
     * A single-writer array over the same words with live counts of its own, starting at 0: one
     * thread of a {@link org.bloomery.bloom.BulkBuild} updates through it, without locked
     * instructions, the words no other thread updates, and its counts are then exactly the counters
     * it raised from 0 and to 15.
     */
    NibbleArray writerView() {
        return new NibbleArray(words);
    }

    /** Moves the live counts, each with at most one update. */
    void count(long nonZeroDelta, long saturatedDelta) {
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

    /**
     * The array, for the probe strategies: counter {@code i} is nibble {@code i & 15} of element
     * {@link #word word(i)}, after {@link #PAD} unused elements.
     */
    long[] words() {
        return words;
    }

    /** The words that hold counters: {@link #size} / 16, the padding not included. */
    int wordCount() {
        return words.length - PAD;
    }

    /**
     * The element of {@link #words()} that holds counter {@code index}.
     *
     * @param index a counter, in [0, size)
     * @return {@code PAD + index / 16}
     */
    static int word(long index) {
        return PAD + (int) (index >>> 4);
    }

    /** Whether one thread at a time updates ({@link Writers#SINGLE}). */
    boolean single() {
        return single;
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
        return Nibbles.get(words[word(index)], slot(index));
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
     * Adds packed increments into one word, saturating at 15; one compare-and-set unless the word
     * changes under it, none when nothing would change. Returns the counters it raised from 0, plus
     * those it raised to 15 shifted left by 32.
     */
    long addWord(int w, long delta) {
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
     * Lowers the counters of one word by packed amounts, each at most to 0 and none at 15; one
     * compare-and-set unless the word changes under it. Returns the counters it took to 0.
     */
    int subtractWord(int w, long delta) {
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
     * Raises one counter, leaving the live counts to the caller ({@link #incrementAlone} or {@link
     * #incrementShared}).
     *
     * @return the counter's value before
     */
    private int incrementUncounted(long index) {
        int w = word(index);
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
    static int incrementShared(long[] words, int w, int slot) {
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
        int w = word(index);
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
    static int decrementShared(long[] words, int w, int slot) {
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
    static int incrementAlone(long[] words, int w, int slot) {
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
    static int decrementAlone(long[] words, int w, int slot) {
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
        return (long) wordCount() * Long.BYTES;
    }

    /**
     * Writes the words, first to last, each big-endian.
     *
     * @param out the body output
     * @throws IOException if the stream fails
     */
    void writeTo(FilterDataOutput out) throws IOException {
        out.writeLongs(words, PAD, words.length);
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
        return new NibbleArray(in.readLongsAfterPad(checkedWordCount(counters), "an array of " + counters + " counters"),
                writers);
    }

    /** The nibble of counter {@code index} in its word. */
    static int slot(long index) {
        return (int) index & (Nibbles.PER_WORD - 1);
    }
}
