package org.bloomery.bloom;

import java.io.IOException;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.MappedBytes;

/**
 * A Bloom filter's bits together with the one layout that places a key's probes in them: the whole
 * single-key query and add (hash to block to masks to test) of that layout in one final class,
 * chosen once when the bits are made ({@link #allocate}, {@link #readFrom}). Bit {@code i} is bit
 * {@code i & 63} of 64-bit word {@code i >>> 6}, and the words are the format's, written first to
 * last by {@link #writeTo}.
 *
 * <p>Queries are plain reads and may come from any thread. With {@link Writers#MANY} adds and
 * combines are atomic per word, so concurrent adds never lose each other's bits; with {@link
 * Writers#SINGLE} one thread at a time changes the bits, with plain writes. A storage that cannot
 * be changed (a file mapped read-only) answers queries like any other and throws {@link
 * UnsupportedOperationException} from every method that changes bits.
 */
public abstract class BloomBits {
    BloomBits() {
    }

    /**
     * All-zero bits for a shape, in one {@code long[]} when the shape has fewer than 2^31 words (16
     * GiB), in pages beyond that.
     *
     * @param shape the size, probes and layout
     * @param writers whether many threads or one at a time change the bits
     * @return the bits
     * @throws IllegalArgumentException if they do not fit in the free heap
     */
    public static BloomBits allocate(BloomShape shape, Writers writers) {
        return HeapBits.allocate(shape, writers, HeapBits.ONE_ARRAY_WORDS, HeapBits.PAGE_WORDS);
    }

    /**
     * Reads words written by {@link #writeTo} and counts their set bits.
     *
     * @param in the body input, at the first word
     * @param shape the shape, already checked against the spec, so its size is in range
     * @param writers whether many threads or one at a time change the bits read
     * @return the bits
     * @throws org.bloomery.api.InvalidFilterDataException if the body or the free heap cannot hold
     *     them
     * @throws IOException if the body ends early
     */
    public static BloomBits readFrom(FilterDataInput in, BloomShape shape, Writers writers) throws IOException {
        return HeapBits.readFrom(in, shape, writers, HeapBits.ONE_ARRAY_WORDS, HeapBits.PAGE_WORDS);
    }

    /**
     * Read-only bits over a file mapped into memory: word w is the big-endian long at byte {@code
     * start + 8w} of {@code bytes}, as {@link #writeTo} wrote it, read in place by every query (no
     * copy in the heap). Every method that changes bits throws {@link UnsupportedOperationException};
     * {@link #copy} gives heap bits that can change.
     *
     * @param bytes the mapping
     * @param start the byte offset of word 0; a multiple of 64 keeps each block one cache line
     * @param shape the shape, already checked against the spec
     * @param writers the writers the spec names, which {@link #copy} keeps
     * @param setBits the set bits the file states
     * @return the bits
     * @throws IllegalArgumentException if the words do not lie in the mapping
     */
    public static BloomBits map(MappedBytes bytes, long start, BloomShape shape, Writers writers, long setBits) {
        return MappedBits.over(bytes, start, shape, writers, setBits);
    }

    /**
     * Whether all k bits of a key hash are set.
     *
     * @param hash the key hash
     * @return true if every one of its bits is set
     */
    public abstract boolean contains(long hash);

    /**
     * Sets the k bits of a key hash.
     *
     * @param hash the key hash
     * @return true if any of them was clear before (the bits changed)
     * @throws UnsupportedOperationException if the bits cannot be changed
     */
    public abstract boolean add(long hash);

    /**
     * {@code out[i] = contains(hashes[i])} for every i in [from, to), in a walk that overlaps the
     * keys' cache misses.
     *
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param out receives the answers at the same indices
     */
    public abstract void containsAll(long[] hashes, int from, int to, boolean[] out);

    /**
     * {@code out[i] = out[i] || contains(hashes[i])} for every i in [from, to), without reading the
     * bits of a key whose answer is already true (a chain of layers asks its layers so).
     *
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param out holds earlier answers; receives these at the same indices
     */
    public abstract void orContainsAll(long[] hashes, int from, int to, boolean[] out);

    /** @return the number of set bits, kept current as bits are set, without a scan */
    public abstract long cardinality();

    /** @return the number of bits, a multiple of 64 */
    public abstract long bitSize();

    /** @return whether many threads or one at a time change these bits */
    public abstract Writers writers();

    /**
     * Clears every bit; not atomic with respect to concurrent adds.
     *
     * @throws UnsupportedOperationException if the bits cannot be changed
     */
    public abstract void clear();

    /**
     * Sets every bit that is set in {@code other} (bitwise OR), word by word atomically with many
     * writers.
     *
     * @param other bits of the same size
     * @throws IllegalArgumentException if the sizes differ
     * @throws UnsupportedOperationException if these bits cannot be changed
     */
    public abstract void orWith(BloomBits other);

    /**
     * Clears every bit that is clear in {@code other} (bitwise AND), word by word atomically with
     * many writers.
     *
     * @param other bits of the same size
     * @throws IllegalArgumentException if the sizes differ
     * @throws UnsupportedOperationException if these bits cannot be changed
     */
    public abstract void andWith(BloomBits other);

    /**
     * An independent copy in the heap, with the same bits, layout and writers.
     *
     * @return the copy
     * @throws IllegalArgumentException if the copy does not fit in the free heap
     */
    public abstract BloomBits copy();

    /** @return bytes {@link #writeTo} writes: one per 8 bits */
    public final long serializedBytes() {
        return bitSize() >>> 3;
    }

    /**
     * Writes the words, first to last, each big-endian, straight from the live bits (no copy). Bits
     * set concurrently may or may not be included.
     *
     * @param out the body output
     * @return the number of set bits in the words as written, for a count that matches them exactly
     * @throws IOException if the stream fails
     */
    public abstract long writeTo(FilterDataOutput out) throws IOException;

    /**
     * One 64-bit word, a plain read: bit {@code i} of the bits is bit {@code i & 63} of word {@code i
     * >>> 6}.
     *
     * @param index the word, in [0, bitSize / 64)
     * @return its bits
     */
    public abstract long word(long index);
}
