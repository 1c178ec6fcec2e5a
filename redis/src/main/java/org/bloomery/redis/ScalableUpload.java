package org.bloomery.redis;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.bloom.BloomKinds;
import org.bloomery.bloom.GrowthPlan;
import org.bloomery.bloom.LayerPlan;
import org.bloomery.bloom.ScalableBody;
import org.bloomery.api.spi.Envelope;

/**
 * Publishes an in-process {@code scalable} filter's snapshot as a {@code redis-scalable} filter in
 * one atomic step: every layer goes to a temporary key in the filter's hash slot, in 1 MiB chunks,
 * and only once the whole envelope (checksum included) has been read does one script rename them
 * into place, delete the layers the new filter lacks and replace the metadata, raising the filter's
 * write epoch ({@link Epochs}). Readers see the old filter or the new one, never a mix; invalid
 * data or a refusal changes nothing. Each temporary layer ends with the filter's {@link
 * KeyTrailer}.
 */
final class ScalableUpload {
    private ScalableUpload() {
    }

    /** Uploads a snapshot under {@code name}; see the class description. */
    static <T> RedisScalableFilter<T> upload(RedisStore store, String prefix, String name, InputStream in,
            KeyHasher<? super T> hasher, Durability durability) throws IOException {
        String base = prefix + "{" + name + "}";
        String metaKey = base + ":meta";
        List<String> temporary = new ArrayList<>();
        try {
            Envelope.KindPrefix head = Envelope.readKind(in);
            KeyHasher<? super T> used = Transfer.snapshotHasher(head, hasher);
            Prepared prepared = Transfer.unwrap(() -> Envelope.read(head.stream(), BloomKinds.SCALABLE, used,
                    (spec, reading, body) -> {
                FilterSpec shared = Transfer.withDurability(spec.withOption(Location.PREFIX, prefix), durability);
                RedisScalableOptions options;
                try {
                    // A deploy step: the eviction guard refuses neither it nor its handle (see Transfer).
                    options = RedisScalableOptions.read(shared.withOption(OpenPolicy.ALLOW_EVICTION, "true"), name);
                } catch (IllegalArgumentException e) {
                    throw new InvalidFilterDataException("the spec is not valid for kind '" + RedisScalableProvider.KIND
                            + "': " + e.getMessage(), e);
                }
                Optional<Identity> existing = checkTarget(store, options, metaKey, base + ":layer:0", used.id());
                Identity identity = existing.orElseGet(Identity::random);
                GrowthPlan plan = options.plan();
                int layers = ScalableBody.readHeader(body, plan);
                long[] items = new long[layers];
                for (int i = 0; i < layers; i++) {
                    LayerPlan expected = ScalableBody.expectedLayer(plan, i);
                    if (expected.shape().cells() > LayerCommands.MAX_LAYER_BITS) {
                        throw new InvalidFilterDataException("layer " + i + " has " + expected.shape().cells()
                                + " bits, more than 2^32 bits (512 MiB, the largest Redis string)");
                    }
                    items[i] = ScalableBody.readLayerHeader(body, i, expected);
                    String key = base + ":layer:" + i + ":transfer:" + UUID.randomUUID();
                    temporary.add(key);
                    long bytes = expected.shape().cells() / 8;
                    store.del("upload", List.of(key));
                    for (long from = 0; from < bytes; from += RedisCellsFilter.CHUNK_BYTES) {
                        store.setrange("upload", key, from,
                                body.readBytes((int) Math.min(RedisCellsFilter.CHUNK_BYTES, bytes - from)));
                    }
                    store.setrange("upload", key, bytes, KeyTrailer.bytes(0, identity));
                }
                return new Prepared(shared, options, items, identity, existing.isPresent());
            }));
            publish(store, metaKey, base, temporary, prepared, used.id());
            temporary.clear();
            return RedisScalableFilter.open(store, prepared.options(), prepared.spec(), used, false);
        } finally {
            if (!temporary.isEmpty()) {
                store.del("upload cleanup", temporary);
            }
        }
    }

    /**
     * What an upload publishes once the snapshot has been read whole and its checksum matched: the
     * filter's identity, kept from the filter of the same spec it replaces ({@code replaces}) or new.
     */
    private record Prepared(FilterSpec spec, RedisScalableOptions options, long[] items, Identity identity,
            boolean replaces) {
    }

    private static void publish(RedisStore store, String metaKey, String base, List<String> temporary,
            Prepared prepared, String hasherId) {
        int layers = temporary.size();
        List<String> fields = new ArrayList<>();
        prepared.options().metadata(hasherId).forEach((field, value) -> {
            fields.add(field);
            fields.add(value);
        });
        fields.add(Identity.FIELD);
        fields.add(prepared.identity().hex());
        long card = 0;
        for (int i = 0; i < layers; i++) {
            fields.add("items:" + i);
            fields.add(Long.toString(prepared.items()[i]));
            card += prepared.items()[i];
        }
        fields.addAll(List.of("layers", Integer.toString(layers), "card", Long.toString(card)));
        int replaced = layers;
        while (true) {
            List<String> keys = new ArrayList<>();
            keys.add(metaKey);
            keys.addAll(temporary);
            for (int i = 0; i < replaced; i++) {
                keys.add(base + ":layer:" + i);
            }
            List<String> args = new ArrayList<>(List.of(prepared.replaces() ? prepared.identity().hex() : "",
                    Integer.toString(layers), Integer.toString(replaced)));
            args.addAll(fields);
            List<?> reply = (List<?>) store.script("upload", LayerScripts.PUBLISH, keys, args,
                    prepared.options().durability());
            if ((Long) reply.get(0) == LayerScripts.DONE) {
                return;
            }
            String stored = store.hget("upload", metaKey, "layers");
            replaced = Math.max(layers, stored == null ? 0 : Integer.parseInt(stored));
        }
    }

    /**
     * Fails, touching nothing, if the name holds another type or another filter.
     *
     * @return the identity of the filter of the same spec the name holds, to be kept; empty when it
     *     holds none (or metadata without a valid identity, which the upload replaces)
     */
    private static Optional<Identity> checkTarget(RedisStore store, RedisScalableOptions options, String metaKey,
            String firstLayer, String hasherId) {
        for (String key : List.of(metaKey, firstLayer)) {
            String expected = key.equals(metaKey) ? "hash" : "string";
            String type = store.type("upload", key);
            if (!type.equals("none") && !type.equals(expected)) {
                throw store.failure("upload", "key '" + key + "' holds a " + type
                        + ", not a Bloomery filter's " + expected + "; choose another name or delete the key");
            }
        }
        Map<String, String> stored = store.hgetAll("upload", metaKey);
        if (!stored.isEmpty()) {
            Metadata.difference(stored, options.metadata(hasherId)).ifPresent(difference -> {
                throw new IllegalArgumentException("filter '" + options.location().name() + "' exists in Redis with a"
                        + " different " + difference + "; an upload replaces only a filter of the same kind, spec and"
                        + " hasher; delete it first");
            });
        }
        return Identity.fromHex(stored.get(Identity.FIELD));
    }
}
