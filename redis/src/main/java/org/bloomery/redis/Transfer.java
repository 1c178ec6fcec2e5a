package org.bloomery.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;

/**
 * Moves in-process filters into Redis: publishing a snapshot under a name (upload) and OR-ing a
 * classic filter into a shared one (merge). Both first write the cells to temporary keys that
 * share each shard's hash slot, in 1 MiB chunks, and only then touch the filter's own keys, so a
 * failure or invalid data leaves the shared filter unchanged.
 */
final class Transfer {
    private static final int PIPE_BYTES = 1 << 16;

    private Transfer() {
    }

    /**
     * Publishes a snapshot of an in-process {@code classic} or {@code counting} filter under a name.
     * The cells go to temporary keys next to each shard, each followed by its {@link KeyTrailer}
     * (the upload's {@link UploadStamp} and the identity of the filter replaced, or a new one for a
     * free name); then one script renames them all onto the shards and writes
     * the metadata last, so no reader sees a mix. Where one script cannot reach every key (the
     * shards of a sharded filter in a Redis Cluster), the metadata is first marked {@link
     * Metadata#SWITCHING}, the keys are renamed one by one, and the mark is removed last; see
     * {@link RedisFilters#upload(redis.clients.jedis.UnifiedJedis, String, int, InputStream,
     * KeyHasher)} for what readers see then. Temporary keys left by a failure are deleted.
     *
     * @throws InvalidFilterDataException if the snapshot is invalid or of another kind; nothing is
     *     changed
     * @throws IllegalArgumentException if a filter of that name exists with another kind, size or
     *     hasher; nothing is changed
     */
    static <T> RedisCellsFilter<T> upload(RedisStore store, String prefix, String name, int shards, InputStream in,
            KeyHasher<? super T> hasher, Durability durability) throws IOException {
        Envelope.KindPrefix head = Envelope.readKind(in);
        CellKind cells = cellKind(head.kind());
        KeyHasher<? super T> used = snapshotHasher(head, hasher);
        long stamp = UploadStamp.next();
        List<String> temporary = new ArrayList<>();
        try {
            Prepared prepared = unwrap(() -> Envelope.read(head.stream(), head.kind(), used, (spec, reading, body) -> {
                FilterSpec shared = spec.withOption(Location.PREFIX, prefix);
                if (shards != 1) {
                    shared = shared.withOption(RedisCellsOptions.SHARDS, Integer.toString(shards));
                }
                shared = withDurability(shared, durability);
                // An upload is a deploy step, not a service opening the name: the eviction guard
                // (OpenPolicy) does not refuse it, nor the handle it returns.
                RedisCellsOptions options = RedisCellsOptions.read(cells, shared.withOption(OpenPolicy.ALLOW_EVICTION, "true"),
                        name);
                FilterKeys keys = FilterKeys.of(prefix, name, options.shards());
                Optional<Identity> existing = checkTarget(store, options, keys, used.id());
                Identity identity = existing.orElseGet(Identity::random);
                readShape(body, options.shape(), cells);
                for (String shard : keys.shards()) {
                    temporary.add(shard + ":upload:" + Long.toHexString(stamp));
                }
                long setBits = writeCells(store, "upload", body, temporary, cells, options.sharding(),
                        KeyTrailer.bytes(stamp, identity));
                if (cells == CellKind.BITS) {
                    long stored = body.readLong("set-bit count", 0, options.shape().cells());
                    if (stored != setBits) {
                        throw new InvalidFilterDataException("the body says " + stored
                                + " bits are set, but its words hold " + setBits);
                    }
                }
                return new Prepared(shared, options, keys, identity, existing.isPresent());
            }));
            long[] shardCellBytes = new long[temporary.size()];
            for (int s = 0; s < shardCellBytes.length; s++) {
                shardCellBytes[s] = cells.bytesFor(prepared.options().sharding().cells(s));
            }
            Map<String, String> metadata = new LinkedHashMap<>(Metadata.of(prepared.options(), used.id()));
            metadata.put(Identity.FIELD, prepared.identity().hex());
            publish(store, prepared.keys(), temporary, metadata, prepared.replaces() ? prepared.identity().hex() : "",
                    shardCellBytes, stamp, durability);
            return RedisCellsFilter.open(store, prepared.options(), prepared.spec(), used);
        } finally {
            if (!temporary.isEmpty()) {
                store.del("upload cleanup", temporary);
            }
        }
    }

