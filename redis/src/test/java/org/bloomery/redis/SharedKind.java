package org.bloomery.redis;

import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import redis.clients.jedis.UnifiedJedis;

/** The four shared kinds, opened from a client, with their batch calls, for tests run over each. */
enum SharedKind {
    CLASSIC("redis-classic"),
    COUNTING("redis-counting"),
    SCALABLE("redis-scalable"),
    AGING("redis-aging");

    private final String kind;

    SharedKind(String kind) {
        this.kind = kind;
    }

    /**
     * The spec a test's filter of this kind is built from: {@code redis-aging} gets a count window of
     * four times the spec's items, so that every item a test adds stays within the window.
     */
    FilterSpec spec(FilterSpec spec) {
        return this == AGING ? spec.withOption("window", Long.toString(4 * spec.expectedInsertions())) : spec;
    }

    /** Opens (or creates) the kind's filter of a name. */
    MembershipFilter<Long> open(UnifiedJedis client, String name, FilterSpec spec) {
        return switch (this) {
            case CLASSIC -> RedisFilters.classic(client, name, spec, KeyHasher.longs());
            case COUNTING -> RedisFilters.counting(client, name, spec, KeyHasher.longs());
            case SCALABLE -> RedisFilters.scalable(client, name, spec, KeyHasher.longs());
            case AGING -> RedisFilters.aging(client, name, spec(spec), KeyHasher.longs());
        };
    }

    /** Opens the kind's filter from configuration (options {@code uri} and {@code name} in the spec). */
    MembershipFilter<Long> create(FilterSpec spec) {
        return Filters.create(kind, spec(spec), KeyHasher.longs());
    }

    /** @return whether every key of a filter lies in one hash slot (the kind is not sharded) */
    boolean oneSlot() {
        return this == SCALABLE || this == AGING;
    }

    /** @return whether an in-process filter of the kind can be uploaded under a name */
    boolean uploads() {
        return this != AGING;
    }

    /** The batch add. */
    static boolean[] addAll(MembershipFilter<Long> filter, long[] hashes) {
        if (filter instanceof RedisAgingFilter<Long> aging) {
            return aging.addAllHashes(hashes);
        }
        return filter instanceof RedisScalableFilter<Long> scalable ? scalable.addAllHashes(hashes)
                : ((RedisCellsFilter<Long>) filter).addAllHashes(hashes);
    }

    /** The batch query. */
    static boolean[] mightContainAll(MembershipFilter<Long> filter, long[] hashes) {
        if (filter instanceof RedisAgingFilter<Long> aging) {
            return aging.mightContainAllHashes(hashes);
        }
        return filter instanceof RedisScalableFilter<Long> scalable ? scalable.mightContainAllHashes(hashes)
                : ((RedisCellsFilter<Long>) filter).mightContainAllHashes(hashes);
    }

    /** The filter's keys: metadata, then cells, layers or generations. */
    static List<String> keys(MembershipFilter<Long> filter) {
        if (filter instanceof RedisAgingFilter<Long> aging) {
            return aging.keys();
        }
        return filter instanceof RedisScalableFilter<Long> scalable ? scalable.keys()
                : ((RedisCellsFilter<Long>) filter).keys();
    }

    @Override
    public String toString() {
        return kind;
    }
}
