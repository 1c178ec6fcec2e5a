package org.bloomery.redis;

import java.util.ArrayList;
import java.util.List;

/**
 * The Redis keys of one filter: a metadata hash and one string per shard. Every key starts with
 * the prefix and carries the filter's name in a hash tag ({@code {name}}), so that a temporary key
 * made from a shard's key lands in the same cluster slot and can be renamed onto it.
 *
 * @param metadata the metadata hash's key
 * @param shards the shards' keys, in shard order
 */
record FilterKeys(String metadata, List<String> shards) {
    /**
     * The keys of a filter.
     *
     * @param prefix the key prefix
     * @param name the filter's name
     * @param shardCount the number of shards
     * @return its keys
     */
    static FilterKeys of(String prefix, String name, int shardCount) {
        String base = prefix + "{" + name + "}";
        List<String> shards = new ArrayList<>(shardCount);
        for (int s = 0; s < shardCount; s++) {
            shards.add(base + ":cells:" + s);
        }
        return new FilterKeys(base + ":meta", List.copyOf(shards));
    }

    /** @return every key, metadata first */
    List<String> all() {
        List<String> all = new ArrayList<>(shards.size() + 1);
        all.add(metadata);
        all.addAll(shards);
        return all;
    }
}
