package org.bloomery.classic;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.bloom.BloomShape;

/**
 * Registers {@link BloomFilter} with {@link org.bloomery.api.Filters} as kind {@code "classic"},
 * with capabilities {@link Capability#CONCURRENT} and {@link Capability#MERGE}.
 */
public final class ClassicFilterProvider implements FilterProvider {
    /** The provider; stateless, as {@link java.util.ServiceLoader} needs. */
    public ClassicFilterProvider() {
    }

    @Override
    public String kind() {
        return BloomFilter.KIND;
    }

    @Override
    public Set<Capability> capabilities() {
        return BloomFilter.CAPABILITIES;
    }

    @Override
    public String description() {
        return "Classic Bloom filter: m bits, k probes per item from one 64-bit hash; lock-free,"
                + " mergeable (OR, AND), no removal.\n"
                + "Options:\n"
                + "  " + BloomFilter.BITS_OPTION + "    m, an integer in [64, 2^37] (2^37 bits is 16 GiB), rounded up to a"
                + " multiple of 64; default ceil(-n ln p / (ln 2)^2)\n"
                + "  " + BloomShape.HASHES_OPTION + "  k, an integer in [1, 64]; default max(1, round(-ln p / ln 2))";
    }

    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return BloomFilter.create(spec, hasher);
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return BloomFilter.readFrom(in, hasher);
    }
}
