package org.bloomery.fuse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.MappedBody;

/**
 * The fuse kind's body inside the shared envelope, all big-endian: fingerprint bits f (byte: 8, 16
 * or 32), distinct items n (long), seed (long), segment length (int), slots (int), in envelope
 * version 3 zeros to body offset 64 (so the slots start a cache line in a mapping of the file),
 * then the slots' fingerprints, f / 8 bytes each. The segment length and slot count are derived from n and the
 * spec's arity (option {@code arity}, in the envelope's header) and checked,
 * so a forged n or length cannot make the reader allocate beyond the bytes that arrive.
 */
final class FuseCodec {
    private static final int FIELD_BYTES = 1 + Long.BYTES + Long.BYTES + Integer.BYTES + Integer.BYTES;
    /** Where the slots start in the body of envelope version 3: the fields, aligned to a cache line. */
    private static final int SLOTS_OFFSET = FIELD_BYTES + FilterDataOutput.padding(FIELD_BYTES, Envelope.BODY_ALIGNMENT);

    private FuseCodec() {
    }

    static void write(OutputStream out, FuseFilter<?> filter) throws IOException {
        FuseLayout layout = filter.layout();
        Fingerprints fingerprints = filter.fingerprints();
        long bodyLength = SLOTS_OFFSET + (long) layout.arrayLength() * (fingerprints.bits() / 8);
        Envelope.write(out, filter, bodyLength, body -> {
            body.writeByte(fingerprints.bits());
            body.writeLong(filter.approximateCount());
            body.writeLong(filter.seed());
            body.writeInt(layout.segmentLength());
            body.writeInt(layout.arrayLength());
            body.alignTo(Envelope.BODY_ALIGNMENT);
            fingerprints.writeTo(body);
        });
    }

    static <T> FuseFilter<T> read(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, FuseProvider.KIND, hasher, (spec, reading, body) -> {
            Fields fields = Fields.read(spec, body);
            Fingerprints fingerprints = Fingerprints.readFrom(body, fields.bits(), fields.layout().arrayLength());
            return fields.filter(spec, reading, fingerprints);
        });
    }

    /**
     * A filter over a mapped body: its fields read and checked as {@link #read} checks them, its
     * slots read where they lie in the mapping.
     */
    static <T> FuseFilter<T> map(MappedBody mapped, KeyHasher<? super T> hasher) throws IOException {
        FilterDataInput body = mapped.fields();
        Fields fields = Fields.read(mapped.spec(), body);
        int slots = fields.layout().arrayLength();
        long at = body.skipInPlace((long) slots * (fields.bits() / 8), "the fingerprints of " + slots + " slots");
        mapped.requireAllRead(body);
        return fields.filter(mapped.spec(), hasher, new MappedFingerprints(mapped.bytes(), at, fields.bits(), slots));
    }

    /** The body's fields before the slots, checked against the spec. */
    private record Fields(int bits, long items, long seed, FuseLayout layout) {
        /** Reads the fields and, in version 3, the padding after them. */
        static Fields read(FilterSpec spec, FilterDataInput body) throws IOException {
            int expectedBits = bitsOf(spec);
            int bits = body.readUnsignedByte("fingerprint bits", expectedBits, expectedBits);
            long items = body.readLong("distinct items", 0, FuseLayout.MAX_ITEMS);
            long seed = body.readLong("seed", Long.MIN_VALUE, Long.MAX_VALUE);
            FuseLayout layout = FuseLayout.forItems(items, arityOf(spec));
            body.readInt("segment length", layout.segmentLength(), layout.segmentLength());
            body.readInt("slots", layout.arrayLength(), layout.arrayLength());
            body.alignTo(Envelope.BODY_ALIGNMENT);
            return new Fields(bits, items, seed, layout);
        }

        <T> FuseFilter<T> filter(FilterSpec spec, KeyHasher<? super T> hasher, Fingerprints fingerprints) {
            return new FuseFilter<>(spec, hasher, (int) items, seed, layout, fingerprints);
        }
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
