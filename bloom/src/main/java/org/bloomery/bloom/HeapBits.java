package org.bloomery.bloom;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.internal.CacheLines;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.HeapBudget;

/**
 * {@link BloomBits} in the JVM heap: the words in one padded {@code long[]} ({@link StandardBits},
 * {@link BlockedBits}, {@link SectoredBits}, {@link PatternedBits}) or, past 2^31 words, in pages ({@link PagedBits}),
 * with the live count of set bits and everything that treats the words alike (clear, combine, copy,
 * write).
 *
 * <p>Each array starts with {@link #PAD} unused words, always zero, so that word 0, and so every
 * 512-bit block, starts a 64-byte cache line whenever the JVM places the array at a cache-line
 * boundary, as G1, ZGC and Shenandoah place large arrays (half a region or more); a large filter's
 * block is then one cache line, one miss.
 *
 * <p>The live count: with one writer, a plain field that only it writes. With many, a {@link
 * LongAdder} moved once by each add that turned bits on, by the number its atomic ORs report, so it
 * is exact under any interleaving, and an add of a key already present (the common case once a
 * filter fills) touches no shared counter at all. A changing add pays one more locked instruction
 * for it (a compare-and-set of the adder's base while uncontended, of a per-thread cell once
 * threads collide), beside the atomic ORs it makes anyway; an {@code AtomicLong} would cost the same
 * alone but make every changing add of every thread contend on one cache line, and a count derived
 * from the words on demand would make {@code approximateCount} scan the whole array.
 */
abstract class HeapBits extends BloomBits {
    /** Unused words before word 0 of each array, so that word 0 starts a cache line ({@link CacheLines}). */
    static final int PAD = CacheLines.LONG_ARRAY_PAD;
    /** The most words held in one array: the largest array every JVM allocates, less the padding. */
    static final int ONE_ARRAY_WORDS = Integer.MAX_VALUE - 8 - PAD;
    /** Words per page past {@link #ONE_ARRAY_WORDS}: 2^27 (1 GiB), a whole number of blocks. */
    static final int PAGE_WORDS = 1 << 27;
    /** The {@link #pageShift} of one array: every word index below 2^31 lies in page 0. */
    static final int ONE_ARRAY = 31;
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int WRITE_CHUNK_WORDS = 8192;

    final BloomShape shape;
    /** Whether one thread at a time changes the bits ({@link Writers#SINGLE}). */
    final boolean single;
    /** The arrays, each {@link #PAD} words then its words; one for every filter under 2^31 words. */
    final long[][] pages;
    /** log2 of the words of each page but the last; {@link #ONE_ARRAY} when there is one array. */
    final int pageShift;
    private final LongAdder sharedCount = new LongAdder();
    /** The single writer's live count; other threads read it racily, as they read its words. */
    private long singleCount;

    HeapBits(BloomShape shape, long[][] pages, int pageShift, boolean single, long setBits) {
        this.shape = shape;
        this.pages = pages;
        this.pageShift = pageShift;
        this.single = single;
        count(setBits);
    }

    /**
     * All-zero bits, in one array when the shape has at most {@code oneArrayWords} words, else in
     * pages of {@code pageWords} (a test passes small values to make pages of a small filter).
     */
    static HeapBits allocate(BloomShape shape, Writers writers, int oneArrayWords, int pageWords) {
        String what = "a bit array of " + shape.cells() + " bits";
        HeapBudget.require(shape.cells() >>> 3, what);
        long[][] pages = HeapBudget.refusingOutOfMemory(what,
                () -> newPages(shape.cells() >>> 6, oneArrayWords, pageWords));
        return over(shape, pages, Integer.numberOfTrailingZeros(pageWords), writers == Writers.SINGLE, 0);
    }

    /** {@link BloomBits#readFrom}, with the array sizes of {@link #allocate}. */
    static HeapBits readFrom(FilterDataInput in, BloomShape shape, Writers writers, int oneArrayWords, int pageWords)
            throws IOException {
        long bits = shape.cells();
        if (bits < BloomShape.MIN_CELLS || bits > BloomShape.MAX_CELLS || bits % 64 != 0) {
            throw new InvalidFilterDataException("bit array size " + bits + " is not a multiple of 64 in [64, 2^37]");
        }
        in.reserve(bits >>> 3, "a bit array of " + bits + " bits");
        long[][] pages = newPages(bits >>> 6, oneArrayWords, pageWords);
        long count = 0;
        for (long[] page : pages) {
            in.readLongs(page, PAD, page.length - PAD);
            count += setBits(page);
        }
        return over(shape, pages, Integer.numberOfTrailingZeros(pageWords), writers == Writers.SINGLE, count);
    }

    private static long[][] newPages(long words, int oneArrayWords, int pageWords) {
        if (words <= oneArrayWords) {
            return new long[][] {new long[PAD + (int) words]};
        }
        int count = (int) ((words + pageWords - 1) / pageWords);
        long[][] pages = new long[count][];
        for (int p = 0; p < count; p++) {
            pages[p] = new long[PAD + (int) Math.min(pageWords, words - (long) p * pageWords)];
        }
        return pages;
    }