    /**
     * The spec of an uploaded filter with the upload's durability, so the handle it returns waits
     * for replicas as the upload did.
     */
    static FilterSpec withDurability(FilterSpec spec, Durability durability) {
        if (!durability.waits()) {
            return spec;
        }
        return spec.withOption(Durability.MIN_REPLICAS, Integer.toString(durability.minReplicas()))
                .withOption(Durability.REPLICA_TIMEOUT_MILLIS, Integer.toString(durability.replicaTimeoutMillis()));
    }

    /**
     * The hasher a snapshot is checked, published and opened with: the built-in hasher its envelope
     * names when the caller's resolves to it ({@link KeyHasher#forReading}), so a snapshot written
     * with {@code xxh64:long-le} stays an {@code xxh64:long-le} filter when uploaded with {@link
     * KeyHasher#longs()}; otherwise the caller's, which the envelope then refuses if it differs.
     */
    static <T> KeyHasher<? super T> snapshotHasher(Envelope.KindPrefix head, KeyHasher<? super T> hasher) {
        return KeyHasher.forReading(head.hasherId(), hasher).<KeyHasher<? super T>>map(h -> h).orElse(hasher);
    }

    /**
     * Renames the temporary keys onto the shards and writes the metadata last: in one script where
     * the server allows it, else one key at a time between setting and removing the {@link
     * Metadata#SWITCHING} mark. Each rename raises the shard's epoch ({@link Scripts#REPLACE}), and
     * is followed by {@code WAIT} when {@code durability} asks. Each key renamed is removed from
     * {@code temporary}.
     */
    private static void publish(RedisStore store, FilterKeys keys, List<String> temporary, Map<String, String> metadata,
            String replacedIdentity, long[] shardCellBytes, long stamp, Durability durability) {
        List<String> scriptKeys = new ArrayList<>(1 + 2 * temporary.size());
        scriptKeys.add(keys.metadata());
        scriptKeys.addAll(temporary);
        scriptKeys.addAll(keys.shards());
        List<String> args = new ArrayList<>(1 + 2 * metadata.size());
        args.add(replacedIdentity);
        metadata.forEach((field, value) -> {
            args.add(field);
            args.add(value);
        });
        if (store.scriptAcrossSlots("upload", Scripts.PUBLISH, scriptKeys, args, durability).isPresent()) {
            temporary.clear();
            return;
        }
        Map<String, String> marked = new LinkedHashMap<>(metadata);
        marked.put(Metadata.SWITCHING, Long.toHexString(stamp));
        store.hset("upload", keys.metadata(), marked);
        int shards = temporary.size();
        for (int s = 0; s < shards; s++) {
            try {
                store.script("upload", Scripts.RENAME, List.of(temporary.get(0), keys.shards().get(s)), List.of(),
                        durability);
            } catch (RedisFilterException e) {
                throw store.failure("upload", "renaming shard " + s + " of " + shards + " failed (" + e.getMessage()
                        + "); shards 0 to " + (s - 1) + " hold the new filter, so the name stays marked as an"
                        + " interrupted upload and opening it fails until an upload succeeds or it is deleted");
            }
            temporary.remove(0);
        }
        finishSwitch(store, keys, shardCellBytes, stamp);
    }

