package org.bloomery.redis;

import java.util.List;
import java.util.Map;

/**
 * Refuses to open a filter on a server that may evict any key: under a {@code maxmemory-policy} of
 * {@code allkeys-lru}, {@code allkeys-lfu} or {@code allkeys-random}, Redis drops keys without a
 * TTL when memory runs short, a filter's included, and a process that opens the name afterwards
 * would find it free. The {@code volatile-*} policies evict only keys with a TTL, which a filter's
 * keys never have, and {@code noeviction} none. Option {@code allowEviction=true} skips the check.
 */
final class EvictionGuard {
    private static final String EVICTING = "allkeys-";

    private EvictionGuard() {
    }

    /**
     * Reads {@code maxmemory-policy} on every node that serves one of the keys (in a Redis Cluster,
     * the master of each of their slots; else the one server). A node that refuses {@code CONFIG
     * GET} (renamed or disabled, as managed services often do, or denied by an ACL) is not checked.
     *
     * @param store the store
     * @param keys the filter's keys
     * @throws RedisFilterException if a node's policy is {@code allkeys-*}, naming it and the ways
     *     out, or if the server fails
     */
    static void refuseEvictingServers(RedisStore store, List<String> keys) {
        for (Map.Entry<String, String> node : store.maxmemoryPolicies("open", keys).entrySet()) {
            String policy = node.getValue();
            if (policy.startsWith(EVICTING)) {
                throw store.failure("open", "the server's maxmemory-policy is '" + policy + "' (on the node of key '"
                        + node.getKey() + "'): when memory runs short Redis may evict the filter's keys, and every"
                        + " item added to it is lost; set maxmemory-policy to noeviction (or a volatile-* policy,"
                        + " which evicts only keys with a TTL), or set option '" + OpenPolicy.ALLOW_EVICTION
                        + "=true' to open it anyway");
            }
        }
    }
}
