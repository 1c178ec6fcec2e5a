package org.bloomery.redis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * Opens the name of a {@code redis-classic} or {@code redis-counting} filter: creates the filter if
 * the name is free, else checks that what the name holds is this filter, whole. Opening never
 * writes to a filter that exists and never repairs one: a name whose keys disagree with its
 * metadata (a cells key missing, of another type or length, of another identity; cells without
 * metadata) fails with {@link RedisDataLostException}, changing nothing.
 */
final class CellsOpening {
    private static final long POLL_NANOS = 10_000_000L;

    private CellsOpening() {
    }

    /**
     * Opens or creates the filter of the options.
     *
     * @param store the store
     * @param options the filter's options
     * @param hasherId its hasher's id
     * @return the filter's identity
     * @throws IllegalArgumentException if the name holds a filter of another kind, size, hasher or
     *     spec, naming the difference
     * @throws RedisDataLostException if the name's keys are not a whole filter
     * @throws RedisFilterException if the server fails, a key holds another type, or an upload or a
     *     creation is switching the shards
     */
    static Identity open(RedisStore store, RedisCellsOptions options, String hasherId) {
        FilterKeys keys = FilterKeys.of(options.prefix(), options.name(), options.shards());
        Map<String, String> wanted = Metadata.of(options, hasherId);
        Identity fresh = Identity.random();
        Map<String, String> stored = options.location().open().createOrJoin(store, options.name(), keys.all(),
                keys.metadata(), () -> create(store, options, keys, wanted, fresh), Function.identity());
        if (stored.isEmpty()) {
            return fresh;
        }
        long deadline = System.nanoTime() + options.location().timeoutMillis() * 1_000_000L;
        while (stored.containsKey(Metadata.CREATING) && System.nanoTime() < deadline) {
            LockSupport.parkNanos(POLL_NANOS);
            stored = store.hgetAll("open", keys.metadata());
        }
        if (stored.isEmpty()) {
            throw store.lost("open", keys.metadata(), "vanished while the filter was being opened");
        }
        Metadata.requireFilter(store, keys.metadata(), stored);
        Metadata.difference(stored, wanted).ifPresent(difference -> {
            throw new IllegalArgumentException("filter '" + options.name() + "' exists in Redis with a different "
                    + difference + "; open it with its own spec and hasher, or delete it first");
        });
        if (stored.containsKey(Metadata.SWITCHING)) {
            throw store.failure("open", "an upload is renaming the filter's shards one by one, or was interrupted"
                    + " doing so, so some shards may hold the old filter and some the new; try again once it"
                    + " is done, or upload again, or delete the filter");
        }
        if (stored.containsKey(Metadata.CREATING)) {
            throw store.lost("open", keys.metadata(), "marks a creation that did not finish within the timeout of "
                    + options.location().timeoutMillis() + " ms: the client creating the filter's shards one by"
                    + " one stopped; drop the filter (RedisFilters.drop) and open it again");
        }
        Identity identity = Identity.fromHex(stored.get(Identity.FIELD)).orElseThrow(() -> store.lost("open",
                keys.metadata(), "holds no valid identity (field '" + Identity.FIELD + "'): it was overwritten"));
        verify(store, options, keys, identity);
        return identity;
    }

    /**
     * Creates the filter unless its metadata exists: in one script where the server allows it,
     * else (the shards of a sharded filter in a Redis Cluster) the metadata with a {@link
     * Metadata#CREATING} mark, then each shard, then the mark's removal.
     *
     * @return an empty map if this call created the filter with identity {@code fresh}, else the
     *     stored metadata
     */
    private static Map<String, String> create(RedisStore store, RedisCellsOptions options, FilterKeys keys,
            Map<String, String> wanted, Identity fresh) {
        Map<String, String> fields = new LinkedHashMap<>(wanted);
        fields.put(Identity.FIELD, fresh.hex());
        List<String> args = new ArrayList<>();
        args.add(fresh.hex());
        args.add(Integer.toString(keys.shards().size()));
        for (int s = 0; s < keys.shards().size(); s++) {
            args.add(Long.toString(options.cells().bytesFor(options.sharding().cells(s))));
        }
        fields.forEach((field, value) -> {
            args.add(field);
            args.add(value);
        });
        Optional<Object> created = store.scriptAcrossSlots("open", Scripts.CREATE, keys.all(), args);
        if (created.isPresent()) {
            return pairs(created.get());
        }
        fields.put(Metadata.CREATING, fresh.hex());
        List<String> marked = new ArrayList<>();
        fields.forEach((field, value) -> {
            marked.add(field);
            marked.add(value);
        });
        Map<String, String> stored = pairs(store.script("open", Scripts.CREATE_METADATA, List.of(keys.metadata()),
                marked));
        if (!stored.isEmpty()) {
            return stored;
        }
        for (int s = 0; s < keys.shards().size(); s++) {
            store.script("open", Scripts.CREATE_SHARD, keys.shards().get(s),
                    Long.toString(options.cells().bytesFor(options.sharding().cells(s))), fresh.hex());
        }
        store.script("open", Scripts.UNMARK, List.of(keys.metadata()), List.of(Metadata.CREATING, fresh.hex()));
        return Map.of();
    }

    /** Checks every cells key, in one pipeline, with {@link Scripts#CELLS}' {@code check}. */
    private static void verify(RedisStore store, RedisCellsOptions options, FilterKeys keys, Identity identity) {
        List<List<byte[]>> keysOfRuns = new ArrayList<>();
        List<List<byte[]>> argsOfRuns = new ArrayList<>();
        for (int s = 0; s < keys.shards().size(); s++) {
            long length = KeyTrailer.keyBytes(options.cells().bytesFor(options.sharding().cells(s)));
            keysOfRuns.add(List.of(RedisStore.bytes(keys.shards().get(s))));
            // No epoch seen yet: a handle compares epochs from its first reply on.
            argsOfRuns.add(List.of(RedisStore.bytes(Long.toString(length)), RedisStore.bytes(identity.hex()),
                    RedisStore.bytes("0"), RedisStore.bytes("check")));
        }
        for (Object reply : store.scriptsLoaded("open", Scripts.CELLS, keysOfRuns, argsOfRuns, Durability.NONE)) {
            if (reply instanceof RedisFilterException failure) {
                throw failure;
            }
        }
    }

    /** A flat HGETALL-style reply of fields and values as a map. */
    static Map<String, String> pairs(Object reply) {
        List<?> list = (List<?>) reply;
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i + 1 < list.size(); i += 2) {
            map.put(text(list.get(i)), text(list.get(i + 1)));
        }
        return map;
    }

    private static String text(Object value) {
        return value instanceof byte[] bytes ? new String(bytes, java.nio.charset.StandardCharsets.UTF_8)
                : String.valueOf(value);
    }
}
