package org.bloomery.ribbon;

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
 * Registers {@link RibbonFilter} with {@link org.bloomery.api.Filters} as kind {@code "ribbon"},
 * with capability {@link Capability#CONCURRENT} only: a static kind, built by {@link #build}.
 */
public final class RibbonProvider extends AbstractProvider {
    /** The kind's name, {@code "ribbon"}. */
    public static final String KIND = "ribbon";

    /** The provider; stateless, as {@link java.util.ServiceLoader} needs. */
    public RibbonProvider() {
        super(KIND, RibbonFilter.CAPABILITIES);
    }

    @Override
    public String description() {
        return "Ribbon filter: static, built once from the whole set (Filters.build), then immutable;"
                + " about 1.06 log2(1/fpp) bits per item at any fpp in [2^-32, 0.5] (7.05 at 1%), one contiguous"
                + " read of 2 r words per query; no add, no removal. No options.";
    }

    /** The filter of the empty set: it answers false for every item. */
    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return RibbonFilter.buildOwning(spec, hasher, new long[0]);
    }

    /**
     * Collects every hash (8 bytes each, checked against the heap with the build before allocating),
     * then builds.
     */
    @Override
    public <T> MembershipFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        ResultBits bits = RibbonFilter.resultBits(spec);
        return RibbonFilter.buildOwning(spec, hasher, HashCollection.collect(hashes, KIND,
                RibbonLayout.MAX_ITEMS, items -> BuildMemory.bytesFor(items, bits)));
    }

    /** A ribbon filter whose solution stays in the mapped file, read in place by every query. */
    @Override
    public <T> MembershipFilter<T> map(MappedBody body, KeyHasher<? super T> hasher) throws IOException {
        return RibbonCodec.map(body, hasher);
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return RibbonFilter.readFrom(in, hasher);
    }
}
