package org.bloomery.redis;

import java.io.IOException;
import java.io.InputStream;
import java.util.stream.LongStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractProvider;

/**
 * The provider of one shared kind: an in-process kind's cells ({@link CellKind}) stored in Redis.
 * The registered providers are its one-line subclasses, one per kind.
 */
abstract class RedisCellsProvider extends AbstractProvider {
    private final CellKind cells;

    RedisCellsProvider(CellKind cells) {
        super(cells.kind(), cells.capabilities());
        this.cells = cells;
    }

    @Override
    public String description() {
        return Descriptions.of(cells);
    }

    /**
     * Opens the shared filter named by option {@code name} on the server of option {@code uri},
     * creating it if it does not exist; the filter owns its connection and releases it on close.
     *
     * @throws RedisFilterException if the server cannot be reached or a key holds another type
     */
    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return SpecFilters.fromSpec(cells, spec, hasher);
    }

    /**
     * Opens the shared filter of the spec, empties it, and adds every hash (duplicates as {@code
     * add} would), in pipelined batches: the filter then holds exactly the set, for every process
     * that shares it.
     *
     * @throws RedisFilterException if the server cannot be reached or a key holds another type
     */
    @Override
    public <T> MembershipFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        java.util.Objects.requireNonNull(hashes, "hashes");
        RedisCellsFilter<T> filter = SpecFilters.fromSpec(cells, spec, hasher);
        return SpecFilters.fill(filter, filter::addAllHashes, hashes);
    }

    /**
     * Reads a snapshot written by {@link RedisCellsFilter#writeTo}: an in-process filter of the matching kind
     * (that is the kind a snapshot holds), read by that kind's provider. To share it again, publish
     * it with {@link RedisFilters#upload}.
     *
     * @throws IllegalStateException if the matching in-process kind is not on the class or module path
     */
    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Descriptions.localProvider(cells).readFrom(in, hasher);
    }
}
