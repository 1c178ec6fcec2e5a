/**
 * {@link org.bloomery.redisserver.RedisServerProcess}: finds a {@code redis-server} binary (the
 * environment variable {@code BLOOMERY_REDIS_SERVER}, the PATH, or the binary inside the {@code
 * com.github.codemonstur:embedded-redis} jar) and runs it on a free loopback port. Used by the redis
 * module's tests and by the comparison's redis workload, so the lookup exists once.
 */
package org.bloomery.redisserver;
