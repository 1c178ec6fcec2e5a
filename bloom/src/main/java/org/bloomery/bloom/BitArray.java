package org.bloomery.bloom;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.internal.CacheLines;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.HeapBudget;

/**
 * The storage of a Bloom filter's bits: a fixed-size array of bits that many threads may set at once
 * without locks, and that keeps its count of set bits current. Bit {@code i} is bit {@code i & 63}
 * of 64-bit word {@code i >>> 6}. Words live in pages of 2^27 (1 GiB) so that the full 2^37-bit
 * range fits in Java arrays. Where a key's bits go is not its business: {@link BitProbing}, by
 * {@link BloomLayout}, derives a key's positions and writes them through this class's word
 * operations, which apply the {@link Writers} mode.
 *
 * <p>With {@link Writers#MANY} (the default), every write is atomic on its word (an atomic OR to
 * set bits, a compare-and-set to combine two arrays), so concurrent sets of different bits in one
 * word never lose each other, and the live count is a {@link LongAdder}. With {@link
 * Writers#SINGLE}, one thread at a time sets, clears and combines (plain reads, opaque writes of
 * whole words, a plain count written opaquely), which costs no locked instruction; queries may still
 * come from any thread. {@link #get} is a plain read in both: bits only ever go from 0 to 1 outside
 * {@link #clear} and {@link #andWith}, so a racing read can at worst miss a bit whose set has not yet
 * happened-before it, which is the ordinary outcome of a racing add and query.
 *
 * <p>Each page starts with {@link #PAD} unused words, always zero, so that word 0 of a page, and so
 * every 512-bit block, starts a 64-byte cache line whenever the JVM places the array at a
 * cache-line boundary. The G1, ZGC and Shenandoah collectors place large arrays (half a heap region
 * or more) at the start of a region, so a large filter's block is one cache line, one miss, where
 * the array's header offset alone would split most blocks over two lines. Small arrays stay where
 * the allocator puts them; they sit in cache.
 */
public final class BitArray {
    private static final int PAGE_SHIFT = 27;
    private static final int PAGE_WORDS = 1 << PAGE_SHIFT;
    private static final int PAGE_MASK = PAGE_WORDS - 1;
    /** Unused words before a page's word 0, so that word 0 starts a cache line ({@link CacheLines}). */
    private static final int PAD = CacheLines.LONG_ARRAY_PAD;
    /** The bits of one page: arrays up to this size index {@code firstPage} with an int. */
    private static final long PAGE_BITS = (long) PAGE_WORDS << 6;
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int WRITE_CHUNK_WORDS = 8192;
    /** The single writer's live count, field {@code singleSetBits}, for its opaque reads and writes. */
    private static final VarHandle SINGLE_SET_BITS;

