package org.bloomery.bloom;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.HeapBudget;

/**
 * A fixed-size array of bits that many threads may set at once without locks, and that keeps its
 * count of set bits current. Bit {@code i} is bit {@code i & 63} of 64-bit word {@code i >>> 6}.
 * Words live in pages of 2^27 (1 GiB) so that the full 2^37-bit range fits in Java arrays.
 *
 * <p>With {@link Writers#MANY} (the default), every write is atomic on its word (an atomic OR to
 * set bits, a compare-and-set to combine two arrays), so concurrent sets of different bits in one
 * word never lose each other, and the live count is a {@link LongAdder}. With {@link
 * Writers#SINGLE}, one thread at a time sets, clears and combines (plain reads, opaque writes of
 * whole words, a plain count written opaquely), which costs no locked instruction; queries may still
 * come from any thread. {@link #get} is a plain read in both: bits only ever go from 0 to 1 outside
 * {@link #clear} and {@link #andWith}, so a racing read can at worst miss a bit whose set has not yet
 * happened-before it, which is the ordinary outcome of a racing add and query.
 */
public final class BitArray {
    private static final int PAGE_SHIFT = 27;
    private static final int PAGE_WORDS = 1 << PAGE_SHIFT;
    private static final int PAGE_MASK = PAGE_WORDS - 1;
    /** The bits of one page: arrays up to this size index {@code firstPage} with an int. */
    private static final long PAGE_BITS = (long) PAGE_WORDS << 6;
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int WRITE_CHUNK_WORDS = 8192;
    /**
     * Keys per pass of a batch query: enough independent reads to fill the CPU's miss buffers, few
     * enough that their cache lines are still in the first-level cache for the next pass.
     */
    private static final int BATCH_CHUNK = 32;
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
            pages[p] = new long[(int) Math.min(PAGE_WORDS, words - ((long) p << PAGE_SHIFT))];
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
    private void count(long delta) {
        if (single) {
            SINGLE_SET_BITS.setOpaque(this, singleSetBits + delta);
        } else {
            setBits.add(delta);
        }
    }

