package org.bloomery.spark;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;

/**
 * The filters read by the probe function in this JVM (one per executor), keyed by the content of
 * their envelope bytes and the hasher, so each distinct filter is read once however many tasks and
 * rows probe it. Holds the {@value #CAPACITY} filters used last. Thread-safe: a read happens under
 * the cache's lock, so two tasks asking for the same filter at once read it once.
 */
final class ProbeCache {
    /** Filters kept; a query probes one or a few, and each may be large. */
    static final int CAPACITY = 4;

    private static final AtomicLong READS = new AtomicLong();
    private static final Map<Key, MembershipFilter<?>> FILTERS = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, MembershipFilter<?>> eldest) {
            return size() > CAPACITY;
        }
    };

    private ProbeCache() {
    }

    /**
     * The filter held in an envelope, read with a column type's hasher at first use.
     *
     * @throws org.bloomery.api.InvalidFilterDataException if the bytes are not a valid filter or
     *     were written with another hasher; nothing is cached then
     */
    static MembershipFilter<?> filter(byte[] envelope, ColumnHasher hasher) throws InvalidFilterDataException {
        Key key = new Key(envelope, hasher);
        synchronized (FILTERS) {
            MembershipFilter<?> filter = FILTERS.get(key);
            if (filter == null) {
                filter = read(envelope, hasher);
                READS.incrementAndGet();
                FILTERS.put(key, filter);
            }
            return filter;
        }
    }

    /**
     * Reads (and caches) the filter in an envelope with the hasher of the column type it names,
     * to check it before it is probed.
     *
     * @throws InvalidFilterDataException if the bytes are not a valid filter, or were written with
     *     a hasher that no column type has
     */
    static void check(byte[] envelope) throws InvalidFilterDataException {
        String hasherId;
        try {
            hasherId = Envelope.readKind(new ByteArrayInputStream(envelope)).hasherId();
        } catch (InvalidFilterDataException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        filter(envelope, ColumnHasher.forHasherId(hasherId).orElseThrow(() -> new InvalidFilterDataException(
                "the filter was built with hasher '" + hasherId + "', which no Spark column type hashes with; column"
                        + " types and their hashers: " + ColumnHasher.supportedTypes())));
    }

    private static MembershipFilter<?> read(byte[] envelope, ColumnHasher hasher) throws InvalidFilterDataException {
        try {
            return Filters.readFrom(new ByteArrayInputStream(envelope), hasher.keyHasher());
        } catch (InvalidFilterDataException e) {
            throw e;
        } catch (IOException e) {
            // A byte array does not fail to read; any other IOException is a bug.
            throw new UncheckedIOException(e);
        }
    }

    /** Filters read since this JVM started; for tests. */
    static long reads() {
        return READS.get();
    }

    /** Envelope bytes compared by content, hashed once. */
    private static final class Key {
        private final byte[] envelope;
        private final ColumnHasher hasher;
        private final int hash;

        Key(byte[] envelope, ColumnHasher hasher) {
            this.envelope = envelope;
            this.hasher = hasher;
            this.hash = 31 * Arrays.hashCode(envelope) + hasher.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key other && hash == other.hash && hasher == other.hasher
                    && (envelope == other.envelope || Arrays.equals(envelope, other.envelope));
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