    /**
     * Ends a one-by-one switch: removes the mark only if every shard holds this upload's stamp and
     * the mark is still this upload's. If another upload to the same name renamed shards in the
     * meantime, the name is marked again (it may hold a mix) and the upload fails; if another has
     * marked it since, that one ends the switch. So the mark is gone only when every shard holds
     * the stamp of the upload that removed it.
     */
    static void finishSwitch(RedisStore store, FilterKeys keys, long[] shardCellBytes, long stamp) {
        String mark = Long.toHexString(stamp);
        byte[] expected = UploadStamp.bytes(stamp);
        for (int s = 0; s < shardCellBytes.length; s++) {
            byte[] found = store.getrange("upload", keys.shards().get(s), shardCellBytes[s],
                    shardCellBytes[s] + UploadStamp.BYTES - 1);
            if (!java.util.Arrays.equals(found, expected)) {
                store.hset("upload", keys.metadata(), Map.of(Metadata.SWITCHING, mark));
                throw store.failure("upload", "another upload to the same name renamed shards at the same time"
                        + " (shard " + s + " is not this upload's), so the name stays marked as an interrupted upload"
                        + " and opening it fails until an upload succeeds or it is deleted");
            }
        }
        store.script("upload", Scripts.UNMARK, List.of(keys.metadata()), List.of(Metadata.SWITCHING, mark));
    }

    /**
     * What an upload publishes once the snapshot has been read whole and its checksum matched: the
     * filter's identity, kept from the filter it replaces ({@code replaces}) or new.
     */
    private record Prepared(FilterSpec spec, RedisCellsOptions options, FilterKeys keys, Identity identity,
            boolean replaces) {
    }

    /**
     * ORs an in-process classic filter into a shared one: its bits go to a temporary key in the
     * shard's slot, then {@code BITOP OR} combines them on the server.
     */
    static void merge(RedisCellsFilter<?> target, MembershipFilter<?> other) throws IOException {
        RedisStore store = target.store();
        List<String> shards = target.filterKeys().shards();
        List<String> temporary = new ArrayList<>();
        for (String shard : shards) {
            temporary.add(temporaryKey(shard));
        }
        BloomShape shape = target.options().shape();
        try (InputStream in = snapshotOf(other)) {
            unwrap(() -> Envelope.read(in, CellKind.BITS.localKind(), other.hasher(), (spec, reading, body) -> {
                long m = body.readLong("bits m", BloomShape.MIN_CELLS, BloomShape.MAX_CELLS);
                int k = body.readInt("hashes k", 1, BloomShape.MAX_HASHES);
                BloomLayout layout = BloomLayout.read(body);
                if (m != shape.cells() || k != shape.hashes() || layout != shape.layout()) {
                    throw new IllegalArgumentException("the filters differ in layout or size: m = " + shape.cells()
                            + ", k = " + shape.hashes() + ", layout " + shape.layout().optionValue() + " here, m = " + m
                            + ", k = " + k + ", layout " + layout.optionValue() + " in the other");
                }
                body.alignTo(Envelope.BODY_ALIGNMENT);
                writeCells(store, "merge", body, temporary, CellKind.BITS, target.options().sharding(), null);
                body.readLong("set-bit count", 0, m);
                return null;
            }));
            for (int s = 0; s < shards.size(); s++) {
                target.mergeShard(s, temporary.get(s));
            }
        } finally {
            store.del("merge cleanup", temporary);
        }
    }

    private static CellKind cellKind(String kind) throws InvalidFilterDataException {
        for (CellKind cells : CellKind.values()) {
            if (cells.localKind().equals(kind)) {
                return cells;
            }
        }
        throw new InvalidFilterDataException("only 'classic' and 'counting' filters can be uploaded to Redis;"
                + " the data holds kind '" + kind + "'");
    }

    /**
     * Fails, touching nothing, if the name holds another type or another filter.
     *
     * @return the identity of the filter of the same shape that the name holds, to be kept; empty
     *     when the name holds none (or metadata without a valid identity, which the upload replaces)
     */
    private static Optional<Identity> checkTarget(RedisStore store, RedisCellsOptions options, FilterKeys keys,
            String hasherId) {
        for (String key : keys.all()) {
            String expected = key.equals(keys.metadata()) ? "hash" : "string";
            String type = store.type("upload", key);
            if (!type.equals("none") && !type.equals(expected)) {
                throw store.failure("upload", "key '" + key + "' holds a " + type
                        + ", not a Bloomery filter's " + expected + "; choose another name or delete the key");
            }
        }
        Map<String, String> stored = store.hgetAll("upload", keys.metadata());
        if (!stored.isEmpty()) {
            Metadata.difference(stored, Metadata.of(options, hasherId)).ifPresent(difference -> {
                throw new IllegalArgumentException("filter '" + options.name() + "' exists in Redis with a different "
                        + difference + "; an upload replaces only a filter of the same kind, size and hasher;"
                        + " delete it first");
            });
        }
        return Identity.fromHex(stored.get(Identity.FIELD));
    }

