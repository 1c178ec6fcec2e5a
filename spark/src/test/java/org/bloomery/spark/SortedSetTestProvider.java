package org.bloomery.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.LongStream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractProvider;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.SpecOptions;

/**
 * A static kind that only this module's tests register ({@value #KIND}): the sorted distinct hashes
 * of a set, built whole and immutable. It stands for any static kind a jar adds, and shows that
 * Spark builds it by name through the SPI with no code of its own in the module.
 */
public final class SortedSetTestProvider extends AbstractProvider {
    static final String KIND = "test-sorted-set";

    /** The provider, as {@link java.util.ServiceLoader} creates it. */
    public SortedSetTestProvider() {
        super(KIND, Set.of(Capability.CONCURRENT));
    }

    @Override
    public String description() {
        return "The sorted distinct 64-bit hashes of a set, for the spark module's tests. Options: none.";
    }

    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        SpecOptions.of(spec, KIND, Set.of());
        return new SortedSet<>(spec, hasher, new long[0]);
    }

    @Override
    public <T> MembershipFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        SpecOptions.of(spec, KIND, Set.of());
        return new SortedSet<>(spec, hasher, hashes.sorted().distinct().toArray());
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, KIND, hasher, (spec, reading, body) -> {
            long[] hashes = body.readLongs(body.readInt("entries", 0, Integer.MAX_VALUE - 8));
            for (int i = 1; i < hashes.length; i++) {
                if (hashes[i - 1] >= hashes[i]) {
                    throw new InvalidFilterDataException("hashes out of order at entry " + i);
                }
            }
            return new SortedSet<>(spec, reading, hashes);
        });
    }

    private record SortedSet<T>(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes)
            implements MembershipFilter<T> {
        @Override
        public boolean addHash(long hash) {
            throw new UnsupportedOperationException(KIND + " is static: rebuild it with the new set");
        }

        @Override
        public boolean mightContainHash(long hash) {
            return Arrays.binarySearch(hashes, hash) >= 0;
        }

        @Override
        public Set<Capability> capabilities() {
            return Set.of(Capability.CONCURRENT);
        }

        @Override
        public String kind() {
            return KIND;
        }

        @Override
        public long approximateCount() {
            return hashes.length;
        }

        @Override
        public double expectedFpp() {
            // A query is wrong only when its 64-bit hash equals a stored one.
            return hashes.length * 0x1p-64;
        }

        @Override
        public long bitSize() {
            return 64L * hashes.length;
        }

        @Override
        public void clear() {
            throw new UnsupportedOperationException(KIND + " is static: build an empty one instead");
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            Envelope.write(out, this, 4 + 8L * hashes.length, body -> {
                body.writeInt(hashes.length);
                body.writeLongs(hashes, 0, hashes.length);
            });
        }
    }
}
