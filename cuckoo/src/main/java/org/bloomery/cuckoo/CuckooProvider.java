package org.bloomery.cuckoo;

import java.io.IOException;
import java.io.InputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractProvider;

/** Registers the cuckoo filter with {@link java.util.ServiceLoader} under kind {@code "cuckoo"}. */
public final class CuckooProvider extends AbstractProvider {
    /** The kind's name, {@code "cuckoo"}. */
    public static final String KIND = "cuckoo";

    /** Creates the provider; {@link java.util.ServiceLoader} calls this. */
    public CuckooProvider() {
        super(KIND, CuckooFilter.CAPABILITIES);
    }

    @Override
    public String description() {
        return "Cuckoo filter (Fan et al., CoNEXT 2014): f-bit fingerprints in buckets of b slots, with"
                + " deletion; fewer bits per item than a classic Bloom filter at most fpp targets of 0.22% and"
                + " below, and at all below 0.05% (13.76 against 14.38 at 0.1%), more at 1% (10.58 against 9.59).\n"
                + "Options: bucketSize = 2, 4 or 8 (default 4);"
                + " fingerprintBits = 4..32 (default ceil(log2(2 * bucketSize / fpp)));"
                + " maxKicks = 0..65535 evictions per insertion before stashing (default 500);"
                + " expansion = 0..32768, 0 for a fixed size, else each new sub-table is this many times"
                + " the previous one (default 0).";
    }

    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return CuckooFilter.create(spec, hasher);
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return CuckooFilter.readFrom(in, hasher);
    }
}
