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
import org.bloomery.bloom.GrowthPlan;

/**
 * Registers kind {@code "redis-scalable"}: the {@code scalable} kind's layers stored in Redis with
 * RedisBloom's {@code BF.*} semantics, shared by every process that opens the same name; see
 * {@link RedisScalableFilter}. Stateless.
 */
public final class RedisScalableProvider extends AbstractProvider {
    /** The kind's name, {@code "redis-scalable"}. */
    public static final String KIND = "redis-scalable";

    /** The provider; stateless, as {@link java.util.ServiceLoader} needs. */
    public RedisScalableProvider() {
        super(KIND, RedisScalableFilter.CAPABILITIES);
    }

    @Override
    public String description() {
        return "Scalable Bloom filter stored in Redis with RedisBloom's BF.* semantics (layers as Redis strings),"
                + " shared by every process; one atomic script per add (check every layer, add, grow), one per"
                + " query. expectedInsertions is the first layer's capacity.\n"
                + "Options:\n"
                + "  uri, name, prefix, cluster, timeoutMillis, tls* (TLS), create, allowEviction   as for kind"
                + " 'redis-classic'\n"
                + "  expansion, tightening, nonscaling, layout   as for kind 'scalable' (expansion in [1, "
                + GrowthPlan.MAX_EXPANSION + "], default " + GrowthPlan.DEFAULT_EXPANSION + "; tightening in (0, 1),"
                + " default " + GrowthPlan.DEFAULT_TIGHTENING + ")\n"
                + "  at most " + GrowthPlan.MAX_LAYERS + " layers, 2^32 bits (512 MiB, the largest Redis string) per"
                + " layer; not sharded (a script needs all layers in one cluster slot)";
    }

    /**
     * Opens the shared filter named by option {@code name} on the server of option {@code uri},
     * creating it if it does not exist; the filter owns its connection and releases it on close.
     *
     * @throws RedisFilterException if the server cannot be reached or a key holds another type
     */
    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return SpecFilters.scalableFromSpec(spec, hasher);
    }

    /**
     * Opens the shared filter of the spec, empties it, and adds every hash in pipelined batches.
     *
     * @throws RedisFilterException if the server cannot be reached or a key holds another type
     */
    @Override
    public <T> MembershipFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        Objects.requireNonNull(hashes, "hashes");
        RedisScalableFilter<T> filter = SpecFilters.scalableFromSpec(spec, hasher);
        return SpecFilters.fill(filter, filter::addAllHashes, hashes);
    }

    /**
     * Reads a snapshot written by {@link RedisScalableFilter#writeTo}: an in-process {@code scalable}
     * filter, read by that kind's provider. To share it again, publish it with {@link
     * RedisFilters#uploadScalable}.
     *
     * @throws IllegalStateException if the {@code scalable} kind is not on the class or module path
     */
    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Filters.provider(BloomKinds.SCALABLE).orElseThrow(() -> new IllegalStateException(
                "a '" + KIND + "' snapshot is a '" + BloomKinds.SCALABLE + "' filter; put bloomery-scalable on the class"
                        + " or module path to read it")).readFrom(in, hasher);
    }
}
