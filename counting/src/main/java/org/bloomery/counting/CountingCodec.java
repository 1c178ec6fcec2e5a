package org.bloomery.counting;

import static org.bloomery.counting.CountingProvider.KIND;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.Envelope;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.Writers;

/**
 * The counting kind's body inside the shared envelope, all big-endian: m (long), k (int), the layout
 * (byte: 0 standard, 1 blocked), in envelope version 3 zeros to body offset 64 (a cache line), then
 * the m / 16 words of packed 4-bit counters. m, k and the layout
 * are checked against the spec (in the envelope's header) before the words are read, so a forged m
 * cannot make the reader allocate more than the spec itself calls for.
 */
final class CountingCodec {
    private CountingCodec() {
    }

    /**
     * Writes a filter.
     *
     * @param out the stream; not closed
     * @param filter the filter, for its kind, hasher, spec, m, k and layout
     * @param counters the filter's live counters; updates racing with the write are atomic per word only
     * @throws IOException if the stream fails
     */
    static void write(OutputStream out, CountingFilter<?> filter, NibbleArray counters) throws IOException {
        Envelope.write(out, filter, BloomShape.CELLS_OFFSET + counters.serializedBytes(), body -> {
            body.writeLong(filter.counters());
            body.writeInt(filter.hashes());
            body.writeByte(filter.bloomLayout().code());
            body.alignTo(Envelope.BODY_ALIGNMENT);
            counters.writeTo(body);
        });
    }

    /**
     * Reads a filter, checking every body field against its range and against the spec.
     *
     * @param in the stream at the start of the envelope
     * @param hasher the hasher the filter was written with
     * @param <T> the item type
     * @return the filter, with its statistics recounted
     * @throws InvalidFilterDataException if the data is not a valid counting filter, or its counter
     *     or probe count does not match its spec
     * @throws IOException if the stream fails
     */
    static <T> CountingFilter<T> read(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, KIND, hasher, (spec, reading, body) -> {
            BloomShape shape;
            try {
                shape = CountingOptions.shape(spec);
            } catch (IllegalArgumentException e) {
                throw new InvalidFilterDataException("the spec does not make a counting filter: " + e.getMessage(), e);
            }
            long counters = body.readLong("counters", BloomShape.MIN_CELLS, NibbleArray.MAX_COUNTERS);
            if (counters != shape.cells()) {
                throw new InvalidFilterDataException("counters = " + counters + " does not match the spec, which gives "
                        + shape.cells());
            }
            int hashes = body.readInt("hashes", 1, BloomShape.MAX_HASHES);
            if (hashes != shape.hashes()) {
                throw new InvalidFilterDataException("hashes = " + hashes + " does not match the spec, which gives "
                        + shape.hashes());
            }
            BloomLayout layout = BloomLayout.read(body);
            if (layout != shape.layout()) {
                throw new InvalidFilterDataException("layout " + layout.optionValue() + " does not match the spec,"
                        + " which gives " + shape.layout().optionValue());
            }
            body.alignTo(Envelope.BODY_ALIGNMENT);
            NibbleArray read = NibbleArray.readFrom(body, counters, Writers.of(spec, KIND));
            return new CountingFilter<>(spec, reading, shape, read);
        });
    }
}
