package org.bloomery.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
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
}
