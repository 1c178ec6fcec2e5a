package org.bloomery.cuckoo;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.Envelope;

/**
 * The cuckoo kind's body inside the shared envelope, all big-endian: b (byte), f (byte), maxKicks
 * (int), expansion (int), the sub-table count (byte), then per sub-table, oldest first, its bucket
 * count (int), its stash (long: bucket in the high half, fingerprint in the low half, 0 when empty)
 * and its slots (bytes for f = 8, shorts for f = 16, otherwise {@code ceil(slots * f / 64)} longs
 * of packed fingerprints, low bits first), and last the number of fingerprints held (long). Every
 * field but the slots is derived from the spec (in the envelope's header) and checked before the
 * slots are read, so a forged count cannot make the reader allocate beyond what the spec calls for.
 */
final class CuckooCodec {
    private static final int FIELD_BYTES = 1 + 1 + Integer.BYTES + Integer.BYTES + 1 + Long.BYTES;

    private CuckooCodec() {
    }

    /**
     * Writes a filter, its sub-tables held still against writers while they are written.
     *
     * @param out the stream; not closed
     * @param filter the filter, for its kind, hasher, spec and shape
     * @param tables its sub-tables
     * @throws IOException if the stream fails
     */
    static void write(OutputStream out, CuckooFilter<?> filter, StripedTables tables) throws IOException {
        CuckooShape shape = filter.shape();
        tables.whileWritersWait(current -> {
            long bodyLength = FIELD_BYTES;
            for (CuckooTable table : current) {
                bodyLength += Integer.BYTES + table.serializedBytes();
            }
            Envelope.write(out, filter, bodyLength, body -> {
                body.writeByte(shape.bucketSize());
                body.writeByte(shape.fingerprintBits());
                body.writeInt(shape.maxKicks());
                body.writeInt(shape.expansion());
                body.writeByte(current.length);
                for (int i = current.length - 1; i >= 0; i--) {
                    body.writeInt(current[i].buckets());
                    current[i].writeTo(body);
                }
                body.writeLong(SubTables.held(current));
            });
        });
    }

    /**
     * Reads a filter, checking every body field against its range and against the spec.
     *
     * @param in the stream at the start of the envelope
     * @param hasher the hasher the filter was written with
     * @param <T> the item type
     * @return the filter
     * @throws InvalidFilterDataException if the data is not a valid cuckoo filter for its spec
     * @throws IOException if the stream fails
     */
    static <T> CuckooFilter<T> read(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, CuckooProvider.KIND, hasher, (spec, reading, body) -> {
            CuckooShape shape = CuckooShape.of(spec);
            int bucketSize = shape.bucketSize();
            int bits = shape.fingerprintBits();
            body.readUnsignedByte("bucketSize", bucketSize, bucketSize);
            body.readUnsignedByte("fingerprintBits", bits, bits);
            body.readInt("maxKicks", shape.maxKicks(), shape.maxKicks());
            body.readInt("expansion", shape.expansion(), shape.expansion());
            int count = body.readUnsignedByte("sub-table count", 1,
                    shape.expansion() == 0 ? 1 : CuckooFilter.MAX_SUB_TABLES);
            CuckooTable[] tables = new CuckooTable[count];
            for (int i = 0; i < count; i++) {
                long buckets = CuckooTable.buckets(shape.buckets(), shape.expansion(), i);
                if (buckets > CuckooShape.maxBuckets(bucketSize)) {
                    throw new InvalidFilterDataException("sub-table " + i + " would have " + buckets
                            + " buckets, more than the limit of " + CuckooShape.maxBuckets(bucketSize));
                }
                body.readInt("buckets of sub-table " + i, (int) buckets, (int) buckets);
                tables[count - 1 - i] = CuckooTable.readFrom(body, shape.buckets(), shape.expansion(), i, bucketSize,
                        bits);
            }
            long held = SubTables.held(tables);
            body.readLong("fingerprint count", held, held);
            return new CuckooFilter<>(spec, reading, shape, tables);
        });
    }
}
