package org.bloomery.redis;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.bloom.GrowthPlan;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * Builds shared filters in code, from a Jedis client the application already has (its pool, TLS,
 * credentials and cluster settings), or from a spec whose option {@code uri} names the server. A
 * filter built from a client never closes it; one built from a URI owns its connection pool and
 * releases it on {@link RedisCellsFilter#close}.
 *
 * <pre>{@code
 * UnifiedJedis redis = new JedisPooled("redis.internal", 6379);
 * RedisCellsFilter<CharSequence> seen = RedisFilters.classic(redis, "seen-ips",
 *         FilterSpec.of(10_000_000, 0.001), KeyHasher.strings());
 * seen.add("203.0.113.7");
 * }</pre>
 */
public final class RedisFilters {
    /** How a filter built from a user's client names the server in messages. */
    static final String USER_CLIENT = "the given Redis client";

    private RedisFilters() {
    }

    /**
     * Opens the shared {@code redis-classic} filter of a name, creating it if it does not exist (unless
     * the spec's option {@code create} is {@code never}).
     *
     * @param client the client; not closed by the filter
     * @param name the filter's name: 1 to 128 letters, digits, '.', '_' or '-'
     * @param spec expected insertions, fpp, and the options of the {@code classic} kind ({@code
     *     bits}, {@code hashes}) and of this module ({@code prefix}, {@code shards}, {@code create},
     *     {@code allowEviction}); {@code uri}, {@code cluster} and {@code timeoutMillis} are
     *     ignored, the client's own settings apply
     * @param hasher maps items to hashes; every process sharing the filter must use the same
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for a bad option or name, naming the value and the allowed
     *     range, or if the name holds a filter with another kind, size, spec or hasher
     * @throws RedisFilterMissingException under option {@code create=never}, if the name holds no
     *     filter; nothing is written
     * @throws RedisFilterException if the server fails, a key of the name holds another type, the
     *     client cannot pipeline, or the server's {@code maxmemory-policy} is {@code allkeys-*} and
     *     option {@code allowEviction} is not {@code true}
     */
    public static <T> RedisCellsFilter<T> classic(UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        return open(CellKind.BITS, client, name, spec, hasher);
    }

    /**
     * Opens the shared {@code redis-counting} filter of a name, creating it if it does not exist (unless
     * the spec's option {@code create} is {@code never}).
     *
     * @param client the client; not closed by the filter
     * @param name the filter's name: 1 to 128 letters, digits, '.', '_' or '-'
     * @param spec expected insertions, fpp, and the options of the {@code counting} kind ({@code
     *     counters}, {@code hashes}) and of this module ({@code prefix}, {@code shards},
     *     {@code create}, {@code allowEviction})
     * @param hasher maps items to hashes; every process sharing the filter must use the same
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException as {@link #classic}
     * @throws RedisFilterMissingException as {@link #classic}
     * @throws RedisFilterException as {@link #classic}
     */
    public static <T> RedisCellsFilter<T> counting(UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        return open(CellKind.NIBBLES, client, name, spec, hasher);
    }

    /**
     * Opens the shared {@code redis-scalable} filter of a name, creating it if it does not exist
     * ({@code BF.RESERVE} when it is new; joining it otherwise) unless the spec's option {@code
     * create} is {@code never}.
     *
     * @param client the client; not closed by the filter
     * @param name the filter's name: 1 to 128 letters, digits, '.', '_' or '-'
     * @param spec the first layer's capacity ({@code expectedInsertions}), the error rate ({@code
     *     fpp}), the {@code scalable} kind's options ({@code expansion}, {@code tightening}, {@code
     *     nonscaling}, {@code layout}), {@code prefix}, {@code create} and {@code allowEviction};
     *     {@code uri}, {@code cluster} and {@code timeoutMillis} are ignored, the client's own
     *     settings apply
     * @param hasher maps items to hashes; every process sharing the filter must use the same
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for a bad option or name, naming the value and the allowed
     *     range, or if the name holds a filter with another kind, spec or hasher
     * @throws RedisFilterMissingException as {@link #classic}
     * @throws RedisFilterException as {@link #classic}
     */
    public static <T> RedisScalableFilter<T> scalable(UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        return openScalable(client, name, spec, hasher, false);
    }

    /**
     * Opens the shared {@code redis-aging} filter of a name, creating it if it does not exist (unless
     * the spec's option {@code create} is {@code never}).
     *
     * @param client the client; not closed by the filter
     * @param name the filter's name
     * @param spec n (the most items one window holds), fpp, the options of the {@code aging} kind
     *     (exactly one of {@code window} and {@code windowMillis}; {@code generations}, {@code
     *     layout}) and of this module, as {@link #classic} ({@code shards} excepted)
     * @param hasher maps items to hashes; every process sharing the filter must use the same
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for a bad option or name, naming the value and the allowed
     *     range, or if the name holds a filter with another kind, window, spec or hasher
     * @throws RedisFilterMissingException as {@link #classic}
     * @throws RedisFilterException as {@link #classic}
     */
    public static <T> RedisAgingFilter<T> aging(UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        checkClientAndName(client, name);
        RedisAgingOptions options = RedisAgingOptions.read(spec, name);
        return RedisAgingFilter.open(pipeliningStore(client, name, "open"), options, spec, hasher);
    }

    /**
     * {@code BF.RESERVE key error capacity [EXPANSION e] [NONSCALING]}: creates the shared {@code
     * redis-scalable} filter of a name, with {@code capacity} as the spec's {@code
     * expectedInsertions}, {@code error} as its {@code fpp} and the options {@code expansion} and
     * {@code nonscaling=true}. An existing filter is never reset.
     *
     * @param client the client; not closed by the filter
     * @param name the filter's name
     * @param spec as {@link #scalable}
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return the new filter
     * @throws IllegalStateException if a filter of the name exists ("item exists"); nothing is changed
     * @throws IllegalArgumentException as {@link #scalable}
     * @throws RedisFilterException as {@link #scalable}
     */
    public static <T> RedisScalableFilter<T> reserve(UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        return openScalable(client, name, spec, hasher, true);
    }

    /**
     * {@code BF.INSERT key [CAPACITY c] [ERROR e] [EXPANSION x] [NOCREATE] [NONSCALING] ITEMS ...}:
     * adds the items to the {@code redis-scalable} filter of a name, first creating it with the
     * spec if it does not exist (unless {@code noCreate}). An existing filter keeps its own spec, as
     * in RedisBloom (the spec's capacity, error and options then do not matter); its hasher must be
     * this one.
     *
     * @param client the client; not closed
     * @param name the filter's name
     * @param spec the spec to create the filter with (CAPACITY, ERROR, EXPANSION, NONSCALING)
     * @param hasher maps items to hashes
     * @param noCreate {@code NOCREATE}: fail rather than create a missing filter
     * @param items the items ({@code ITEMS}), added as {@link RedisScalableFilter#addAll} does
     * @param <T> the item type
     * @return for each item, whether it was new
     * @throws IllegalStateException if {@code noCreate} and the filter does not exist ("not found")
     * @throws IllegalArgumentException if the name holds a filter of another kind or hasher
     * @throws org.bloomery.api.FilterFullException as {@link RedisScalableFilter#addAll}
     * @throws RedisFilterException if the server fails
     */
    public static <T> boolean[] insert(UnifiedJedis client, String name, FilterSpec spec, KeyHasher<? super T> hasher,
            boolean noCreate, Collection<? extends T> items) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        Objects.requireNonNull(items, "items");
        checkClientAndName(client, name);
        RedisScalableOptions options = RedisScalableOptions.read(spec, name);
        RedisStore store = pipeliningStore(client, name, "insert");
        String metaKey = options.location().prefix() + "{" + name + "}:meta";
        Map<String, String> stored = store.hgetAll("insert", metaKey);
        FilterSpec used = spec;
        if (stored.isEmpty()) {
            if (noCreate) {
                throw new IllegalStateException("filter '" + name + "' does not exist in Redis (BF.INSERT NOCREATE:"
                        + " not found)");
            }
        } else {
            used = storedSpec(stored, options.location().prefix());
        }
        return RedisScalableFilter.open(store, RedisScalableOptions.read(used, name), used, hasher, false).addAll(items);
    }

    /** The spec a stored {@code redis-scalable} filter was created with, from its metadata. */
    private static FilterSpec storedSpec(Map<String, String> stored, String prefix) {
        try {
            FilterSpec spec = FilterSpec.of(Long.parseLong(stored.get("expectedInsertions")),
                    Double.parseDouble(stored.get("fpp")));
            String options = stored.get("options");
            if (options != null && !options.isEmpty()) {
                for (String option : options.split(",")) {
                    int equals = option.indexOf('=');
                    spec = spec.withOption(option.substring(0, equals), option.substring(equals + 1));
                }
            }
            return spec.withOption(Location.PREFIX, prefix);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the stored filter's metadata holds no valid spec ("
                    + e.getMessage() + "); is it a '" + RedisScalableProvider.KIND + "' filter?", e);
        }
    }

    /**
     * Publishes an in-process {@code scalable} filter under a name, as {@code redis-scalable}, in one
     * atomic step (one script renames every layer into place and replaces the metadata): readers
     * of the name see the old filter or the new one, never a mix. The name must be free or hold a
     * filter of the same spec and hasher, which is replaced.
     *
     * @param client the client; not closed
     * @param name the filter's name
     * @param local the filter to publish; not changed
     * @param <T> the item type
     * @return the shared filter
     * @throws IllegalArgumentException if the name holds another filter, or the local filter is not
     *     of kind {@code scalable}
     * @throws RedisFilterException if the server fails; the name is then unchanged
     * @throws IOException if the local filter cannot be written
     */
    public static <T> RedisScalableFilter<T> uploadScalable(UnifiedJedis client, String name, MembershipFilter<T> local)
            throws IOException {
        Objects.requireNonNull(local, "local");
        try (InputStream in = Transfer.snapshotOf(local)) {
            return uploadScalable(client, name, in, local.hasher());
        } catch (InvalidFilterDataException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * Publishes a {@code scalable} snapshot (as {@link MembershipFilter#writeTo} writes it) under a
     * name, as {@link #uploadScalable(UnifiedJedis, String, MembershipFilter)}.
     *
     * @param client the client; not closed
     * @param name the filter's name
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
    public static <T> RedisScalableFilter<T> uploadScalable(UnifiedJedis client, String name, InputStream snapshot,
            KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(hasher, "hasher");
        return uploadScalable(client, name, snapshot, hasher, 0, 1);
    }

    /**
     * {@link #uploadScalable(UnifiedJedis, String, InputStream, KeyHasher)} that waits for replicas
     * as options {@code minReplicas} and {@code replicaTimeoutMillis} do: the switch is followed by
     * {@code WAIT} on its connection, and so is every write of the handle returned.
     *
     * @param client the client; not closed
     * @param name the filter's name
     * @param snapshot the stream at the start of the envelope; read to its end, not closed
     * @param hasher the hasher the snapshot was written with
     * @param minReplicas replicas that must acknowledge, 0 to 100; 0 sends no {@code WAIT}
     * @param replicaTimeoutMillis how long a {@code WAIT} may block, at least 1 and below the client's
     *     socket timeout
     * @param <T> the item type
     * @return the shared filter
     * @throws RedisFilterException as the other {@code uploadScalable}, and if fewer replicas than
     *     {@code minReplicas} acknowledged the switch (the new filter is then published on the master)
     * @throws IOException if the stream fails; the name is then unchanged
     */
    public static <T> RedisScalableFilter<T> uploadScalable(UnifiedJedis client, String name, InputStream snapshot,
            KeyHasher<? super T> hasher, int minReplicas, int replicaTimeoutMillis) throws IOException {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(hasher, "hasher");
        RedisStore store = pipeliningStore(client, name, "upload");
        return ScalableUpload.upload(store, Location.DEFAULT_PREFIX, name, snapshot, hasher,
                durability(minReplicas, replicaTimeoutMillis));
    }

    /** The durability of an upload's arguments, checked. */
    private static Durability durability(int minReplicas, int replicaTimeoutMillis) {
        if (minReplicas < 0 || minReplicas > Durability.MAX_REPLICAS || replicaTimeoutMillis < 1) {
            throw new IllegalArgumentException("minReplicas must be 0 to " + Durability.MAX_REPLICAS + " and"
                    + " replicaTimeoutMillis at least 1, got " + minReplicas + " and " + replicaTimeoutMillis);
        }
        return minReplicas == 0 ? Durability.NONE : new Durability(minReplicas, replicaTimeoutMillis);
    }

    /**
     * Deletes every key a shared filter of a kind and name can have, whatever state they are in:
     * the explicit way to clear a name whose filter is damaged ({@link RedisDataLostException}, or
     * a name that no longer opens) before creating it anew and adding its items again, or before
     * an upload. Nothing else ever deletes or rewrites a damaged filter. Handles opened before
     * fail from then on, as for any filter deleted under them.
     *
     * @param client the client; not closed
     * @param kind {@code "redis-classic"}, {@code "redis-counting"}, {@code "redis-scalable"} or {@code
     *     "redis-aging"}
     * @param name the filter's name
     * @param spec the filter's spec, for option {@code prefix}, for {@code redis-aging} its window
     *     (which gives its generations) and, for the Bloom kinds, {@code shards}; the shards the metadata names, if it still can, are deleted too
     * @throws IllegalArgumentException for an unknown kind or a bad name or option
     * @throws RedisFilterException if the server fails; the keys deleted before stay deleted
     */
    public static void drop(UnifiedJedis client, String kind, String name, FilterSpec spec) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(spec, "spec");
        RedisStore store = userStore(client, name);
        if (kind.equals(RedisScalableProvider.KIND)) {
            String base = RedisScalableOptions.read(spec, name).location().prefix() + "{" + name + "}";
            List<String> keys = new ArrayList<>();
            keys.add(base + ":meta");
            for (int i = 0; i <= GrowthPlan.MAX_LAYERS; i++) {
                keys.add(base + ":layer:" + i);
            }
            store.del("drop", keys);
            return;
        }
        if (kind.equals(RedisAgingProvider.KIND)) {
            store.del("drop", RedisAgingFilter.everyKey(RedisAgingOptions.read(spec, name)));
            return;
        }
        CellKind cells = Arrays.stream(CellKind.values()).filter(c -> c.kind().equals(kind)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("kind must be one of 'redis-classic', 'redis-counting',"
                        + " 'redis-scalable' or 'redis-aging', got '" + kind + "'"));
        RedisCellsOptions options = RedisCellsOptions.read(cells, spec, name);
        FilterKeys keys = FilterKeys.of(options.prefix(), name, options.shards());
        String stored = store.type("drop", keys.metadata()).equals("hash")
                ? store.hgetAll("drop", keys.metadata()).get(RedisCellsOptions.SHARDS) : null;
        store.del("drop", keys.all());
        if (stored != null && stored.matches("[0-9]{1,4}") && Integer.parseInt(stored) >= 1
                && Integer.parseInt(stored) <= RedisCellsOptions.MAX_SHARDS && Integer.parseInt(stored) != options.shards()) {
            store.del("drop", FilterKeys.of(options.prefix(), name, Integer.parseInt(stored)).shards());
        }
    }

    private static <T> RedisScalableFilter<T> openScalable(UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher, boolean mustBeNew) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        checkClientAndName(client, name);
        RedisScalableOptions options = RedisScalableOptions.read(spec, name);
        if (mustBeNew && !options.location().open().createIfMissing()) {
            throw new IllegalArgumentException("option '" + OpenPolicy.CREATE + "' = 'never' contradicts"
                    + " RedisFilters.reserve, which creates the filter; leave the option out to reserve it");
        }
        RedisStore store = pipeliningStore(client, name, "open");
        return RedisScalableFilter.open(store, options, spec, hasher, mustBeNew);
    }

    /**
     * Publishes an in-process {@code classic} or {@code counting} filter under a name, as {@code
     * redis-classic} or {@code redis-counting}: readers of the name see the old filter or the new
     * one, never a mix (in a Redis Cluster with more than one shard, under the precise terms of
     * {@link #upload(UnifiedJedis, String, int, InputStream, KeyHasher)}). The name must be free or
     * hold a filter of the same kind, size, shards and hasher, which is replaced.
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
     * @throws RedisFilterException if the server fails; see the other {@code upload} for the name's
     *     state then
     * @throws IOException if the local filter cannot be written
     */
    public static <T> RedisCellsFilter<T> upload(UnifiedJedis client, String name, int shards, MembershipFilter<T> local)
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
     * <p>The cells first go, in 1 MiB chunks, to temporary keys {@code <shard>:upload:<stamp>}, each
     * in its shard's hash slot (with more than one shard, each ends with the upload's random 64-bit
     * stamp); the whole snapshot, checksum included, is checked before any key of the name changes.
     * Then the switch:
     * <ul>
     *   <li><b>One shard (any server), or any number of shards on a single server:</b> one Lua script
     *       renames every temporary key onto its shard and writes the metadata last. No client sees a
     *       state in between: every operation, single or batch, sees the old filter or the new one.
     *   <li><b>More than one shard in a Redis Cluster:</b> the shards lie in different slots on
     *       purpose, and no one command reaches them all. The metadata is marked {@code switching},
     *       the shards are renamed one by one, and the mark is removed last. Meanwhile: each
     *       single-item operation touches one shard and sees that shard whole, old or new (so two
     *       single queries may be answered one by each filter); a batch query ({@link
     *       RedisCellsFilter#mightContainAll} and the other batch queries) reads every shard's stamp with
     *       its probes and is read again when they differ, so it answers from one filter whole, and
     *       fails with {@link RedisFilterException} if they still differ after the timeout (option
     *       {@code timeoutMillis}); opening the name fails with {@link RedisFilterException}. If the
     *       switch is interrupted (the process dies, a node is lost), the mark stays: the name does
     *       not open, batch queries fail and single-item ones answer from each shard as it is, until
     *       an upload succeeds or the filter is {@link RedisCellsFilter#delete() deleted}. An upload
     *       removes the mark only if it is still its own and every shard holds its stamp; one that
     *       finds a shard of another upload to the same name leaves the name marked and fails.
     * </ul>
     * In both cases an add or remove racing with the switch may land in the old filter and be lost
     * with it, as the upload replaces the whole filter.
     *
     * <p>A snapshot that is invalid, a name that holds another filter, or a stream or server failure
     * before the switch leaves the name's filter as it was, and the temporary keys are deleted (a
     * process killed mid-upload leaves them: keys matching {@code *:upload:*}, safe to delete once no
     * upload runs).
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
     * @throws RedisFilterException if the server fails: before the switch, the name is unchanged; in
     *     a cluster's one-by-one switch, the message says how many shards were renamed, and the name
     *     stays marked as above
     * @throws IOException if the stream fails; the name is then unchanged
     */
    public static <T> RedisCellsFilter<T> upload(UnifiedJedis client, String name, int shards, InputStream snapshot,
            KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(hasher, "hasher");
        return upload(client, name, shards, snapshot, hasher, 0, 1);
    }

    /**
     * {@link #upload(UnifiedJedis, String, int, InputStream, KeyHasher)} that waits for replicas as
     * options {@code minReplicas} and {@code replicaTimeoutMillis} do: each rename onto the
     * filter's keys is followed by {@code WAIT} on its connection, and so is every write of the
     * handle returned.
     *
     * @param client the client; not closed
     * @param name the filter's name
     * @param shards Redis strings to spread the cells over
     * @param snapshot the stream at the start of the envelope; read to its end, not closed
     * @param hasher the hasher the snapshot was written with
     * @param minReplicas replicas that must acknowledge, 0 to 100; 0 sends no {@code WAIT}
     * @param replicaTimeoutMillis how long a {@code WAIT} may block, at least 1 and below the client's
     *     socket timeout
     * @param <T> the item type
     * @return the shared filter
     * @throws RedisFilterException as the other {@code upload}, and if fewer replicas than {@code
     *     minReplicas} acknowledged the switch (the new filter is then published on the master)
     * @throws IOException if the stream fails; the name is then unchanged
     */
    public static <T> RedisCellsFilter<T> upload(UnifiedJedis client, String name, int shards, InputStream snapshot,
            KeyHasher<? super T> hasher, int minReplicas, int replicaTimeoutMillis) throws IOException {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(hasher, "hasher");
        RedisStore store = pipeliningStore(client, name, "upload");
        return Transfer.upload(store, Location.DEFAULT_PREFIX, name, shards, snapshot, hasher,
                durability(minReplicas, replicaTimeoutMillis));
    }

    private static <T> RedisCellsFilter<T> open(CellKind cells, UnifiedJedis client, String name, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        checkClientAndName(client, name);
        RedisCellsOptions options = RedisCellsOptions.read(cells, spec, name);
        return RedisCellsFilter.open(pipeliningStore(client, name, "open"), options, spec, hasher);
    }

    /**
     * The store of a filter on a client the user passed in (never closed by the filter), after the
     * client and the name are checked.
     */
    private static RedisStore userStore(UnifiedJedis client, String name) {
        checkClientAndName(client, name);
        return new RedisStore(client, false, USER_CLIENT, name, null);
    }

    /**
     * {@link #userStore}, for a call that pipelines (opening, batches, uploads), once the client is
     * found able to. Callers read the spec's options first, so that a bad option is reported before
     * any command is sent.
     *
     * @throws RedisFilterException if the client cannot pipeline, naming the clients that can
     */
    private static RedisStore pipeliningStore(UnifiedJedis client, String name, String operation) {
        RedisStore store = userStore(client, name);
        store.requirePipelining(operation);
        return store;
    }

    /** Checks the arguments every call on a user's client takes, before its options are read. */
    private static void checkClientAndName(UnifiedJedis client, String name) {
        Objects.requireNonNull(client, "client");
        Location.checkName(name);
    }
}
