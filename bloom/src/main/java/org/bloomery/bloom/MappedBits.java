package org.bloomery.bloom;

import java.io.IOException;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.MappedBytes;

/**
 * {@link BloomBits} read where they lie in a file mapped read-only ({@link BloomBits#map}): word w is
 * the big-endian long at byte {@code start + 8w} of the mapping, as the format writes it. One final
 * class per layout ({@link MappedStandardBits}, {@link MappedBlockedBits}, {@link
 * MappedSectoredBits}, {@link MappedPatternedBits}) holds the layout's query, with the positions of the heap classes; every
 * method that changes bits throws {@link UnsupportedOperationException}. The set-bit count is the one
 * the file states; checking the words against it is the envelope's {@code verify}.
 */
abstract class MappedBits extends BloomBits {
    /** Bytes per word. */
    private static final int WORD = Long.BYTES;
    private static final int WRITE_CHUNK_WORDS = 8192;

    final MappedBytes bytes;
    /** The byte offset of word 0 in {@link #bytes}. */
    final long start;
    final BloomShape shape;
    private final Writers writers;
    private final long setBits;

    MappedBits(MappedBytes bytes, long start, BloomShape shape, Writers writers, long setBits) {
        this.bytes = bytes;
        this.start = start;
        this.shape = shape;
        this.writers = writers;
        this.setBits = setBits;
    }

    /** The class of a shape's layout over a mapping. */
    static MappedBits over(MappedBytes bytes, long start, BloomShape shape, Writers writers, long setBits) {
        long end = start + (shape.cells() >>> 3);
        if (start < 0 || end > bytes.length()) {
            throw new IllegalArgumentException("the " + (shape.cells() >>> 3) + " bytes of the words from offset "
                    + start + " do not lie in the " + bytes.length() + " mapped bytes");
        }
        return switch (shape.layout()) {
            case STANDARD -> new MappedStandardBits(bytes, start, shape, writers, setBits);
            case BLOCKED -> new MappedBlockedBits(bytes, start, shape, writers, setBits);
            case SECTORED -> new MappedSectoredBits(bytes, start, shape, writers, setBits);
            case PATTERNED -> new MappedPatternedBits(bytes, start, shape, writers, setBits);
        };
    }

    @Override
    public final long word(long index) {
        return bytes.getLong(start + index * WORD);
    }

    @Override
    public final boolean add(long hash) {
        throw readOnly();
    }

    @Override
    public final void clear() {
        throw readOnly();
    }

    @Override
    public final void orWith(BloomBits other) {
        throw readOnly();
    }

    @Override
    public final void andWith(BloomBits other) {
        throw readOnly();
    }

    private static UnsupportedOperationException readOnly() {
        return new UnsupportedOperationException("these bits are mapped read-only from a file: read the file with"
                + " Filters.readFrom for a filter that can change");
    }

    @Override
    public final long cardinality() {
        return setBits;
    }

    @Override
    public final long bitSize() {
        return shape.cells();
    }

    @Override
    public final Writers writers() {
        return writers;
    }

    /** A heap copy: the same words, which then change as any heap bits do. */
    @Override
    public final BloomBits copy() {
        BloomBits copy = BloomBits.allocate(shape, writers);
        copy.orWith(this);
        return copy;
    }

    @Override
    public final long writeTo(FilterDataOutput out) throws IOException {
        long words = shape.cells() >>> 6;
        long[] chunk = new long[(int) Math.min(WRITE_CHUNK_WORDS, words)];
        long count = 0;
        for (long from = 0; from < words; from += chunk.length) {
            int n = (int) Math.min(chunk.length, words - from);
            for (int i = 0; i < n; i++) {
                chunk[i] = word(from + i);
                count += Long.bitCount(chunk[i]);
            }
            out.writeLongs(chunk, 0, n);
        }
        return count;
    }
}