    /** The class that holds these arrays: the layout's own for one array, {@link PagedBits} for pages. */
    private static HeapBits over(BloomShape shape, long[][] pages, int pageShift, boolean single, long setBits) {
        if (pages.length > 1) {
            return new PagedBits(shape, pages, pageShift, single, setBits);
        }
        return switch (shape.layout()) {
            case STANDARD -> new StandardBits(shape, pages, single, setBits);
            case BLOCKED -> new BlockedBits(shape, pages, single, setBits);
            case SECTORED -> new SectoredBits(shape, pages, single, setBits);
            case PATTERNED -> new PatternedBits(shape, pages, single, setBits);
        };
    }

    private static long setBits(long[] page) {
        long count = 0;
        for (long w : page) {
            count += Long.bitCount(w);
        }
        return count;
    }

    /** Moves the live count by bits an add or a build turned on; called only when some did. */
    final void count(long delta) {
        if (single) {
            singleCount += delta;
        } else {
            sharedCount.add(delta);
        }
    }

    /** An add's answer from the bits it turned on, which it counts: whether there were any. */
    final boolean counted(long changed) {
        if (changed == 0) {
            return false;
        }
        count(changed);
        return true;
    }

    /**
     * ORs a mask into one word and returns the bits it turned on: with many writers ({@code atomic})
     * a plain read first, and one atomic OR only if the word lacks some of the mask's bits; with one
     * writer, a plain read and a plain write, with no branch on whether the word changes (as
     * unpredictable as the fill). Callers pass {@code atomic} as a constant, so only one way is
     * compiled in.
     */
    static int orWord(long[] page, int slot, long mask, boolean atomic) {
        long old = page[slot];
        if (!atomic) {
            page[slot] = old | mask;
            return Long.bitCount(mask & ~old);
        }
        if ((mask & ~old) == 0) {
            return 0;
        }
        return Long.bitCount(mask & ~(long) WORDS.getAndBitwiseOr(page, slot, mask));
    }

    @Override
    public final long cardinality() {
        return single ? singleCount : sharedCount.sum();
    }

    @Override
    public final long bitSize() {
        return shape.cells();
    }

    @Override
    public final Writers writers() {
        return single ? Writers.SINGLE : Writers.MANY;
    }

    @Override
    public final long word(long index) {
        return pages[(int) (index >>> pageShift)][PAD + (int) (index & ((1L << pageShift) - 1))];
    }

    @Override
    public final void clear() {
        for (long[] page : pages) {
            Arrays.fill(page, 0L);
        }
        sharedCount.reset();
        singleCount = 0;
    }

    @Override
    public final void orWith(BloomBits other) {
        combine(other, true);
    }

    @Override
    public final void andWith(BloomBits other) {
        combine(other, false);
    }

    private void combine(BloomBits other, boolean or) {
        if (other.bitSize() != bitSize()) {
            throw new IllegalArgumentException("bit arrays differ in size: " + bitSize() + " and " + other.bitSize());
        }
        long delta = 0;
        for (int p = 0; p < pages.length; p++) {
            long[] page = pages[p];
            long first = ((long) p << pageShift) - PAD;
            for (int i = PAD; i < page.length; i++) {
                delta += combineWord(page, i, other.word(first + i), or);
            }
        }
        if (delta != 0) {
            count(delta);
        }
    }

    /**
     * ORs or ANDs an operand into one word, by compare-and-set with many writers, so a concurrent
     * add's bits are never lost; the change in its set bits.
     */
    private int combineWord(long[] page, int slot, long operand, boolean or) {
        long old = page[slot];
        while (true) {
            long updated = or ? old | operand : old & operand;
            if (updated == old) {
                return 0;
            }
            if (single) {
                page[slot] = updated;
                return Long.bitCount(updated) - Long.bitCount(old);
            }
            long witness = (long) WORDS.compareAndExchange(page, slot, old, updated);
            if (witness == old) {
                return Long.bitCount(updated) - Long.bitCount(old);
            }
            old = witness;
        }
    }

    @Override
    public final BloomBits copy() {
        HeapBudget.require(bitSize() >>> 3, "a copy of a bit array of " + bitSize() + " bits");
        long[][] copied = new long[pages.length][];
        long count = 0;
        for (int p = 0; p < pages.length; p++) {
            copied[p] = pages[p].clone();
            count += setBits(copied[p]);
        }
        return over(shape, copied, pageShift, single, count);
    }

    @Override
    public final long writeTo(FilterDataOutput out) throws IOException {
        long count = 0;
        long[] chunk = new long[Math.min(WRITE_CHUNK_WORDS, pages[0].length - PAD)];
        for (long[] page : pages) {
            for (int from = PAD; from < page.length; from += chunk.length) {
                int n = Math.min(chunk.length, page.length - from);
                for (int i = 0; i < n; i++) {
                    // Read each word once, so the count describes exactly the words written.
                    chunk[i] = (long) WORDS.getOpaque(page, from + i);
                    count += Long.bitCount(chunk[i]);
                }
                out.writeLongs(chunk, 0, n);
            }
        }
        return count;
    }

    /**
     * Sets the bits of keys {@code hashes[from, to)} with plain writes, for a {@link BulkBuild}
     * thread that writes only the words of {@code part}; the bits turned on, not yet counted.
     */
    abstract long buildPart(long[] hashes, int from, int to, BulkBuild.Part part);
}
