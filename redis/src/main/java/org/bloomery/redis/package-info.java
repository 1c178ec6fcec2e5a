/**
 * Bloom filters whose bits or counters live in Redis, so that every instance of a service shares
 * one filter: {@link org.bloomery.redis.RedisCellsFilter} (kinds {@code "redis-classic"} and {@code
 * "redis-counting"}), built from configuration through {@link org.bloomery.api.Filters} or in code
 * through {@link org.bloomery.redis.RedisFilters}. Sizing and probe positions are those of the
 * in-process {@code classic} and {@code counting} kinds ({@link org.bloomery.bloom}); only
 * where the cells live differs. Remote failures are {@link
 * org.bloomery.redis.RedisFilterException}.
 */
package org.bloomery.redis;
