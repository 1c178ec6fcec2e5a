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
     * Version of the key layout and fields written here. Format 1, written by 0.1.0 snapshots before
     * 2026-11-23, put the blocked layout's in-block cells elsewhere; a name holding it does not open.
     */
    static final String FORMAT = "2";
    /**
     * The field that marks an upload renaming its shards one by one (in a Redis Cluster, where no
     * one command reaches every shard): written before the first {@code RENAME}, removed after the
     * last. While it is there some shards may be old and some new, so opening the name fails.
     */
    static final String SWITCHING = "switching";

    private Metadata() {
    }

    /**
     * The fields describing a filter.
     *
     * @param options the filter's options
     * @param hasherId its hasher's id
     * @return the fields, in the order differences are reported
     */
    static Map<String, String> of(RedisOptions options, String hasherId) {
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
     * The first field in which a stored filter differs from the one wanted.
     *
     * @param stored the fields read from Redis
     * @param wanted the fields of the filter being opened
     * @return a description such as {@code cells (stored 9600, this spec gives 9664)}, or empty if
     *     they are the same filter
     */
    static Optional<String> difference(Map<String, String> stored, Map<String, String> wanted) {
        if (!stored.containsKey("kind") || !stored.containsKey("format")) {
            return Optional.of("the key holds a hash that is not a Bloomery filter's metadata (no 'kind' and"
                    + " 'format' fields)");
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
