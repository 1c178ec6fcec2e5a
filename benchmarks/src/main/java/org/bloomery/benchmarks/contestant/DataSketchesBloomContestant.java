package org.bloomery.benchmarks.contestant;

import java.util.OptionalLong;
import java.util.Set;
import org.apache.datasketches.filters.bloomfilter.BloomFilter;
import org.apache.datasketches.filters.bloomfilter.BloomFilterBuilder;
import org.bloomery.classic.ClassicProvider;

/**
 * Apache DataSketches' Bloom filter (classic peer): XXH64 double hashing, not blocked. Built by
 * {@code createByAccuracy(n, p, seed)} with a fixed seed, so its answers repeat from run to run.
 * Its own long and string paths are used.
 */
public final class DataSketchesBloomContestant implements Contestant {
    /** Any fixed seed; DataSketches draws a random one when none is given. */
    private static final long SEED = 42;

    private final BloomFilter filter;

    private DataSketchesBloomContestant(KeyType keyType, long n, double fpp) {
        filter = BloomFilterBuilder.createByAccuracy(n, fpp, SEED);
    }

    /**
     * The entrant {@code datasketches}.
     *
     * @return the entrant
     */
    public static Entrant entrant() {
        return new Entrant("datasketches", ClassicProvider.KIND, Side.PEER, Set.of(), true,
                "DataSketches " + LibraryVersions.of("datasketches")
                        + " org.apache.datasketches.filters.bloomfilter.BloomFilter (createByAccuracy)",
                DataSketchesBloomContestant::new);
    }

    /** @return true if the key was absent before: DataSketches' queryAndUpdate answers the opposite */
    @Override
    public boolean add(long key) {
        return !filter.queryAndUpdate(key);
    }

    @Override
    public boolean mightContain(long key) {
        return filter.query(key);
    }

    @Override
    public boolean add(String key) {
        return !filter.queryAndUpdate(key);
    }

    @Override
    public boolean mightContain(String key) {
        return filter.query(key);
    }

    @Override
    public OptionalLong bitSize() {
        return OptionalLong.of(filter.getCapacity());
    }
}
