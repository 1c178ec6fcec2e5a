package org.bloomery.redis;

import java.util.Optional;
import java.util.Set;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.ShapeOptions;

/**
 * A shared filter's spec, read: where it lives ({@link Location}), how many shards it has (option
 * {@code shards}) and its size (the in-process kind's options {@code bits} or {@code counters},
 * {@code hashes} and {@code layout}), with the spec the in-process kind would be built from, which
 * is what snapshots carry.
 *
 * @param cells the kind of cell
 * @param location where the filter lives
 * @param shards number of Redis strings the cells are spread over
 * @param localSpec the spec without the Redis options: what the in-process kind is built from
 * @param shape cells and probes
 * @param durability whether writes wait for replicas
 */
record RedisCellsOptions(CellKind cells, Location location, int shards, FilterSpec localSpec, BloomShape shape,
        Durability durability) {
    static final String SHARDS = "shards";
    /** Most shards one filter may have. */
    static final int MAX_SHARDS = 1024;

    private static final Set<String> REDIS_KEYS = union(union(Location.KEYS, Durability.KEYS), Set.of(SHARDS));

    /**
     * Reads a spec.
     *
     * @param cells the kind of cell
     * @param spec the spec
     * @param nameOverride the name given in code, or null to read option {@code name}
     * @return the options
     * @throws IllegalArgumentException for an unknown option or a value out of range, naming it
     *     and the allowed range (a URI is named with its password hidden)
     */
    static RedisCellsOptions read(CellKind cells, FilterSpec spec, String nameOverride) {
        String kind = cells.kind();
        SpecOptions options = SpecOptions.of(spec, kind,
                union(REDIS_KEYS, Set.of(cells.cellsOption(), BloomShape.HASHES_OPTION, BloomLayout.OPTION)));
        Location location = Location.read(kind, spec, options, nameOverride);
        int shards = (int) options.longValue(SHARDS, 1, MAX_SHARDS, 1);
        FilterSpec localSpec = Location.without(spec, REDIS_KEYS);
        BloomShape shape = BloomShape.fromSpec(localSpec, new ShapeOptions(kind, cells.cellsOption(),
                Math.min(BloomShape.MAX_CELLS, cells.maxCellsPerShard() * shards),
                cells.maxCellsMeaning() + (shards > 1 ? " times " + shards + " shards" : ""), cells.blockCells(), false));
        requireStandardOrBlocked(kind, shape.layout());
        checkShards(kind, shards, shape, cells);
        return new RedisCellsOptions(cells, location, shards, localSpec, shape,
                Durability.read(kind, options, location.timeoutMillis()));
    }

    /**
     * The Redis kinds store the standard and blocked layouts only (their probe offsets, shards and
     * uploads are built for those).
     *
     * @throws IllegalArgumentException for any other layout (sectored, patterned), naming the allowed
     *     values
     */
    static void requireStandardOrBlocked(String kind, BloomLayout layout) {
        if (layout != BloomLayout.STANDARD && layout != BloomLayout.BLOCKED) {
            throw new IllegalArgumentException("option '" + BloomLayout.OPTION + "' of kind '" + kind + "' must be"
                    + " 'standard' or 'blocked' (the Redis kinds do not store the " + layout.optionValue()
                    + " layout), got '" + layout.optionValue() + "'");
        }
    }

    /** @return the server's URI, possibly holding credentials; empty when the user passes a client */
    Optional<String> uri() {
        return location.uri();
    }

    /** @return the key prefix */
    String prefix() {
        return location.prefix();
    }

    /** @return the filter's name */
    String name() {
        return location.name();
    }

    /**
     * Shards need the blocked layout (a shard is a range of whole blocks, so an item's k cells stay
     * in one key); each shard needs at least one block and must fit, with its {@link UploadStamp},
     * in one Redis string.
     */
    private static void checkShards(String kind, int shards, BloomShape shape, CellKind cells) {
        if (shards == 1) {
            return;
        }
        if (shape.layout() != BloomLayout.BLOCKED) {
            throw new IllegalArgumentException("option '" + SHARDS + "' of kind '" + kind + "' must be 1 with the"
                    + " standard layout, got '" + shards + "': its k probes span the whole array, so an item would"
                    + " touch several keys; set " + BloomLayout.OPTION + "=blocked to shard");
        }
        if (shards > shape.blocks()) {
            throw new IllegalArgumentException("option '" + SHARDS + "' of kind '" + kind + "' must be at most the"
                    + " filter's " + shape.blocks() + " blocks of 512 bits, got '" + shards + "'");
        }
        long largest = new Sharding(shape, shards).largestShardCells();
        long stampCells = UploadStamp.BYTES * 8L / cells.bitsPerCell();
        if (largest > cells.maxCellsPerShard() - stampCells) {
            throw new IllegalArgumentException("option '" + SHARDS + "' of kind '" + kind + "' = '" + shards
                    + "' leaves " + largest + " cells in a shard, more than " + cells.maxCellsMeaning()
                    + " less the 64-bit upload stamp each shard ends with; use more shards");
        }
    }

    /** @return how the cells are split over the shards */
    Sharding sharding() {
        return new Sharding(shape, shards);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
