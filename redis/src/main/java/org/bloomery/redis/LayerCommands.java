package org.bloomery.redis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.bloom.GrowthPlan;
import org.bloomery.bloom.LayerPlan;

/**
 * The keys and commands of one {@code redis-scalable} or {@code redis-aging} filter: its metadata
 * and layer keys (a {@code redis-aging} filter's layers are numbered per generation), each
 * layer's plan, the layer count this handle last saw, and the runs of {@link LayerScripts} with
 * their checks: the filter's identity, and its write epoch ({@link Epochs}, one key: the metadata,
 * whose epoch every script reads and every write raises).
 */
final class LayerCommands {
    /** Largest layer: one Redis string holds at most 2^32 bits. */
    static final long MAX_LAYER_BITS = 1L << 32;

    private final RedisStore store;
    private final GrowthPlan plan;
    private final String metaKey;
    private final String layerKeyBase;
    private final Epochs epochs;
    /** Layer i's {@link LayerPlan}, or the reason it cannot exist; filled on first use. */
    private final AtomicReferenceArray<Object> layerPlans = new AtomicReferenceArray<>(GrowthPlan.MAX_LAYERS + 1);
    /** The layer count this client last saw; every script checks it against the stored one. */
    private volatile int knownLayers = 1;
    /** The filter's identity, which every script checks against the metadata's; set on opening. */
    private volatile String identity;

    /**
     * @param store the store
     * @param plan the layers' plan
     * @param location where the filter lives, which names its keys
     * @param layers what a layer's key adds to the filter's base ({@code <prefix>{<name>}}), before
     *     its number
     */
    LayerCommands(RedisStore store, GrowthPlan plan, Location location, String layers) {
        this.store = store;
        this.plan = plan;
        String base = location.prefix() + "{" + location.name() + "}";
        this.metaKey = base + ":meta";
        this.layerKeyBase = base + layers;
        this.epochs = new Epochs(store, 1);
    }

    /** @return the handle's epochs: key 0, the metadata */
    Epochs epochs() {
        return epochs;
    }

    String metaKey() {
        return metaKey;
    }

    String layerKey(int index) {
        return layerKeyBase + index;
    }

    void identity(String identity) {
        this.identity = identity;
    }

    int knownLayers() {
        return knownLayers;
    }

    void knownLayers(int layers) {
        knownLayers = layers;
    }

    /** The metadata key, then layers 0..count-1. */
    List<String> keys(int count) {
        List<String> keys = new ArrayList<>(count + 1);
        keys.add(metaKey);
        for (int i = 0; i < count; i++) {
            keys.add(layerKey(i));
        }
        return keys;
    }

    // ---- layers ------------------------------------------------------------------------------

    /** Layer i's plan, or why it cannot exist (a limit of the growth plan or of a Redis string). */
    PlannedLayer layerPlan(int index) {
        Object known = layerPlans.get(index);
        if (known == null) {
            try {
                LayerPlan layer = plan.layer(index);
                known = layer.shape().cells() > MAX_LAYER_BITS ? "it needs " + layer.shape().cells()
                        + " bits, more than 2^32 bits (512 MiB, the largest Redis string)" : layer;
            } catch (IllegalArgumentException e) {
                known = e.getMessage();
            }
            layerPlans.set(index, known);
        }
        return new PlannedLayer(known);
    }

    /** A layer's plan or the reason it cannot exist. */
    record PlannedLayer(Object value) {
        LayerPlan orElseThrow(Function<String, RuntimeException> refusal) {
            if (value instanceof LayerPlan layer) {
                return layer;
            }
            throw refusal.apply((String) value);
        }

        LayerPlan orNull() {
            return value instanceof LayerPlan layer ? layer : null;
        }

        String reason() {
            return value instanceof String reason ? reason : null;
        }
    }

    /** The plans of layers 0..layers-1, which the stored filter has. */
    LayerPlan[] plans(int layers) {
        LayerPlan[] plans = new LayerPlan[layers];
        for (int i = 0; i < layers; i++) {
            int index = i;
            plans[i] = layerPlan(i).orElseThrow(reason -> store.failure("read", "the stored filter has layer " + index
                    + ", which its spec does not allow: " + reason));
        }
        return plans;
    }

    /** Reads the stored layer count after a script answered {@link LayerScripts#STALE}. */
    int refreshLayers(String operation) {
        knownLayers = layerCount(operation, metadata(operation).get("layers"));
        return knownLayers;
    }

    // ---- the metadata ------------------------------------------------------------------------

    /**
     * The stored metadata (one {@code HGETALL}), checked to be this filter's and not older than this
     * handle has seen.
     *
     * @throws RedisDataLostException if it is missing, holds another identity, or was rolled back
     */
    Map<String, String> metadata(String operation) {
        long seen = epochs.seen(operation, 0);
        Map<String, String> stored = store.hgetAll(operation, metaKey);
        if (stored.isEmpty()) {
            throw store.lost(operation, metaKey, "is missing: the filter was deleted, or the server lost it (a restart"
                    + " without persistence, a flush, an eviction)");
        }
        if (!identity.equals(stored.get(Identity.FIELD))) {
            throw store.lost(operation, metaKey, "belongs to another filter: the one this handle opened was deleted"
                    + " or replaced since, and the name created anew");
        }
        epochs.saw(operation, 0, metaKey, seen, count(operation, Epochs.FIELD, stored.getOrDefault(Epochs.FIELD, "0")));
        return stored;
    }

