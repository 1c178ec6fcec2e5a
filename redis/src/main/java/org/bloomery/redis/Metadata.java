package org.bloomery.redis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The fields of a filter's metadata hash: kind, format version, hasher id, cells m, probes k,
 * layout, shards, and the spec the in-process kind is built from. Never a URI or a credential.
 */
final class Metadata {
    /**
     * Version of the key layout and fields written here. Format 4 adds the write epoch ({@link
     * Epochs}) to every data key's {@link KeyTrailer} (whose length grows from 40 to 48 bytes) and
     * to {@code redis-scalable}'s metadata, and gives each {@code redis-scalable} layer the trailer.
     * Format 3 added the filter's {@link Identity} (field {@value Identity#FIELD}) and the cells
     * keys' 40-byte trailer; format 2 (0.1.0 snapshots before 2026-11-25) had neither; format 1
     * (before 2026-11-23) also put the blocked layout's in-block cells elsewhere. A name holding an
     * earlier format does not open, and is never upgraded in place (an upgrade would have to
     * rewrite every key at once, while handles of the older release may still write it): move such
     * a filter by a snapshot ({@code writeTo} with the release that wrote it, then an upload).
     */
    static final String FORMAT = "4";
    /**
     * The field that marks an upload renaming its shards one by one (in a Redis Cluster, where no
     * one command reaches every shard): written before the first {@code RENAME}, removed after the
     * last. While it is there some shards may be old and some new, so opening the name fails.
     */
    static final String SWITCHING = "switching";
    /**
     * The field that marks a creation writing its shards one by one (in a Redis Cluster, where no
     * one command reaches every shard): written with the metadata, removed once every shard exists.
     * An opener that finds it waits for it to go, up to its timeout.
     */
    static final String CREATING = "creating";

    private Metadata() {
    }

    /**
     * The fields describing a filter.
     *
     * @param options the filter's options
     * @param hasherId its hasher's id
     * @return the fields, in the order differences are reported
     */
    static Map<String, String> of(RedisCellsOptions options, String hasherId) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("kind", options.cells().kind());
        fields.put("format", FORMAT);
        fields.put("hasher", hasherId);
        fields.put("cells", Long.toString(options.shape().cells()));
        fields.put("hashes", Integer.toString(options.shape().hashes()));
        fields.put("layout", options.shape().layout().optionValue());
        fields.put("shards", Integer.toString(options.shards()));
        fields.put("expectedInsertions", Long.toString(options.localSpec().expectedInsertions()));
        fields.put("fpp", Double.toString(options.localSpec().fpp()));
        fields.put("options", options.localSpec().options().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(",")));
        return fields;
    }

    /**
     * Fails if a name's stored metadata, found when opening it, is not a Bloomery filter's.
     *
     * @param store the store, for the failure
     * @param key the metadata key
     * @param stored its fields, not empty
     * @throws RedisDataLostException if it has no {@code kind} and {@code format} fields
     */
    static void requireFilter(RedisStore store, String key, Map<String, String> stored) {
        if (!stored.containsKey("kind") || !stored.containsKey("format")) {
            throw store.lost("open", key, "holds a hash that is not a Bloomery filter's metadata (no 'kind' and"
                    + " 'format' fields): it was overwritten; drop the filter (RedisFilters.drop) or choose another"
                    + " name");
        }
    }

    /**
     * The first field in which a stored filter differs from the one wanted.
     *
     * @param stored the fields read from Redis
     * @param wanted the fields of the filter being opened
     * @return a description such as {@code cells (stored '9600', this one '9664')}, or empty if
     *     they are the same filter
     */
    static Optional<String> difference(Map<String, String> stored, Map<String, String> wanted) {
        if (!stored.containsKey("kind") || !stored.containsKey("format")) {
            return Optional.of("metadata: the key holds a hash that is not a Bloomery filter's metadata (no 'kind'"
                    + " and 'format' fields)");
        }
        if (!FORMAT.equals(stored.get("format"))) {
            return Optional.of("format: the name holds format " + stored.get("format") + ", written by an earlier"
                    + " release, and this release reads format " + FORMAT + "; move it by a snapshot (writeTo with"
                    + " that release, then an upload)");
        }
        for (Map.Entry<String, String> field : wanted.entrySet()) {
            String value = stored.get(field.getKey());
            if (!field.getValue().equals(value)) {
                return Optional.of(field.getKey() + " (stored '" + value + "', this one '" + field.getValue() + "')");
            }
        }
        return Optional.empty();
    }
}
