package org.bloomery.redis;

import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The Redis keys of one filter: a metadata hash and one string per shard. Each key carries a hash
 * tag ({@code {...}}), so that a temporary key made from it lands in the same cluster slot and can
 * be renamed or OR-ed onto it.
 *
 * <p>One shard: the metadata and the cells share the tag {@code {name}}, so they live on one node.
 * Several shards: shard {@code s} of {@code S} gets the tag {@code {name.s.j}} with the smallest
 * {@code j} whose slot lies in the s-th of S equal ranges of the 16,384 cluster slots. A cluster
 * whose nodes own contiguous slot ranges (the usual assignment) thus spreads the shards evenly
 * over its nodes; the tags depend only on the name and S, so every client derives the same keys.
 *
 * @param metadata the metadata hash's key
 * @param shards the shards' keys, in shard order
 */
record FilterKeys(String metadata, List<String> shards) {
    private static final int SLOTS = 16_384;

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
            String tag = shardCount == 1 ? "{" + name + "}" : "{" + spreadTag(name, s, shardCount) + "}";
            shards.add(prefix + tag + ":cells:" + s);
        }
        return new FilterKeys(base + ":meta", List.copyOf(shards));
    }

    /** The first tag {@code name.s.j} whose slot is in the s-th of {@code count} equal slot ranges. */
    private static String spreadTag(String name, int shard, int count) {
        int low = SLOTS * shard / count;
        int high = SLOTS * (shard + 1) / count;
        for (int j = 0; ; j++) {
            String tag = name + "." + shard + "." + j;
            int slot = JedisClusterCRC16.getSlot(tag);
            if (slot >= low && slot < high) {
                return tag;
            }
        }
    }

    /** @return every key, metadata first */
    List<String> all() {
        List<String> all = new ArrayList<>(shards.size() + 1);
        all.add(metadata);
        all.addAll(shards);
        return all;
    }
}
