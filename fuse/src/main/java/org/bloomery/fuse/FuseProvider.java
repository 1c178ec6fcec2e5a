package org.bloomery.fuse;

import java.io.IOException;
import java.io.InputStream;
import java.util.stream.LongStream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractProvider;
import org.bloomery.api.spi.MappedBody;
import org.bloomery.api.internal.HashCollection;

/**
 * Registers {@link FuseFilter} with {@link org.bloomery.api.Filters} as kind {@code "fuse"},
 * with capability {@link Capability#CONCURRENT} only: a static kind, built by {@link #build}.
 */
public final class FuseProvider extends AbstractProvider {
    /** The kind's name, {@code "fuse"}. */
    public static final String KIND = "fuse";

    /** The provider; stateless, as {@link java.util.ServiceLoader} needs. */
    public FuseProvider() {
        super(KIND, FuseFilter.CAPABILITIES);
    }

    @Override
    public String description() {
        return "Binary fuse filter: static, built once from the whole set (Filters.build), then immutable;"
                + " about 1.13 f bits per item for fpp 2^-f, three reads per query; no add, no removal.\n"
                + "Options:\n"
                + "  " + FuseFilter.FINGERPRINT_BITS_OPTION + "  f, 8, 16 or 32; default the smallest with"
                + " 2^-f <= fpp\n"
                + "  " + FuseFilter.ARITY_OPTION + "  slots per item, 3 or 4 (about 4% smaller, one more read per"
                + " query); default 3";
    }

    /** The filter of the empty set: it answers false for every item. */
    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return FuseFilter.buildOwning(spec, hasher, new long[0]);
    }

    /**
     * Collects every hash (8 bytes each, checked against the heap before allocating), then builds.
     */
    @Override
    public <T> MembershipFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        int bits = FuseFilter.fingerprintBits(spec);
        return FuseFilter.buildOwning(spec, hasher, HashCollection.collect(hashes, KIND,
                FuseLayout.MAX_ITEMS, items -> FuseBuildMemory.bytesFor(items, FuseLayout.forItems(items), bits)));
    }

    /** A fuse filter whose slots stay in the mapped file, read in place by every query. */
    @Override
    public <T> MembershipFilter<T> map(MappedBody body, KeyHasher<? super T> hasher) throws IOException {
        return FuseCodec.map(body, hasher);
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return FuseFilter.readFrom(in, hasher);
    }
}
