package org.bloomery.counting;

import java.io.IOException;
import java.io.InputStream;
import java.util.stream.LongStream;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractProvider;
import org.bloomery.bloom.BloomKinds;
import org.bloomery.bloom.Writers;

/** The {@link FilterProvider} of kind {@code "counting"}: builds and reads {@link CountingFilter}s. */
public final class CountingProvider extends AbstractProvider {
    /** The kind's name, {@code "counting"}. */
    public static final String KIND = BloomKinds.COUNTING;

    /** The provider, as {@link java.util.ServiceLoader} creates it. */
    public CountingProvider() {
        super(KIND, CountingFilter.CAPABILITIES);
    }

    @Override
    public String description() {
        return "Counting Bloom filter: 4-bit saturating counters, sized and probed like the classic filter, "
                + "with removal; 4 bits per position.\n"
                + "Options: " + CountingOptions.COUNTERS + " = number of counters m, an integer in [64, 2^34] "
                + "rounded up to a multiple of 64 (default: the classic optimum for the spec); "
                + BloomShape.HASHES_OPTION + " = probes per item k, an integer in [1, 64] "
                + "(default: round(-ln fpp / ln 2)); " + BloomLayout.OPTION + " = standard (default) or blocked "
                + "(an item's k counters in one block of 128, one cache line; sized by the blocked model).";
    }

    /** The spec with {@code writers=single}, unless it already sets {@code writers}. */
    @Override
    public FilterSpec forOneWriter(FilterSpec spec) {
        return Writers.forOneWriter(spec);
    }

    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return CountingFilter.create(spec, hasher);
    }

    /**
     * Builds the filter in bulk ({@link CountingFilter#build}): plain writes, on every core for a
     * large set, the same counters as adding each hash.
     */
    @Override
    public <T> MembershipFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        return CountingFilter.build(spec, hasher, hashes);
    }

    /** {@link #build} from the array where it is, each thread reading it whole and writing its own part. */
    @Override
    public <T> MembershipFilter<T> buildFromHashes(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes) {
        return CountingFilter.build(spec, hasher, hashes);
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return CountingFilter.readFrom(in, hasher);
    }
}