    /** A stored count, checked to be a number at least 0. */
    long count(String operation, String field, String stored) {
        try {
            long value = Long.parseLong(stored);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw store.failure(operation, "the metadata '" + metaKey + "' holds '" + stored + "' in field '" + field
                + "', not a count; it was not written by this kind");
    }

    /** The stored layer count, checked: what a client or an upload of this spec could have written. */
    int layerCount(String operation, String stored) {
        try {
            int layers = Integer.parseInt(stored);
            if (layers >= 1 && layers <= plan.maxLayers()) {
                return layers;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw store.failure(operation, "the metadata '" + metaKey + "' says the filter has '" + stored
                + "' layers, outside [1, " + plan.maxLayers() + "]; it was not written by this kind");
    }

    // ---- script arguments --------------------------------------------------------------------

    /**
     * {@link LayerScripts#ADD}'s header: k, capacity and byte length of each layer, then of layer
     * L, the one an add may create (zeros when it cannot exist: the filter may not grow).
     */
    List<String> addHeader(int layers, LayerPlan[] plans) {
        LayerPlan grown = layerPlan(layers).orNull();
        List<String> header = new ArrayList<>();
        for (LayerPlan layer : plans) {
            header.add(Integer.toString(layer.shape().hashes()));
            header.add(Long.toString(layer.capacity()));
            header.add(Long.toString(layer.shape().cells() / 8));
        }
        header.add(grown == null ? "0" : Integer.toString(grown.shape().hashes()));
        header.add(grown == null ? "0" : Long.toString(grown.capacity()));
        header.add(grown == null ? "0" : Long.toString(grown.shape().cells() / 8));
        return header;
    }

    /** The layers whose offsets an add carries: every layer, then layer L when it may be created. */
    LayerPlan[] addProbed(int layers, LayerPlan[] plans) {
        LayerPlan grown = layerPlan(layers).orNull();
        if (grown == null) {
            return plans;
        }
        LayerPlan[] withNext = java.util.Arrays.copyOf(plans, layers + 1);
        withNext[layers] = grown;
        return withNext;
    }

    /** {@link LayerScripts#EXISTS}' header: k and byte length of each layer. */
    static List<String> existsHeader(LayerPlan[] plans) {
        List<String> header = new ArrayList<>();
        for (LayerPlan layer : plans) {
            header.add(Integer.toString(layer.shape().hashes()));
            header.add(Long.toString(layer.shape().cells() / 8));
        }
        return header;
    }

    // ---- scripts -----------------------------------------------------------------------------

    /**
     * The arguments every script of {@link LayerScripts} starts with: the identity, the epoch seen
     * and the layer count.
     *
     * @param seen {@link Epochs#seen} before the script is sent
     */
    List<String> args(long seen, int layers) {
        return new ArrayList<>(List.of(identity, Long.toString(seen), Integer.toString(layers)));
    }

    /**
     * Runs a script of {@link LayerScripts} whose reply starts with a status and the filter's epoch,
     * and checks the epoch.
     *
     * @return the reply
     */
    List<?> run(String operation, LuaScript script, List<String> keys, long seen, List<String> args,
            Durability durability) {
        List<?> reply;
        try {
            reply = (List<?>) store.script(operation, script, keys, args, durability);
        } catch (RedisFilterException e) {
            throw epochs.note(e);
        }
        checkEpoch(operation, seen, reply);
        return reply;
    }

    /** Checks the epoch of a script's reply: its second element. */
    void checkEpoch(String operation, long seen, List<?> reply) {
        epochs.saw(operation, 0, metaKey, seen, (Long) reply.get(1));
    }

    /** A run of {@link LayerScripts#LAYER} on layer i: {@code read} or {@code count}, after the checks. */
    Object layerRun(String operation, int index, LayerPlan layer, String... opAndArgs) {
        return layerRun(operation, layerKey(index), layer, opAndArgs);
    }

    /** A run of {@link LayerScripts#LAYER} on the layer of a key: {@code read} or {@code count}, after the checks. */
    Object layerRun(String operation, String key, LayerPlan layer, String... opAndArgs) {
        long seen = epochs.seen(operation, 0);
        List<String> args = new ArrayList<>(List.of(identity, Long.toString(seen),
                Long.toString(layer.shape().cells() / 8)));
        args.addAll(List.of(opAndArgs));
        List<byte[]> argBytes = new ArrayList<>(args.size());
        for (String arg : args) {
            argBytes.add(RedisStore.bytes(arg));
        }
        List<?> reply;
        try {
            // Binary, so that a read's bulk reply comes back as bytes.
            reply = (List<?>) store.scriptBytes(operation, LayerScripts.LAYER,
                    List.of(RedisStore.bytes(metaKey), RedisStore.bytes(key)), argBytes);
        } catch (RedisFilterException e) {
            throw epochs.note(e);
        }
        epochs.saw(operation, 0, metaKey, seen, (Long) reply.get(0));
        return reply.get(1);
    }

    /**
     * Runs a script that acts on the whole filter ({@code clear}, {@code delete}, or a check with no
     * items) at the layer count this handle knows, reading the count again and resending while the
     * script answers {@link LayerScripts#STALE}.
     *
     * @param keys the script's keys for a layer count
     * @param tail the arguments after the identity, the epoch seen and the layer count, for a layer
     *     count
     * @return the reply, whose status is not {@link LayerScripts#STALE}
     */
    List<?> runCurrent(String operation, LuaScript script, IntFunction<List<String>> keys,
            IntFunction<List<String>> tail) {
        while (true) {
            int layers = knownLayers;
            long seen = epochs.seen(operation, 0);
            List<String> args = args(seen, layers);
            args.addAll(tail.apply(layers));
            List<?> reply = run(operation, script, keys.apply(layers), seen, args, Durability.NONE);
            if ((Long) reply.get(0) != LayerScripts.STALE) {
                return reply;
            }
            refreshLayers(operation);
        }
    }

    /** @return the byte length of each layer of a plan, as the scripts take them */
    static List<String> byteLengths(LayerPlan[] plans) {
        List<String> lengths = new ArrayList<>(plans.length);
        for (LayerPlan layer : plans) {
            lengths.add(Long.toString(layer.shape().cells() / 8));
        }
        return lengths;
    }

    /**
     * Writes a layer's words into a snapshot's body, read in {@value RedisCellsFilter#CHUNK_BYTES}-byte
     * {@code GETRANGE} chunks after the checks of {@link LayerScripts#LAYER}.
     *
     * @param body the snapshot's body
     * @param key the layer's key
     * @param layer its plan
     * @throws IOException if the stream fails
     */
    void writeLayer(FilterDataOutput body, String key, LayerPlan layer) throws IOException {
        long bytes = layer.shape().cells() / 8;
        for (long from = 0; from < bytes; from += RedisCellsFilter.CHUNK_BYTES) {
            int length = (int) Math.min(RedisCellsFilter.CHUNK_BYTES, bytes - from);
            byte[] chunk = (byte[]) layerRun("snapshot", key, layer, "read", Long.toString(from),
                    Long.toString(from + length - 1));
            if (chunk.length != length) {
                throw store.lost("snapshot", key, "answered " + chunk.length + " bytes where the layer holds " + length
                        + " from byte " + from);
            }
            body.writeBytes(chunk, 0, length);
        }
    }

    /**
     * Creates the filter ({@link LayerScripts#CREATE}: its first layers zeroed, then its metadata),
     * or joins the one stored under the name: its metadata is compared with the one wanted, and its
     * identity and layer count become this handle's.
     *
     * @param location where the filter lives, and what opening may do
     * @param wanted the metadata fields that identify the filter
     * @param keys the metadata key, then the first layers' keys (one length: layer 0's)
     * @param counts the fields and values of the counts a new filter starts with
     * @param existing called first when the filter exists, before anything is compared
     * @return whether the filter existed
     * @throws IllegalArgumentException if the stored filter differs, naming the difference; nothing
     *     is changed
     * @throws RedisFilterMissingException under {@code create=never}, if the name holds no filter
     * @throws RedisDataLostException if the stored metadata is not a filter's, or holds no identity
     */
    boolean createOrJoin(Location location, Map<String, String> wanted, List<String> keys, List<String> counts,
            Runnable existing) {
        // The caller has checked that layer 0 can exist.
        LayerPlan first = plans(1)[0];
        String fresh = Identity.random().hex();
        List<String> args = new ArrayList<>();
        args.add(Long.toString(first.shape().cells() / 8));
        args.add(fresh);
        wanted.forEach((field, value) -> {
            args.add(field);
            args.add(value);
        });
        args.addAll(List.of(Identity.FIELD, fresh, "layers", "1", Epochs.FIELD, "0"));
        args.addAll(counts);
        List<?> reply = location.open().createOrJoin(store, location.name(), keys, metaKey,
                () -> (List<?>) store.script("open", LayerScripts.CREATE, keys, args), OpenPolicy::flat);
        identity(fresh);
        if (reply.isEmpty()) {
            return false;
        }
        existing.run();
        Map<String, String> stored = CellsOpening.pairs(reply);
        Metadata.requireFilter(store, metaKey, stored);
        Metadata.difference(stored, wanted).ifPresent(difference -> {
            throw new IllegalArgumentException("filter '" + location.name() + "' exists in Redis with a different "
                    + difference + "; open it with its own spec and hasher, or delete it first");
        });
        identity(Identity.fromHex(stored.get(Identity.FIELD)).orElseThrow(() -> store.lost("open", metaKey,
                "holds no valid identity (field '" + Identity.FIELD + "'): it was overwritten")).hex());
        knownLayers(layerCount("open", stored.get("layers")));
        return true;
    }
}
