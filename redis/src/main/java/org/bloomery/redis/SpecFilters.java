package org.bloomery.redis;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The providers' path to a shared filter: a spec whose option {@code uri} names the server (a
 * {@code redis://}, {@code rediss://} or {@code redis-sentinel://} URI), a client of the filter's own
 * made from it, and the bulk fill of a provider's {@code build}. {@link RedisFilters} is the path
 * from a client the application already has.
 */
final class SpecFilters {
    /** Hashes sent per pipelined batch when building from a stream. */
    private static final int BUILD_BATCH = 10_000;

    private SpecFilters() {
    }

    /**
     * Builds a filter from a spec whose option {@code uri} names the server: the path the providers
     * take for {@code bloomery.kind=redis-classic} and {@code redis-counting}.
     */
    static <T> RedisCellsFilter<T> fromSpec(CellKind cells, FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        RedisCellsOptions options = RedisCellsOptions.read(cells, spec, null);
        return opened(cells.kind(), options.location(), store -> RedisCellsFilter.open(store, options, spec, hasher));
    }

    /** {@link #fromSpec(CellKind, FilterSpec, KeyHasher)} for {@code bloomery.kind=redis-scalable}. */
    static <T> RedisScalableFilter<T> scalableFromSpec(FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        RedisScalableOptions options = RedisScalableOptions.read(spec, null);
        return opened(RedisScalableProvider.KIND, options.location(),
                store -> RedisScalableFilter.open(store, options, spec, hasher, false));
    }

    /** {@link #fromSpec(CellKind, FilterSpec, KeyHasher)} for {@code bloomery.kind=redis-aging}. */
    static <T> RedisAgingFilter<T> agingFromSpec(FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        RedisAgingOptions options = RedisAgingOptions.read(spec, null);
        return opened(RedisAgingProvider.KIND, options.location(), store -> RedisAgingFilter.open(store, options, spec, hasher));
    }

    /** A filter opened on a store of its own, which is closed if opening fails. */
    private static <F> F opened(String kind, Location location, Function<RedisStore, F> open) {
        RedisStore store = connect(kind, location);
        try {
            return open.apply(store);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** A store over a client of its own, from option {@code uri}. */
    private static RedisStore connect(String kind, Location location) {
        String text = location.uri().orElseThrow(() -> new IllegalArgumentException("kind '" + kind
                + "' needs option '" + Location.URI + "', e.g. redis://host:6379 (or rediss:// for TLS);"
                + " or build the filter with RedisFilters from a client you configured"));
        if (SentinelUri.isSentinel(text)) {
            SentinelUri sentinel = SentinelUri.parse(text);
            return new RedisStore(sentinel.connect(location), true, sentinel.server(), location.name(),
                    sentinel.password());
        }
        RedisUri uri = RedisUri.parse(text);
        return new RedisStore(connect(uri, location), true, uri.server(), location.name(), uri.password());
    }

    /**
     * The providers' {@code build}: the filter of the spec, emptied, then filled in pipelined
     * batches; closed if that fails.
     *
     * @param filter the opened filter
     * @param addAll its batch add
     * @param hashes the hashes to add
     * @return the filter
     */
    static <F extends MembershipFilter<?>> F fill(F filter, Consumer<long[]> addAll,
            LongStream hashes) {
        Objects.requireNonNull(hashes, "hashes");
        try {
            filter.clear();
            long[] batch = new long[BUILD_BATCH];
            int size = 0;
            PrimitiveIterator.OfLong iterator = hashes.sequential().iterator();
            while (iterator.hasNext()) {
                batch[size++] = iterator.nextLong();
                if (size == batch.length) {
                    addAll.accept(batch);
                    size = 0;
                }
            }
            addAll.accept(Arrays.copyOf(batch, size));
            return filter;
        } catch (RuntimeException e) {
            try {
                filter.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /**
     * A client of its own for a filter, from option {@code uri} and the location's timeout, cluster
     * and TLS options.
     *
     * @throws RedisFilterException if a cluster client cannot reach any seed node (a pooled client
     *     connects on its first command, whose failure {@link RedisStore} reports)
     */
    static UnifiedJedis connect(RedisUri uri, Location options) {
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(options.timeoutMillis())
                .socketTimeoutMillis(options.timeoutMillis())
                .ssl(uri.tls())
                .clientName("bloomery");
        options.tls().ifPresent(tls -> tls.configure(config));
        if (uri.user() != null) {
            config.user(uri.user());
        }
        if (uri.password() != null) {
            config.password(uri.password());
        }
        HostAndPort address = new HostAndPort(uri.host(), uri.port());
        if (options.cluster()) {
            try {
                // Two attempts (the second follows a MOVED or a failover), bounded in total by two
                // timeouts, so an operation on a shard whose node is down fails within that.
                return new JedisCluster(Set.of(address), config.build(), 2,
                        Duration.ofMillis(2L * options.timeoutMillis()));
            } catch (JedisException e) {
                // The cluster client connects to a seed node at once, to learn the slots; the
                // seed's own failure is a suppressed exception.
                String tls = TlsFailure.describe(uri.server(), e);
                Throwable seed = e.getSuppressed().length > 0 ? e.getSuppressed()[0] : e;
                throw new RedisFilterException(uri.server(), options.name(), "connect", tls != null ? tls
                        : "the cluster's seed node did not tell its slots (" + seed.getMessage() + ")", e);
            }
        }
        config.database(uri.database());
        return new JedisPooled(address, config.build());
    }
}
