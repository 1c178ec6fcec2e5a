package org.bloomery.fuse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.Envelope;

/**
 * The fuse kind's body inside the shared envelope, all big-endian: fingerprint bits f (byte: 8, 16
 * or 32), distinct items n (long), seed (long), segment length (int), slots (int), then the slots'
 * fingerprints, f / 8 bytes each. The segment length and slot count are derived from n and the
 * spec's arity (option {@code arity}, in the envelope's header) and checked,
 * so a forged n or length cannot make the reader allocate beyond the bytes that arrive.
 */
final class FuseCodec {
    private static final int FIELD_BYTES = 1 + Long.BYTES + Long.BYTES + Integer.BYTES + Integer.BYTES;

    private FuseCodec() {
    }

    static void write(OutputStream out, FuseFilter<?> filter) throws IOException {
        FuseLayout layout = filter.layout();
        Fingerprints fingerprints = filter.fingerprints();
        long bodyLength = FIELD_BYTES + (long) layout.arrayLength() * (fingerprints.bits() / 8);
        Envelope.write(out, filter, bodyLength, body -> {
            body.writeByte(fingerprints.bits());
            body.writeLong(filter.approximateCount());
            body.writeLong(filter.seed());
            body.writeInt(layout.segmentLength());
            body.writeInt(layout.arrayLength());
            fingerprints.writeTo(body);
        });
    }

    static <T> FuseFilter<T> read(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, FuseProvider.KIND, hasher, (spec, reading, body) -> {
            int expectedBits = bitsOf(spec);
            int bits = body.readUnsignedByte("fingerprint bits", expectedBits, expectedBits);
            long items = body.readLong("distinct items", 0, FuseLayout.MAX_ITEMS);
            long seed = body.readLong("seed", Long.MIN_VALUE, Long.MAX_VALUE);
            FuseLayout layout = FuseLayout.forItems(items, arityOf(spec));
            body.readInt("segment length", layout.segmentLength(), layout.segmentLength());
            body.readInt("slots", layout.arrayLength(), layout.arrayLength());
            Fingerprints fingerprints = Fingerprints.readFrom(body, bits, layout.arrayLength());
            return new FuseFilter<>(spec, reading, (int) items, seed, layout, fingerprints);
        });
    }

    private static int arityOf(FilterSpec spec) throws InvalidFilterDataException {
        try {
            return FuseFilter.arity(spec);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the stored spec does not make a fuse filter: " + e.getMessage(), e);
        }
    }

    private static int bitsOf(FilterSpec spec) throws InvalidFilterDataException {
        try {
            return FuseFilter.fingerprintBits(spec);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the stored spec does not make a fuse filter: " + e.getMessage(), e);
        }
    }
}
