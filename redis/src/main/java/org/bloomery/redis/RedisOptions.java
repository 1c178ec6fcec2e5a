package org.bloomery.redis;

import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.bloom.BloomLayout;
import org.bloomery.api.bloom.BloomShape;
import org.bloomery.api.bloom.ShapeOptions;
import org.bloomery.api.spi.SpecOptions;

/**
 * A shared filter's spec, read: where it lives (options {@code uri}, {@code cluster}, {@code
 * timeoutMillis}, {@code prefix}, {@code name}, {@code shards}) and its size (the in-process
 * kind's options {@code bits} or {@code counters}, {@code hashes} and {@code layout}), with the spec the in-process
 * kind would be built from, which is what snapshots carry.
 *
 * @param cells the kind of cell
 * @param uri the server's URI, possibly holding credentials; empty when the user passes a client
 * @param cluster whether {@code uri} names a seed node of a Redis Cluster
 * @param timeoutMillis connect and socket timeout of a client built from {@code uri}
 * @param prefix prepended to every key of the filter
 * @param name the filter's name
 * @param shards number of Redis strings the cells are spread over
 * @param localSpec the spec without the Redis options: what the in-process kind is built from
 * @param shape cells and probes
 */
record RedisOptions(CellKind cells, Optional<String> uri, boolean cluster, int timeoutMillis, String prefix,
        String name, int shards, FilterSpec localSpec, BloomShape shape) {
    static final String URI = "uri";
    static final String CLUSTER = "cluster";
    static final String TIMEOUT_MILLIS = "timeoutMillis";
    static final String PREFIX = "prefix";
    static final String NAME = "name";
    static final String SHARDS = "shards";

    /** The key prefix when none is given. */
    static final String DEFAULT_PREFIX = "bloomery:";
    /** The client timeout when none is given. */
    static final int DEFAULT_TIMEOUT_MILLIS = 2000;
    /** Longest timeout accepted: ten minutes. */
    static final int MAX_TIMEOUT_MILLIS = 600_000;
    /** Most shards one filter may have. */
    static final int MAX_SHARDS = 1024;

    private static final Set<String> REDIS_KEYS = Set.of(URI, CLUSTER, TIMEOUT_MILLIS, PREFIX, NAME, SHARDS);
    private static final Pattern NAME_PATTERN = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    private static final Pattern PREFIX_PATTERN = Pattern.compile("[A-Za-z0-9._:-]{0,64}");

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
    static RedisOptions read(CellKind cells, FilterSpec spec, String nameOverride) {
        String kind = cells.kind();
        SpecOptions options = SpecOptions.of(spec, kind,
                union(REDIS_KEYS, Set.of(cells.cellsOption(), BloomShape.HASHES_OPTION, BloomLayout.OPTION)));
        String name = nameOverride != null ? nameOverride : spec.option(NAME).orElseThrow(
                () -> new IllegalArgumentException("kind '" + kind + "' needs option '" + NAME
                        + "': the filter's name, shared by every process that opens it"));
        checkName(name);
        String prefix = spec.option(PREFIX).orElse(DEFAULT_PREFIX);
        if (!PREFIX_PATTERN.matcher(prefix).matches()) {
            throw new IllegalArgumentException("option '" + PREFIX + "' of kind '" + kind + "' must be 0 to 64 letters,"
                    + " digits, '.', '_', ':' or '-', got '" + prefix + "'");
        }
        int shards = (int) options.longValue(SHARDS, 1, MAX_SHARDS, 1);
        int timeout = (int) options.longValue(TIMEOUT_MILLIS, 1, MAX_TIMEOUT_MILLIS, DEFAULT_TIMEOUT_MILLIS);
        boolean cluster = options.booleanValue(CLUSTER, false);
        Optional<String> uri = spec.option(URI);
        uri.ifPresent(RedisUri::parse);
        FilterSpec localSpec = localSpec(spec);
        BloomShape shape = BloomShape.fromSpec(localSpec, new ShapeOptions(kind, cells.cellsOption(),
                Math.min(BloomShape.MAX_CELLS, cells.maxCellsPerShard() * shards),
                cells.maxCellsMeaning() + (shards > 1 ? " times " + shards + " shards" : ""), cells.blockCells(), false));
        checkShards(kind, shards, shape, cells);
        return new RedisOptions(cells, uri, cluster, timeout, prefix, name, shards, localSpec, shape);
    }

    /**
     * Shards need the blocked layout (a shard is a range of whole blocks, so an item's k cells stay
     * in one key); each shard needs at least one block and must fit in one Redis string.
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
        if (largest > cells.maxCellsPerShard()) {
            throw new IllegalArgumentException("option '" + SHARDS + "' of kind '" + kind + "' = '" + shards
                    + "' leaves " + largest + " cells in a shard, more than " + cells.maxCellsMeaning()
                    + "; use more shards");
        }
    }

    /** @return how the cells are split over the shards */
    Sharding sharding() {
        return new Sharding(shape, shards);
    }

    /**
     * Checks a filter name.
     *
     * @param name the name
     * @throws IllegalArgumentException if it is not 1 to 128 letters, digits, '.', '_' or '-'
     */
    static void checkName(String name) {
        if (name == null || !NAME_PATTERN.matcher(name).matches()) {
            throw new IllegalArgumentException("filter name must be 1 to 128 letters, digits, '.', '_' or '-', got "
                    + (name == null ? "null" : "'" + name + "'"));
        }
    }

    /** The spec without the options that say where the filter lives. */
    private static FilterSpec localSpec(FilterSpec spec) {
        TreeMap<String, String> kept = new TreeMap<>(spec.options());
        kept.keySet().removeAll(REDIS_KEYS);
        return new FilterSpec(spec.expectedInsertions(), spec.fpp(), kept);
    }

    /**
     * The spec as a filter reports it: the URI option, if any, with its password hidden.
     *
     * @param spec the spec given
     * @return the spec to show
     */
    static FilterSpec shownSpec(FilterSpec spec) {
        return spec.option(URI).map(uri -> spec.withOption(URI, RedisUri.redact(uri))).orElse(spec);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
