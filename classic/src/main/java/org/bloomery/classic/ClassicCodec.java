package org.bloomery.classic;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.MappedBody;
import org.bloomery.bloom.BloomBits;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.Writers;

/**
 * The classic kind's body inside the shared envelope, all big-endian: m (long), k (int), the layout
 * (byte: 0 standard, 2 blocked, 3 sectored, 4 patterned; 1 is refused), in envelope version 3 zeros to body offset 64 (so each
 * 512-bit block is one cache line in a mapping of the file), the m / 64 words, first to last, then
 * the number of set bits in those words (long). The count follows the words so it can be taken while
 * writing them from the live array: no snapshot copy is needed.
 */
final class ClassicCodec {

    private ClassicCodec() {
    }

    /**
     * Writes a filter.
     *
     * @param out the stream; not closed
     * @param filter the filter, for its kind, hasher, spec and k
     * @param bits the filter's live bits; adds racing with the write may or may not be included
     * @throws IOException if the stream fails
     */
    static void write(OutputStream out, ClassicFilter<?> filter, BloomBits bits) throws IOException {
        Envelope.write(out, filter, BloomShape.CELLS_OFFSET + bits.serializedBytes() + Long.BYTES, body -> {
            body.writeLong(bits.bitSize());
            body.writeInt(filter.hashes());
            body.writeByte(filter.bloomLayout().code());
            body.alignTo(Envelope.BODY_ALIGNMENT);
            body.writeLong(bits.writeTo(body));
        });
    }

    /**
     * Reads a filter, checking every body field against its range and against the spec.
     *
     * @param in the stream at the start of the envelope
     * @param hasher the hasher the filter was written with
     * @param <T> the item type
     * @return the filter
     * @throws InvalidFilterDataException if the data is not a valid classic filter
     * @throws IOException if the stream fails
     */
    static <T> ClassicFilter<T> read(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, ClassicProvider.KIND, hasher, (spec, reading, body) -> {
            BloomShape shape = readHead(spec, body);
            BloomBits bits = BloomBits.readFrom(body, shape, Writers.of(spec, ClassicProvider.KIND));
            long stored = body.readLong("set-bit count", 0, shape.cells());
            if (bits.cardinality() != stored) {
                throw new InvalidFilterDataException("the body says " + stored + " bits are set, but its words hold "
                        + bits.cardinality());
            }
            return new ClassicFilter<>(spec, reading, shape, bits);
        });
    }

    /**
     * A filter over a mapped body: its fields read and checked as {@link #read} checks them, its words
     * read where they lie in the mapping. The set-bit count is taken as stated; the envelope's
     * region checksums ({@code verify}) check the words.
     */
    static <T> ClassicFilter<T> map(MappedBody mapped, KeyHasher<? super T> hasher) throws IOException {
        FilterSpec spec = mapped.spec();
        FilterDataInput body = mapped.fields();
        BloomShape shape = readHead(spec, body);
        long at = body.skipInPlace(shape.cells() >>> 3, "the words of " + shape.cells() + " bits");
        long stored = body.readLong("set-bit count", 0, shape.cells());
        mapped.requireAllRead(body);
        BloomBits bits = BloomBits.map(mapped.bytes(), at, shape, Writers.of(spec, ClassicProvider.KIND), stored);
        return new ClassicFilter<>(spec, hasher, shape, bits);
    }

    /**
     * Reads m, k and the layout, and in version 3 the padding after them, checked against the spec's
     * shape before any word is read, so a forged m cannot make us read or allocate more than the spec
     * itself calls for.
     */
    private static BloomShape readHead(FilterSpec spec, FilterDataInput body) throws IOException {
        long m = body.readLong("bits m", BloomShape.MIN_CELLS, BloomShape.MAX_CELLS);
        int k = body.readInt("hashes k", 1, BloomShape.MAX_HASHES);
        BloomLayout layout = BloomLayout.read(body);
        BloomShape shape = shapeOf(spec);
        if (m != shape.cells() || k != shape.hashes() || layout != shape.layout()) {
            throw new InvalidFilterDataException("the body holds m = " + m + " bits, k = " + k + " hashes and the "
                    + layout.optionValue() + " layout, but its spec gives m = " + shape.cells() + ", k = "
                    + shape.hashes() + " and the " + shape.layout().optionValue() + " layout");
        }
        body.alignTo(Envelope.BODY_ALIGNMENT);
        return shape;
    }

    private static BloomShape shapeOf(FilterSpec spec) throws InvalidFilterDataException {
        try {
            return ClassicFilter.shapeOf(spec);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the stored spec does not make a classic filter: " + e.getMessage(), e);
        }
    }
}
