package org.bloomery.cuckoo;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.TestKeys;

/** Builds cuckoo filters and keys for the tests, and reads and re-seals serialized bytes. */
final class TestFilters {
    private TestFilters() {
    }

    /**
     * A filter over longs.
     *
     * @param n expected insertions
     * @param fpp target fpp
     * @param options alternating option keys and values
     * @return the filter
     */
    static CuckooFilter<Long> create(long n, double fpp, String... options) {
        FilterSpec spec = FilterSpec.of(n, fpp);
        for (int i = 0; i < options.length; i += 2) {
            spec = spec.withOption(options[i], options[i + 1]);
        }
        return CuckooFilter.create(spec, KeyHasher.longs());
    }

    /** The hash of present key {@code i} of a seed: distinct for distinct (seed, i). */
    static long present(long seed, long i) {
        return KeyHasher.hashLong(TestKeys.presentLong(seed, i));
    }

    /** The hash of absent key {@code i} of a seed: never the hash of a present key. */
    static long absent(long seed, long i) {
        return KeyHasher.hashLong(TestKeys.absentLong(seed, i));
    }

    /** Whether an item's two buckets coincide in a filter that has one sub-table. */
    static boolean bucketsCoincide(CuckooFilter<?> filter, long hash) {
        int buckets = (int) filter.buckets();
        int fingerprint = PartialKeyHashing.fingerprint(hash, filter.fingerprintBits());
        int first = PartialKeyHashing.firstBucket(hash, buckets, 1, 0);
        int offset = PartialKeyHashing.fingerprintOffset(fingerprint, buckets, 1, 0);
        return PartialKeyHashing.alternateBucket(first, offset, buckets) == first;
    }

    static byte[] serialize(CuckooFilter<?> filter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            filter.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static CuckooFilter<Long> read(byte[] bytes) throws IOException {
        return CuckooFilter.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs());
    }

    /** Offset of the first body byte of an envelope (FORMAT.md). */
    static int bodyOffset(byte[] envelope) {
        ByteBuffer b = ByteBuffer.wrap(envelope);
        b.position(5);
        b.position(b.position() + 1 + (b.get(b.position()) & 0xFF));
        b.position(b.position() + 1 + (b.get(b.position()) & 0xFF));
        b.position(b.position() + 16);
        int options = b.get() & 0xFF;
        for (int i = 0; i < options; i++) {
            b.position(b.position() + 1 + (b.get(b.position()) & 0xFF));
            b.position(b.position() + 2 + (b.getShort(b.position()) & 0xFFFF));
        }
        return b.position() + Long.BYTES;
    }

    /** Rewrites the CRC32C trailer, so that only the body's own validation can reject the bytes. */
    static byte[] reseal(byte[] envelope) {
        CRC32C crc = new CRC32C();
        crc.update(envelope, 0, envelope.length - 4);
        ByteBuffer.wrap(envelope).putInt(envelope.length - 4, (int) crc.getValue());
        return envelope;
    }
}