    static {
        try {
            SINGLE_SET_BITS = MethodHandles.lookup().findVarHandle(BitArray.class, "singleSetBits", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long bits;
    private final long[][] pages;
    /** {@code pages[0]}, held directly: most filters have one page, so a probe saves a load. */
    private final long[] firstPage;
    /** Whether one thread at a time changes the array ({@link Writers#SINGLE}). */
    private final boolean single;
    /** The live count of many writers; unused with a single writer. */
    private final LongAdder setBits = new LongAdder();
    /** The live count of a single writer: read and written by it, written opaquely, read opaquely by others. */
    private long singleSetBits;

    /**
     * An all-zero array that many threads may set at once.
     *
     * @param bits the size, a multiple of 64 in [64, 2^37]
     * @throws IllegalArgumentException if the size is out of range or does not fit in the free heap
     */
    public BitArray(long bits) {
        this(bits, Writers.MANY);
    }

    /**
     * An all-zero array.
     *
     * @param bits the size, a multiple of 64 in [64, 2^37]
     * @param writers whether many threads or one at a time may change it
     * @throws IllegalArgumentException if the size is out of range or does not fit in the free heap
     */
    public BitArray(long bits, Writers writers) {
        if (bits < BloomShape.MIN_CELLS || bits > BloomShape.MAX_CELLS || bits % 64 != 0) {
            throw new IllegalArgumentException("bit array size must be a multiple of 64 in [64, 2^37], got " + bits);
        }
        HeapBudget.require(bits >>> 3, "a bit array of " + bits + " bits");
        this.bits = bits;
        long words = bits >>> 6;
        int pageCount = (int) ((words + PAGE_WORDS - 1) >>> PAGE_SHIFT);
        pages = new long[pageCount][];
        for (int p = 0; p < pageCount; p++) {
            pages[p] = new long[PAD + (int) Math.min(PAGE_WORDS, words - ((long) p << PAGE_SHIFT))];
        }
        firstPage = pages[0];
        single = writers == Writers.SINGLE;
    }

    private BitArray(long bits, long[][] pages, long setBits, boolean single) {
        this.bits = bits;
        this.pages = pages;
        this.firstPage = pages[0];
        this.single = single;
        count(setBits);
    }

    /** Moves the live count; one update however many bits changed. */
    void count(long delta) {
        if (single) {
            SINGLE_SET_BITS.setOpaque(this, singleSetBits + delta);
        } else {
            setBits.add(delta);
        }
    }

    /** The page holding a word; the branch is always taken the same way for filters of one page. */
    long[] page(long word) {
        return word < PAGE_WORDS ? firstPage : pages[(int) (word >>> PAGE_SHIFT)];
    }

    /** A word's index in its {@link #page}. */
    static int slot(long word) {
        return PAD + ((int) word & PAGE_MASK);
    }

    /** Whether every word lies in {@link #firstPage}, so a word index is an index of it. */
    boolean onePage() {
        return bits <= PAGE_BITS;
    }

    /** The first page, held in a field of its own: most filters have one page. */
    long[] firstPage() {
        return firstPage;
    }

    /** Whether one thread at a time changes the array ({@link Writers#SINGLE}). */
    boolean single() {
        return single;
    }

    /** @return the number of bits */
    public long bitSize() {
        return bits;
    }

    /** @return the number of set bits, current without a rescan */
    public long cardinality() {
        return single ? (long) SINGLE_SET_BITS.getOpaque(this) : setBits.sum();
    }

    /** @return whether one thread at a time or many change this array */
    public Writers writers() {
        return single ? Writers.SINGLE : Writers.MANY;
    }

    /**
     * Reads one bit.
     *
     * @param index in [0, bitSize)
     * @return whether it is set
     */
    public boolean get(long index) {
        long word = index >>> 6;
        return (page(word)[slot(word)] & (1L << index)) != 0;
    }

    /**
     * Sets one bit, atomically.
     *
     * @param index in [0, bitSize)
     * @return true if the bit was clear before
     */
    public boolean set(long index) {
        if (setUncounted(index) == 0) {
            return false;
        }
        count(1);
        return true;
    }

    /**
     * ORs a mask into one word atomically, for many writers: one atomic OR, whatever the word holds
     * (the caller has checked that its key is not already present). The number of bits this call
     * turned on.
     */
    static int orWordShared(long[] page, int slot, long mask) {
        long old = orShared(page, slot, mask);
        return Long.bitCount(mask & ~old);
    }

    /**
     * ORs a mask into one word for a single writer: a plain read and one opaque write of the whole
     * word (a plain store on common hardware, but never torn or elided), with no branch on whether
     * it changed. The number of bits this call turned on.
     */
    static int orWordAlone(long[] page, int slot, long mask) {
        long old = page[slot];
        writeAlone(page, slot, old | mask);
        return Long.bitCount(mask & ~old);
    }

    /**
     * Writes a word for a single writer: one opaque write (a plain store on common hardware, but
     * never torn or elided).
     */
    private static void writeAlone(long[] page, int slot, long value) {
        WORDS.setOpaque(page, slot, value);
    }

    /** ORs a mask into one word atomically, for many writers; the word as it was before. */
    private static long orShared(long[] page, int slot, long mask) {
        return (long) WORDS.getAndBitwiseOr(page, slot, mask);
    }

    /**
     * Sets one bit atomically; 1 if it was clear. A plain read first skips bits already set, which
     * costs no locked instruction; otherwise one atomic OR (cheaper than a compare-and-set loop)
     * sets it and tells whether this call was the one that did, or with a single writer an opaque
     * write of the word.
     */
    int setUncounted(long index) {
        long word = index >>> 6;
        long[] page = page(word);
        int slot = slot(word);
        long mask = 1L << index;
        long seen = page[slot];
        if ((seen & mask) != 0) {
            return 0;
        }
        if (single) {
            // The one writer: nobody else changes the word between this read and write.
            writeAlone(page, slot, seen | mask);
            return 1;
        }
        long old = orShared(page, slot, mask);
        return (old & mask) == 0 ? 1 : 0;
    }

    /** Clears every bit. Not atomic with respect to concurrent sets. */
    public void clear() {
        for (long[] page : pages) {
            java.util.Arrays.fill(page, 0L);
        }
        setBits.reset();
        SINGLE_SET_BITS.setOpaque(this, 0L);
    }

    /**
     * Sets every bit that is set in {@code other} (bitwise OR), word by word atomically.
     *
     * @param other an array of the same size
     * @throws IllegalArgumentException if the sizes differ
     */
    public void orWith(BitArray other) {
        combine(other, true);
    }

    /**
     * Clears every bit that is clear in {@code other} (bitwise AND), word by word atomically.
     *
     * @param other an array of the same size
     * @throws IllegalArgumentException if the sizes differ
     */
    public void andWith(BitArray other) {
        combine(other, false);
    }

    private void combine(BitArray other, boolean or) {
        if (other.bits != bits) {
            throw new IllegalArgumentException("bit arrays differ in size: " + bits + " and " + other.bits);
        }
        for (int p = 0; p < pages.length; p++) {
            long[] page = pages[p];
            long[] theirs = other.pages[p];
            for (int i = 0; i < page.length; i++) {
                long operand = theirs[i];
                long old = page[i];
                while (true) {
                    long updated = or ? old | operand : old & operand;
                    if (updated == old) {
                        break;
                    }
                    long witness = (long) WORDS.compareAndExchange(page, i, old, updated);
                    if (witness == old) {
                        count(Long.bitCount(updated) - Long.bitCount(old));
                        break;
                    }
                    old = witness;
                }
            }
        }
    }

    /**
     * An independent copy with the same bits.
     *
     * @return the copy
     * @throws IllegalArgumentException if the copy does not fit in the free heap
     */
    public BitArray copy() {
        HeapBudget.require(bits >>> 3, "a copy of a bit array of " + bits + " bits");
        long[][] copied = new long[pages.length][];
        long count = 0;
        for (int p = 0; p < pages.length; p++) {
            copied[p] = pages[p].clone();
            for (long w : copied[p]) {
                count += Long.bitCount(w);
            }
        }
        return new BitArray(bits, copied, count, single);
    }

    /** @return bytes {@link #writeTo} writes */
    public long serializedBytes() {
        return bits >>> 3;
    }

    /**
     * Writes the words, first to last, each big-endian, straight from the live array (no copy, so
     * a filter of any size can be written without doubling its memory). Bits set concurrently may
     * or may not be included.
     *
     * @param out the body output
     * @return the number of set bits in the words as written, for a count that matches them exactly
     * @throws IOException if the stream fails
     */
    public long writeTo(FilterDataOutput out) throws IOException {
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
     * Reads words written by {@link #writeTo} and recounts the set bits.
     *
     * @param in the body input
     * @param bits the array's size, already checked to be a multiple of 64 in [64, 2^37]
     * @return the array
     * @throws InvalidFilterDataException if the body or the free heap cannot hold the array
     * @throws IOException if the body ends early
     */
    public static BitArray readFrom(FilterDataInput in, long bits) throws IOException {
        return readFrom(in, bits, Writers.MANY);
    }

    /**
     * Reads words written by {@link #writeTo} and recounts the set bits, for the given writers.
     *
     * @param in the body input
     * @param bits the array's size, already checked to be a multiple of 64 in [64, 2^37]
     * @param writers whether many threads or one at a time may change the array read
     * @return the array
     * @throws InvalidFilterDataException if the body or the free heap cannot hold the array
     * @throws IOException if the body ends early
     */
    public static BitArray readFrom(FilterDataInput in, long bits, Writers writers) throws IOException {
        if (bits < BloomShape.MIN_CELLS || bits > BloomShape.MAX_CELLS || bits % 64 != 0) {
            throw new InvalidFilterDataException("bit array size " + bits + " is not a multiple of 64 in [64, 2^37]");
        }
        in.reserve(bits >>> 3, "a bit array of " + bits + " bits");
        long words = bits >>> 6;
        int pageCount = (int) ((words + PAGE_WORDS - 1) >>> PAGE_SHIFT);
        long[][] pages = new long[pageCount][];
        long count = 0;
        for (int p = 0; p < pageCount; p++) {
            int pageWords = (int) Math.min(PAGE_WORDS, words - ((long) p << PAGE_SHIFT));
            pages[p] = new long[PAD + pageWords];
            in.readLongs(pages[p], PAD, pageWords);
            for (long w : pages[p]) {
                count += Long.bitCount(w);
            }
        }
        return new BitArray(bits, pages, count, writers == Writers.SINGLE);
    }
}
