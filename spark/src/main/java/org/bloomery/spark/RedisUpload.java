package org.bloomery.spark;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Objects;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.redis.RedisCellsFilter;
import org.bloomery.redis.RedisFilterException;
import org.bloomery.redis.RedisFilters;
import redis.clients.jedis.UnifiedJedis;

/**
 * Publishes a filter built by Spark to Redis in one step, with the redis module's atomic upload:
 * a {@code classic} filter becomes the shared {@code redis-classic} filter of a name, a {@code
 * counting} one {@code redis-counting}, and every process that opens the name answers as the
 * Spark-built bytes do. Needs {@code org.bloomery:bloomery-redis} on the class path (an optional
 * dependency of this module); nothing else here does.
 */
public final class RedisUpload {
    private RedisUpload() {
    }

    /**
     * Uploads a built filter under a name, replacing the filter the name held (readers see the old
     * filter or the new one, never a mix).
     *
     * @param client the Redis client; not closed
     * @param name the shared filter's name
     * @param shards Redis strings to spread the filter over: 1, or more for the blocked layout
     * @param filter the filter Spark built
     * @return the shared filter, typed for the column's values as {@link ColumnHasher#keyHasher()}
     * @throws InvalidFilterDataException if the bytes are not a valid filter, or of a kind Redis
     *     cannot share; the name is then unchanged
     * @throws IllegalArgumentException if the name holds a filter of another kind, size or hasher
     * @throws RedisFilterException if the server fails; the name is then unchanged
     * @throws IOException declared by the upload; not thrown for an in-memory filter
     */
    public static RedisCellsFilter<?> publish(UnifiedJedis client, String name, int shards, BuiltFilter filter)
            throws IOException {
        Objects.requireNonNull(filter, "filter");
        return RedisFilters.upload(client, name, shards, new ByteArrayInputStream(filter.envelope()),
                filter.hasher().keyHasher());
    }
}
