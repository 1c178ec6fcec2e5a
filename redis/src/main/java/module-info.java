/**
 * Filters shared through Redis: kinds {@code "redis-classic"}, {@code "redis-counting"}, {@code
 * "redis-scalable"} and {@code "redis-aging"},
 * registered with {@link java.util.ServiceLoader}, and {@link org.bloomery.redis.RedisFilters} for
 * building them in code from a client the application already has. Jedis is the one Redis client;
 * its types appear in the public API, so it is required transitively.
 */
module org.bloomery.redis {
    requires transitive org.bloomery.api;
    requires org.bloomery.bloom;
    requires transitive redis.clients.jedis;

    exports org.bloomery.redis;

    provides org.bloomery.api.FilterProvider with
            org.bloomery.redis.RedisClassicProvider,
            org.bloomery.redis.RedisCountingProvider,
            org.bloomery.redis.RedisScalableProvider,
            org.bloomery.redis.RedisAgingProvider;
}