    /** The page holding a word; the branch is always taken the same way for filters of one page. */
    private long[] page(long word) {
        return word < PAGE_WORDS ? firstPage : pages[(int) (word >>> PAGE_SHIFT)];
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
        return (page(word)[(int) word & PAGE_MASK] & (1L << index)) != 0;
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
     * Sets the k probe positions of a key hash ({@link BloomProbes}), each atomically, and counts
     * the newly set bits with one update of the live count.
     *
     * @param hash the key hash
     * @param k probes, at least 1
     * @return true if any of the k bits was clear before
     */
    public boolean setProbes(long hash, int k) {
        int changed;
        if (bits > PAGE_BITS) {
            changed = setPagedProbes(hash, k);
        } else {
            changed = single ? setProbesAlone(hash, k) : setProbesShared(hash, k);
        }
        if (changed == 0) {
            return false;
        }
        count(changed);
        return true;
    }

    /** {@link #setProbes} on an array of more than one page; the bits it turned on. */
    private int setPagedProbes(long hash, int k) {
        long m = bits;
        long g = hash;
        long step = BloomProbes.step(hash);
        int changed = 0;
        for (int i = 0; i < k; i++, g += step) {
            changed += setUncounted(BloomProbes.position(g, m));
        }
        return changed;
    }

    /**
     * {@link #setProbes} on one page with one writer: every probe written, with no branch on whether
     * its bit was set (the branch, as unpredictable as the fill, cost 58.6 against 33.3 ns per add,
     * A/B at n = 10^6); the bits it turned on.
     */
    private int setProbesAlone(long hash, int k) {
        long m = bits;
        long[] words = firstPage;
        long g = hash;
        long step = BloomProbes.step(hash);
        int changed = 0;
        for (int i = 0; i < k; i++, g += step) {
            long index = BloomProbes.position(g, m);
            int slot = (int) (index >>> 6);
            long seen = words[slot];
            WORDS.setOpaque(words, slot, seen | 1L << index);
            changed += (int) (~seen >>> index) & 1;
        }
        return changed;
    }

    /**
     * {@link #setProbes} on one page with many writers: one branch a key instead of one a probe.
     * Plain reads of all k bits come first (their misses overlap), so a key already present costs no
     * locked instruction; otherwise every probe gets an atomic OR (61.6 against 75.7 ns per add, A/B
     * at n = 10^6). The bits it turned on.
     */
    private int setProbesShared(long hash, int k) {
        long m = bits;
        long[] words = firstPage;
        long step = BloomProbes.step(hash);
        long clear = 0;
        long g = hash;
        for (int i = 0; i < k; i++, g += step) {
            long index = BloomProbes.position(g, m);
            clear |= ~words[(int) (index >>> 6)] >>> index;
        }
        if ((clear & 1) == 0) {
            return 0;
        }
        int changed = 0;
        g = hash;
        for (int i = 0; i < k; i++, g += step) {
            long index = BloomProbes.position(g, m);
            long old = (long) WORDS.getAndBitwiseOr(words, (int) (index >>> 6), 1L << index);
            changed += (int) (~old >>> index) & 1;
        }
        return changed;
    }

    /**
     * Whether all k probe positions of a key hash ({@link BloomProbes}) are set; stops at the first
     * clear one.
     *
     * @param hash the key hash
     * @param k probes, at least 1
     * @return true if every one of the k bits is set
     */
    public boolean probesSet(long hash, int k) {
        long m = bits;
        if (m > PAGE_BITS) {
            return pagedProbesSet(hash, k);
        }
        long[] words = firstPage;
        long g = hash;
        long step = BloomProbes.step(hash);
        int i = 0;
        // Two probes per test: an absent key's first clear bit is a coin flip away, and one branch
        // per probe mispredicted about once a query and waited on each read; pairs of reads
        // overlap and an absent key took a third less time (n = 10^6, k = 7).
        for (; i + 1 < k; i += 2, g += step << 1) {
            long a = BloomProbes.position(g, m);
            long b = BloomProbes.position(g + step, m);
            if ((~words[(int) (a >>> 6)] & 1L << a | ~words[(int) (b >>> 6)] & 1L << b) != 0) {
                return false;
            }
        }
        if (i == k) {
            return true;
        }
        long a = BloomProbes.position(g, m);
        return (words[(int) (a >>> 6)] & 1L << a) != 0;
    }

    /** {@link #probesSet} over several pages, one probe at a time. */
    private boolean pagedProbesSet(long hash, int k) {
        long m = bits;
        long g = hash;
        long step = BloomProbes.step(hash);
        for (int i = 0; i < k; i++, g += step) {
            if (!get(BloomProbes.position(g, m))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The batch form of {@link #probesSet}: {@code out[i] = probesSet(hashes[i], k)} for every i in
     * [from, to); {@link #orProbesSet} after clearing those answers.
     *
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, at least 1
     * @param out receives the answers at the same indices
     */
    public void probesSet(long[] hashes, int from, int to, int k, boolean[] out) {
        java.util.Arrays.fill(out, from, to, false);
        orProbesSet(hashes, from, to, k, out);
    }

    /**
     * The batch form of {@link #probesSet}, added to answers already there: {@code out[i] = out[i]
     * || probesSet(hashes[i], k)} for every i in [from, to), without reading the probes of a key
     * whose answer is already true (a scalable filter asks its layers in turn this way). The keys go
     * in chunks of {@value #BATCH_CHUNK}, probe by probe: probe j of every key of a chunk still
     * possibly present, then probe j + 1, so each pass issues up to a chunk's worth of independent
     * reads and the CPU keeps their cache misses in flight together.
     *
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, at least 1
     * @param out holds earlier answers; receives these at the same indices
     */
    public void orProbesSet(long[] hashes, int from, int to, int k, boolean[] out) {
        long m = bits;
        for (int start = from; start < to; start += BATCH_CHUNK) {
            int end = Math.min(to, start + BATCH_CHUNK);
            long known = known(out, start, end);
            for (int i = start; i < end; i++) {
                if ((known & 1L << (i - start)) == 0) {
                    out[i] = get(BloomProbes.position(hashes[i], m));
                }
            }
            for (int j = 1; j < k; j++) {
                for (int i = start; i < end; i++) {
                    if (out[i] && (known & 1L << (i - start)) == 0) {
                        long hash = hashes[i];
                        out[i] = get(BloomProbes.position(hash + j * BloomProbes.step(hash), m));
                    }
                }
            }
        }
    }

    /** Bit {@code i - start} set for each answer in [start, end) (at most 64) that is already true. */
    private static long known(boolean[] out, int start, int end) {
        long known = 0;
        for (int i = start; i < end; i++) {
            known |= (out[i] ? 1L : 0L) << (i - start);
        }
        return known;
    }

    /**
     * Sets the k probe positions of a key hash in the {@link BloomLayout#BLOCKED blocked} layout
     * ({@link BlockedProbes}; the array, whose size must be a multiple of 512, is {@code bitSize() /
     * 512} blocks): a key already present changes nothing; otherwise each touched word gets one
     * atomic OR (one plain write with a single writer), and the newly set bits are counted with one
     * update of the live count.
     *
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if any of the k bits was clear before
     */
    public boolean setBlockProbes(long hash, int k) {
        long base = BlockedProbes.block(hash, bits >>> 9) << 3;
        long[] page = page(base);
        int slot = (int) base & PAGE_MASK;
        if (!single && blockMissing(page, slot, hash, k) == 0) {
            // Many writers: one branch a key, on plain reads of its block, so a key already present
            // costs no locked instruction; a branch a word (skipping words already holding their
            // bits) cost 53.5 against 40.4 ns per add, its outcome as unpredictable as the fill.
            return false;
        }
        long first = BlockedProbes.mix(hash, 0);
        int changed = 0;
        if (BlockedProbes.rotationFree(k)) {
            // Rotation 0 (k = 8 at 1%): word w takes probes w, w + 8, ..., at field w of each group's
            // product. Indexing the words by w alone lets the JIT check the block's range once; the
            // rotated indexing below cost a third more per add.
            if (single) {
                for (int w = 0; w < BlockedProbes.BLOCK_WORDS; w++) {
                    changed += orWordAlone(page, slot + w, wordMask(hash, first, k, w));
                }
            } else {
                for (int w = 0; w < BlockedProbes.BLOCK_WORDS; w++) {
                    changed += orWordShared(page, slot + w, wordMask(hash, first, k, w));
                }
            }
        } else {
            // Probe i lies in word r + i (mod 8), so word r + w takes probes w, w + 8, ...: each
            // word's mask comes straight from its own probes, and each word gets one write.
            int r = BlockedProbes.rotation(hash, k);
            int touched = Math.min(k, BlockedProbes.BLOCK_WORDS);
            for (int w = 0; w < touched; w++) {
                long mask = BlockedProbes.fieldBit(first, w);
                for (int i = w + BlockedProbes.BLOCK_WORDS; i < k; i += BlockedProbes.BLOCK_WORDS) {
                    mask |= BlockedProbes.bit(hash, i);
                }
                int at = slot + BlockedProbes.word(r, w);
                changed += single ? orWordAlone(page, at, mask) : orWordShared(page, at, mask);
            }
        }
        if (changed == 0) {
            return false;
        }
        count(changed);
        return true;
    }

    /**
     * Word w's mask at a rotation-free k: field w of every group's product. The loop's bound is the
     * same for every w, so at k = 8 the JIT drops the empty loop; the rotated branch's per-word bound
     * (probes w + 8, w + 16, ... below k) here cost 5.8 ns more per add with one writer (25.5 against
     * 31.3 ns, A/B at n = 10^6).
     */
    private static long wordMask(long hash, long first, int k, int w) {
        long mask = BlockedProbes.fieldBit(first, w);
        for (int g = 1; g < k >>> 3; g++) {
            mask |= BlockedProbes.fieldBit(BlockedProbes.mix(hash, g), w);
        }
        return mask;
    }

    /**
     * Whether all k probe positions of a key hash in the blocked layout are set: plain reads of one
     * 512-bit block, every probe tested (they all lie in one cache line, so a branch per probe would
     * cost more in mispredictions than the reads it saves).
     *
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if every one of the k bits is set
     */
    public boolean blockProbesSet(long hash, int k) {
        long base = BlockedProbes.block(hash, bits >>> 9) << 3;
        return blockMissing(page(base), (int) base & PAGE_MASK, hash, k) == 0;
    }

    /** The probes of a key whose block starts at {@code slot} that are clear, as a non-zero value. */
    private static long blockMissing(long[] page, int slot, long hash, int k) {
        if (k == BlockedProbes.BLOCK_WORDS) {
            // k = 8, the blocked sizing's choice at 1%: rotation 0, probe w in word w at field w of
            // one product. Straight-line code leaves no loop, one multiplication and one range check.
            return groupMissing(page, slot, BlockedProbes.mix(hash, 0));
        }
        long missing = 0;
        if (BlockedProbes.rotationFree(k)) {
            // Rotation 0 at k = 16, 32 or 64: group g's probes lie in words 0 to 7 in turn.
            for (int g = 0; g < k >>> 3; g++) {
                missing |= groupMissing(page, slot, BlockedProbes.mix(hash, g));
            }
            return missing;
        }
        int r = BlockedProbes.rotation(hash, k);
        for (int i = 0; i < k; i++) {
            missing |= BlockedProbes.bit(hash, i) & ~page[slot + BlockedProbes.word(r, i)];
        }
        return missing;
    }

    /**
     * The probes of one group (product {@code x}) clear in the block at {@code slot}, as a non-zero
     * value, probe w in word w: each word shifted right by its probe's bit (a long shift takes its
     * count's low 6 bits, which are the field), the eight ANDed, bit 0 then set only if every probe
     * is. Three instructions a probe, against four for a mask and a test.
     */
    private static long groupMissing(long[] page, int slot, long x) {
        long all = page[slot + 7] >>> (x >>> 16)
                & page[slot] >>> (x >>> 58)
                & page[slot + 1] >>> (x >>> 52)
                & page[slot + 2] >>> (x >>> 46)
                & page[slot + 3] >>> (x >>> 40)
                & page[slot + 4] >>> (x >>> 34)
                & page[slot + 5] >>> (x >>> 28)
                & page[slot + 6] >>> (x >>> 22);
        return ~all & 1;
    }

    /**
     * The batch form of {@link #blockProbesSet}: {@code out[i] = blockProbesSet(hashes[i], k)} for
     * every i in [from, to); {@link #orBlockProbesSet} after clearing those answers.
     *
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, in [1, 64]
     * @param out receives the answers at the same indices
     */
    public void blockProbesSet(long[] hashes, int from, int to, int k, boolean[] out) {
        java.util.Arrays.fill(out, from, to, false);
        orBlockProbesSet(hashes, from, to, k, out);
    }

    /**
     * The batch form of {@link #blockProbesSet}, added to answers already there: {@code out[i] =
     * out[i] || blockProbesSet(hashes[i], k)} for every i in [from, to), without reading the block
     * of a key whose answer is already true. The keys go in chunks of {@value #BATCH_CHUNK}: a first
     * pass tests each key's first probe, one independent read per key, so the CPU has the chunk's
     * cache misses in flight together; a second pass tests all its probes, from the block then in
     * cache.
     *
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, in [1, 64]
     * @param out holds earlier answers; receives these at the same indices
     */
    public void orBlockProbesSet(long[] hashes, int from, int to, int k, boolean[] out) {
        long blocks = bits >>> 9;
        for (int start = from; start < to; start += BATCH_CHUNK) {
            int end = Math.min(to, start + BATCH_CHUNK);
            long known = known(out, start, end);
            for (int i = start; i < end; i++) {
                if ((known & 1L << (i - start)) == 0) {
                    long hash = hashes[i];
                    long base = BlockedProbes.block(hash, blocks) << 3;
                    int word = ((int) base & PAGE_MASK) + BlockedProbes.word(BlockedProbes.rotation(hash, k), 0);
                    out[i] = (page(base)[word] & BlockedProbes.bit(hash, 0)) != 0;
                }
            }
            for (int i = start; i < end; i++) {
                if ((known & 1L << (i - start)) == 0) {
                    long hash = hashes[i];
                    long base = BlockedProbes.block(hash, blocks) << 3;
                    out[i] &= blockMissing(page(base), (int) base & PAGE_MASK, hash, k) == 0;
                }
            }
        }
    }

    /**
     * ORs a mask into one word atomically, for many writers: one atomic OR, whatever the word holds
     * (the caller has checked that its key is not already present). The number of bits this call
     * turned on.
     */
    private static int orWordShared(long[] page, int slot, long mask) {
        long old = (long) WORDS.getAndBitwiseOr(page, slot, mask);
        return Long.bitCount(mask & ~old);
    }

    /**
     * ORs a mask into one word for a single writer: a plain read and one opaque write of the whole
     * word (a plain store on common hardware, but never torn or elided), with no branch on whether
     * it changed. The number of bits this call turned on.
     */
    private static int orWordAlone(long[] page, int slot, long mask) {
        long old = page[slot];
        WORDS.setOpaque(page, slot, old | mask);
        return Long.bitCount(mask & ~old);
    }

    /**
     * Sets one bit atomically; 1 if it was clear. A plain read first skips bits already set, which
     * costs no locked instruction; otherwise one atomic OR (cheaper than a compare-and-set loop)
     * sets it and tells whether this call was the one that did, or with a single writer an opaque
     * write of the word.
     */
    private int setUncounted(long index) {
        long word = index >>> 6;
        long[] page = page(word);
        int slot = (int) word & PAGE_MASK;
        long mask = 1L << index;
        long seen = page[slot];
        if ((seen & mask) != 0) {
            return 0;
        }
        if (single) {
            // The one writer: nobody else changes the word between this read and write.
            WORDS.setOpaque(page, slot, seen | mask);
            return 1;
        }
        long old = (long) WORDS.getAndBitwiseOr(page, slot, mask);
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
        long[] chunk = new long[Math.min(WRITE_CHUNK_WORDS, pages[0].length)];
        for (long[] page : pages) {
            for (int from = 0; from < page.length; from += chunk.length) {
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
            pages[p] = in.readLongs((int) Math.min(PAGE_WORDS, words - ((long) p << PAGE_SHIFT)));
            for (long w : pages[p]) {
                count += Long.bitCount(w);
            }
        }
        return new BitArray(bits, pages, count, writers == Writers.SINGLE);
    }
}
