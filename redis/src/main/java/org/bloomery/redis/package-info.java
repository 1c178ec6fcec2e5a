/**
 * Filters whose bits or counters live in Redis, so that every instance of a service shares one
 * filter: {@link org.bloomery.redis.RedisCellsFilter} (kinds {@code "redis-classic"} and {@code
 * "redis-counting"}), {@link org.bloomery.redis.RedisScalableFilter} ({@code "redis-scalable"}) and
 * {@link org.bloomery.redis.RedisAgingFilter} ({@code "redis-aging"}, a sliding window), built from
 * configuration through {@link org.bloomery.api.Filters} or in code through {@link
 * org.bloomery.redis.RedisFilters}. Sizing, probe positions, growth and windows are those of the
 * in-process kinds' engine; only where the cells live differs. Remote failures are {@link
 * org.bloomery.redis.RedisFilterException}.
 */
package org.bloomery.redis;
