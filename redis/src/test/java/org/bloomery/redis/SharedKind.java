package org.bloomery.redis;

import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import redis.clients.jedis.UnifiedJedis;

/** The three shared kinds, opened from a client, with their batch calls, for tests run over each. */
enum SharedKind {
    CLASSIC("redis-classic"),
    COUNTING("redis-counting"),
    SCALABLE("redis-scalable");

    private final String kind;

    SharedKind(String kind) {
        this.kind = kind;
    }

    /** Opens (or creates) the kind's filter of a name. */
    MembershipFilter<Long> open(UnifiedJedis client, String name, FilterSpec spec) {
        return switch (this) {
            case CLASSIC -> RedisFilters.classic(client, name, spec, KeyHasher.longs());
            case COUNTING -> RedisFilters.counting(client, name, spec, KeyHasher.longs());
            case SCALABLE -> RedisFilters.scalable(client, name, spec, KeyHasher.longs());
        };
    }

    /** The batch add. */
    static boolean[] addAll(MembershipFilter<Long> filter, long[] hashes) {
        return filter instanceof RedisScalableFilter<Long> scalable ? scalable.addAllHashes(hashes)
                : ((RedisCellsFilter<Long>) filter).addAllHashes(hashes);
    }

    /** The batch query. */
    static boolean[] mightContainAll(MembershipFilter<Long> filter, long[] hashes) {
        return filter instanceof RedisScalableFilter<Long> scalable ? scalable.mightContainAllHashes(hashes)
                : ((RedisCellsFilter<Long>) filter).mightContainAllHashes(hashes);
    }

    /** The filter's keys: metadata, then cells or layers. */
    static List<String> keys(MembershipFilter<Long> filter) {
        return filter instanceof RedisScalableFilter<Long> scalable ? scalable.keys()
                : ((RedisCellsFilter<Long>) filter).keys();
    }

    @Override
    public String toString() {
        return kind;
    }
}
