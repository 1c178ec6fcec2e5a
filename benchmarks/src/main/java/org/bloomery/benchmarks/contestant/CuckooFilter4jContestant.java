package org.bloomery.benchmarks.contestant;

import com.github.mgunlogson.cuckoofilter4j.CuckooFilter;
import java.util.EnumSet;
import java.util.OptionalLong;
import org.bloomery.cuckoo.CuckooProvider;

/**
 * CuckooFilter4J's {@code CuckooFilter} (cuckoo peer), built with its Builder and the same Guava
 * funnels as the Guava peer. It salts its hash with {@code SecureRandom}, so its figures vary a
 * little from run to run.
 */
public final class CuckooFilter4jContestant implements Contestant {
    private final CuckooFilter<Object> filter;

    private CuckooFilter4jContestant(KeyType keyType, long n, double fpp) {
        filter = new CuckooFilter.Builder<>(KeyFunnels.of(keyType), n).withFalsePositiveRate(fpp).build();
    }

    /**
     * The entrant {@code cuckoofilter4j}.
     *
     * @return the entrant
     */
    public static Entrant entrant() {
        // Documented thread-safe: segment locks around every bucket access.
        return new Entrant("cuckoofilter4j", CuckooProvider.KIND, Side.PEER, EnumSet.of(Ability.REMOVE, Ability.CONCURRENT),
                false,
                "CuckooFilter4J " + LibraryVersions.of("cuckoofilter4j") + " com.github.mgunlogson.cuckoofilter4j.CuckooFilter (default hash, random salt)",
                CuckooFilter4jContestant::new);
    }

    @Override
    public boolean add(long key) {
        return filter.put(key);
    }

    @Override
    public boolean mightContain(long key) {
        return filter.mightContain(key);
    }

    @Override
    public boolean remove(long key) {
        return filter.delete(key);
    }

    @Override
    public boolean add(String key) {
        return filter.put(key);
    }

    @Override
    public boolean mightContain(String key) {
        return filter.mightContain(key);
    }

    @Override
    public boolean remove(String key) {
        return filter.delete(key);
    }

    /** The bucket table's length in bits, as the library reports it. */
    @Override
    public OptionalLong bitSize() {
        return OptionalLong.of(filter.getStorageSize());
    }
}
