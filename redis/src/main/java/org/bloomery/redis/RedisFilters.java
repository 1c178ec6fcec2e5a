package org.bloomery.redis;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Objects;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.stream.LongStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * Builds shared filters in code, from a Jedis client the application already has (its pool, TLS,
 * credentials and cluster settings), or from a spec whose option {@code uri} names the server. A
 * filter built from a client never closes it; one built from a URI owns its connection pool and
 * releases it on {@link RedisFilter#close}.
 *
 * <pre>{@code
 * UnifiedJedis redis = new JedisPooled("redis.internal", 6379);
 * RedisFilter<CharSequence> seen = RedisFilters.classic(redis, "seen-ips",
 *         FilterSpec.of(10_000_000, 0.001), KeyHasher.strings());
 * seen.add("203.0.113.7");
 * }</pre>
 */
public final class RedisFilters {
    /** How a filter built from a user's client names the server in messages. */
    static final String USER_CLIENT = "the given Redis client";
    /** Hashes sent per pipelined batch when building from a stream. */
    private static final int BUILD_BATCH = 10_000;

    private RedisFilters() {
    }

    /**
     * Opens the shared {@code redis-classic} filter of a name, creating it if it does not exist.
     *
     * @param client the client; not closed by the filter
     * @param name the filter's name: 1 to 128 letters, digits, '.', '_' or '-'
     * @param spec expected insertions, fpp, and the options of the {@code classic} kind ({@code
     *     bits}, {@code hashes}) and of this module ({@code prefix}, {@code shards}); {@code uri},
     *     {@code cluster} and {@code timeoutMillis} are ignored, the client's own settings apply
     * @param hasher maps items to hashes; every process sharing the filter must use the same
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for a bad option or name, naming the value and the allowed
     *     range, or if the name holds a filter with another kind, size, spec or hasher
     * @throws RedisFilterException if the server fails or a key of the name holds another type
     */
    public static <T> RedisFilter<T> classic(UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        return open(CellKind.BITS, client, name, spec, hasher);
    }

    /**
     * Opens the shared {@code redis-counting} filter of a name, creating it if it does not exist.
     *
     * @param client the client; not closed by the filter
     * @param name the filter's name: 1 to 128 letters, digits, '.', '_' or '-'
     * @param spec expected insertions, fpp, and the options of the {@code counting} kind ({@code
     *     counters}, {@code hashes}) and of this module ({@code prefix}, {@code shards})
     * @param hasher maps items to hashes; every process sharing the filter must use the same
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException as {@link #classic}
     * @throws RedisFilterException as {@link #classic}
     */
    public static <T> RedisFilter<T> counting(UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        return open(CellKind.NIBBLES, client, name, spec, hasher);
    }

    /**
     * Publishes an in-process {@code classic} or {@code counting} filter under a name, as {@code
     * redis-classic} or {@code redis-counting}, in one atomic step: readers of the name see the old
     * filter or the new one, never a mix. The name must be free or hold a filter of the same kind,
     * size, shards and hasher, which is replaced.
     *
     * @param client the client; not closed
     * @param name the filter's name
     * @param shards Redis strings to spread the cells over: 1, or more for a filter of the blocked
     *     layout
     * @param local the filter to publish; not changed
     * @param <T> the item type
     * @return the shared filter
     * @throws IllegalArgumentException if the name holds another filter, the kind cannot be shared,
     *     or the shards do not fit the filter's layout and size
     * @throws RedisFilterException if the server fails; the name is then unchanged
     * @throws IOException if the local filter cannot be written
     */
    public static <T> RedisFilter<T> upload(UnifiedJedis client, String name, int shards, MembershipFilter<T> local)
            throws IOException {
        Objects.requireNonNull(local, "local");
        try (InputStream in = Transfer.snapshotOf(local)) {
            return upload(client, name, shards, in, local.hasher());
        } catch (InvalidFilterDataException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * Publishes a snapshot (as {@link MembershipFilter#writeTo} writes it, of kind {@code classic}
     * or {@code counting}) under a name, as {@link #upload(UnifiedJedis, String, int, MembershipFilter)}.
     *
     * @param client the client; not closed
     * @param name the filter's name
     * @param shards Redis strings to spread the cells over
     * @param snapshot the stream at the start of the envelope; read to its end, not closed
     * @param hasher the hasher the snapshot was written with
     * @param <T> the item type
     * @return the shared filter
     * @throws InvalidFilterDataException if the snapshot is invalid or of another kind; the name is
     *     then unchanged
     * @throws IllegalArgumentException if the name holds another filter
     * @throws RedisFilterException if the server fails; the name is then unchanged
     * @throws IOException if the stream fails
     */
    public static <T> RedisFilter<T> upload(UnifiedJedis client, String name, int shards, InputStream snapshot,
            KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(hasher, "hasher");
        RedisOptions.checkName(name);
        RedisStore store = new RedisStore(client, false, USER_CLIENT, name, null);
        return Transfer.upload(store, RedisOptions.DEFAULT_PREFIX, name, shards, snapshot, hasher);
    }

    private static <T> RedisFilter<T> open(CellKind cells, UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        RedisOptions.checkName(name);
        RedisOptions options = RedisOptions.read(cells, spec, name);
        return RedisFilter.open(new RedisStore(client, false, USER_CLIENT, name, null), options, spec, hasher);
    }

    /**
     * Builds a filter from a spec whose option {@code uri} names the server: the path the providers
     * take for {@code bloomery.kind=redis-classic} and {@code redis-counting}.
     */
    static <T> RedisFilter<T> fromSpec(CellKind cells, FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        RedisOptions options = RedisOptions.read(cells, spec, null);
        String text = options.uri().orElseThrow(() -> new IllegalArgumentException("kind '" + cells.kind()
                + "' needs option '" + RedisOptions.URI + "', e.g. redis://host:6379 (or rediss:// for TLS);"
                + " or build the filter with RedisFilters from a client you configured"));
        RedisUri uri = RedisUri.parse(text);
        UnifiedJedis client = connect(uri, options);
        RedisStore store = new RedisStore(client, true, uri.server(), options.name(), uri.password());
        try {
            return RedisFilter.open(store, options, spec, hasher);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** The providers' {@code build}: a filter from the spec, emptied, then filled in batches. */
    static <T> RedisFilter<T> build(CellKind cells, FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        Objects.requireNonNull(hashes, "hashes");
        RedisFilter<T> filter = fromSpec(cells, spec, hasher);
        try {
            filter.clear();
            long[] batch = new long[BUILD_BATCH];
            int size = 0;
            PrimitiveIterator.OfLong iterator = hashes.sequential().iterator();
            while (iterator.hasNext()) {
                batch[size++] = iterator.nextLong();
                if (size == batch.length) {
                    filter.addAllHashes(batch);
                    size = 0;
                }
            }
            filter.addAllHashes(java.util.Arrays.copyOf(batch, size));
            return filter;
        } catch (RuntimeException e) {
            filter.close();
            throw e;
        }
    }

    private static UnifiedJedis connect(RedisUri uri, RedisOptions options) {
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(options.timeoutMillis())
                .socketTimeoutMillis(options.timeoutMillis())
                .ssl(uri.tls())
                .clientName("bloomery");
        if (uri.user() != null) {
            config.user(uri.user());
        }
        if (uri.password() != null) {
            config.password(uri.password());
        }
        HostAndPort address = new HostAndPort(uri.host(), uri.port());
        if (options.cluster()) {
            // Two attempts (the second follows a MOVED or a failover), bounded in total by two
            // timeouts, so an operation on a shard whose node is down fails within that.
            return new JedisCluster(Set.of(address), config.build(), 2, Duration.ofMillis(2L * options.timeoutMillis()));
        }
        config.database(uri.database());
        return new JedisPooled(address, config.build());
    }
}
