package org.bloomery.cuckoo;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.TestKeys;

/** Builds cuckoo filters and keys for the tests, and reads serialized bytes back. */
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

    static CuckooFilter<Long> read(byte[] bytes) throws IOException {
        return CuckooFilter.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs());
    }
}