    private static void readShape(FilterDataInput body, BloomShape shape, CellKind cells) throws IOException {
        long m = body.readLong(cells == CellKind.BITS ? "bits m" : "counters", BloomShape.MIN_CELLS, BloomShape.MAX_CELLS);
        int k = body.readInt("hashes", 1, BloomShape.MAX_HASHES);
        BloomLayout layout = BloomLayout.read(body);
        if (m != shape.cells() || k != shape.hashes() || layout != shape.layout()) {
            throw new InvalidFilterDataException("the body holds m = " + m + ", k = " + k + ", layout "
                    + layout.optionValue() + ", but its spec gives m = " + shape.cells()
                    + ", k = " + shape.hashes() + ", layout " + shape.layout().optionValue());
        }
        body.alignTo(Envelope.BODY_ALIGNMENT);
    }

    /**
     * Streams each shard's bytes into its temporary key in 1 MiB chunks, then the trailer if not
     * null; returns the set bits.
     */
    private static long writeCells(RedisStore store, String operation, FilterDataInput body, List<String> keys,
            CellKind cells, Sharding sharding, byte[] trailer) throws IOException {
        long setBits = 0;
        for (int s = 0; s < keys.size(); s++) {
            String key = keys.get(s);
            long shardBytes = cells.bytesFor(sharding.cells(s));
            store.del(operation, List.of(key));
            for (long from = 0; from < shardBytes; from += RedisCellsFilter.CHUNK_BYTES) {
                byte[] chunk = body.readBytes((int) Math.min(RedisCellsFilter.CHUNK_BYTES, shardBytes - from));
                for (byte b : chunk) {
                    setBits += Integer.bitCount(b & 0xFF);
                }
                store.setrange(operation, key, from, chunk);
            }
            if (trailer != null) {
                store.setrange(operation, key, shardBytes, trailer);
            }
        }
        return setBits;
    }

    /** A key in the same hash slot as {@code shard}, unique to this transfer. */
    private static String temporaryKey(String shard) {
        return shard + ":transfer:" + UUID.randomUUID();
    }

    /**
     * A filter's snapshot as a stream, written by a helper thread into a pipe, so that a filter of
     * any size moves without a second copy in memory. Closing the stream stops the writer.
     */
    static InputStream snapshotOf(MembershipFilter<?> filter) throws IOException {
        PipedInputStream in = new PipedInputStream(PIPE_BYTES);
        PipedOutputStream out = new PipedOutputStream(in);
        Thread writer = new Thread(() -> {
            try (out) {
                filter.writeTo(out);
            } catch (IOException e) {
                // The reader closed the pipe early, or sees the stream end and reports it truncated.
            }
        }, "bloomery-redis-snapshot");
        writer.setDaemon(true);
        writer.start();
        return in;
    }

    /**
     * Runs an envelope read whose body reader may fail with an exception that is not about the data
     * (the server failed, or the target filter differs): the envelope reports every runtime
     * exception of a body reader as invalid data, with the exception as its cause; such a cause is
     * rethrown as itself.
     */
    static <R> R unwrap(EnvelopeRead<R> read) throws IOException {
        try {
            return read.run();
        } catch (InvalidFilterDataException e) {
            if (e.getCause() instanceof RedisFilterException failure) {
                throw failure;
            }
            if (e.getCause() instanceof IllegalArgumentException refused) {
                throw refused;
            }
            throw e;
        }
    }

    @FunctionalInterface
    interface EnvelopeRead<R> {
        R run() throws IOException;
    }
}
