package org.bloomery.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.api.spi.AbstractProvider;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.SpecOptions;

/**
 * A tiny provider registered only in api's test resources (kind "test-exact"): an exact multiset of
 * key hashes. It exercises the facade, the envelope and the contract kit without any real filter.
 */
public final class ExactTestProvider extends AbstractProvider {
    static final String KIND = "test-exact";
    private static final Set<Capability> CAPABILITIES = Set.copyOf(EnumSet.of(Capability.REMOVE, Capability.CONCURRENT, Capability.ADD));

    /** The provider, as {@link java.util.ServiceLoader} creates it. */
    public ExactTestProvider() {
        super(KIND, CAPABILITIES);
    }

    @Override
    public String description() {
        return "An exact multiset of 64-bit key hashes, for tests. Options: none.";
    }

    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        SpecOptions.of(spec, KIND, Set.of());
        return new ExactFilter<>(spec, hasher);
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, KIND, hasher, (spec, reading, body) -> {
            int entries = body.readInt("entries", 0, Integer.MAX_VALUE);
            ExactFilter<T> filter = new ExactFilter<>(spec, reading);
            for (int i = 0; i < entries; i++) {
                long hash = body.readLong("hash", Long.MIN_VALUE, Long.MAX_VALUE);
                int copies = body.readInt("copies", 1, Integer.MAX_VALUE);
                if (filter.copies.put(hash, copies) != null) {
                    throw new InvalidFilterDataException("hash " + hash + " appears twice");
                }
            }
            return filter;
        });
    }

    static final class ExactFilter<T> extends AbstractFilter<T> {
        final Map<Long, Integer> copies = new ConcurrentHashMap<>();

        ExactFilter(FilterSpec spec, KeyHasher<? super T> hasher) {
            super(KIND, spec, hasher);
        }

        @Override
        public boolean addHash(long hash) {
            return copies.merge(hash, 1, Integer::sum) == 1;
        }

        @Override
        public boolean mightContainHash(long hash) {
            return copies.containsKey(hash);
        }

        @Override
        public boolean removeHash(long hash) {
            boolean[] removed = new boolean[1];
            copies.computeIfPresent(hash, (h, c) -> {
                removed[0] = true;
                return c == 1 ? null : c - 1;
            });
            return removed[0];
        }

        @Override
        public Set<Capability> capabilities() {
            return CAPABILITIES;
        }

        @Override
        public long approximateCount() {
            return copies.size();
        }

        @Override
        public double expectedFpp() {
            // A query is wrong only when a 64-bit hash collides with a stored one.
            return copies.size() * 0x1p-64;
        }

        @Override
        public long bitSize() {
            return 96L * copies.size() + 64;
        }

        @Override
        public void clear() {
            copies.clear();
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            TreeMap<Long, Integer> snapshot = new TreeMap<>(copies);
            Envelope.write(out, this, 4 + 12L * snapshot.size(), body -> {
                body.writeInt(snapshot.size());
                for (var e : snapshot.entrySet()) {
                    body.writeLong(e.getKey());
                    body.writeInt(e.getValue());
                }
            });
        }

        @Override
        protected String describe() {
            return "hashes=" + copies.size();
        }
    }
}
