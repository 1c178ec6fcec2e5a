package org.bloomery.redis;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.stream.LongStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractProvider;
import org.bloomery.bloom.BloomKinds;

/**
 * Registers kind {@code "redis-aging"}: the {@code aging} kind's sliding window stored in Redis,
 * shared by every process that opens the same name; see {@link RedisAgingFilter}. Stateless.
 */
public final class RedisAgingProvider extends AbstractProvider {
    /** The kind's name, {@code "redis-aging"}. */
    public static final String KIND = "redis-aging";

    /** The provider; stateless, as {@link java.util.ServiceLoader} needs. */
    public RedisAgingProvider() {
        super(KIND, RedisAgingFilter.CAPABILITIES);
    }

    @Override
    public String description() {
        return "Aging (sliding-window) Bloom filter stored in Redis, shared by every process: an item added"
                + " within the window is always present, older ones are forgotten without removes; one atomic"
                + " script per add (start the generation, add), one per query; a time window reads the server's"
                + " clock. expectedInsertions is the most items one window holds.\n"
                + "Options:\n"
                + "  uri, name, prefix, cluster, timeoutMillis, tls* (TLS), create, allowEviction, minReplicas,"
                + " replicaTimeoutMillis   as for kind 'redis-classic'\n"
                + "  window, windowMillis, generations, layout   as for kind 'aging' (exactly one of window and"
                + " windowMillis; layout standard or blocked)\n"
                + "  2^32 bits (512 MiB, the largest Redis string) per layer; not sharded (a script needs every"
                + " generation in one cluster slot)";
    }

    /**
     * Opens the shared filter named by option {@code name} on the server of option {@code uri},
     * creating it if it does not exist (unless option {@code create} is {@code never}); the filter
     * owns its connection and releases it on close.
     *
     * @throws RedisFilterException if the server cannot be reached or a key holds another type
     */
    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return SpecFilters.agingFromSpec(spec, hasher);
    }

    /**
     * Opens the shared filter of the spec, empties it, and adds every hash in order, in pipelined
     * batches (a count window keeps the last {@code window} of them).
     *
     * @throws RedisFilterException if the server cannot be reached or a key holds another type
     */
    @Override
    public <T> MembershipFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        Objects.requireNonNull(hashes, "hashes");
        RedisAgingFilter<T> filter = SpecFilters.agingFromSpec(spec, hasher);
        return SpecFilters.fill(filter, filter::addAllHashes, hashes);
    }

    /**
     * Reads a snapshot written by {@link RedisAgingFilter#writeTo}: an in-process {@code aging}
     * filter, on the system clock, read by that kind's provider.
     *
     * @throws IllegalStateException if the {@code aging} kind is not on the class or module path
     */
    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Filters.provider(BloomKinds.AGING).orElseThrow(() -> new IllegalStateException(
                "a '" + KIND + "' snapshot is an '" + BloomKinds.AGING + "' filter; put bloomery-aging on the class"
                        + " or module path to read it")).readFrom(in, hasher);
    }
}
