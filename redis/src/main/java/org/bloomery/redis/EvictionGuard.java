package org.bloomery.redis;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.util.JedisClusterCRC16;
import redis.clients.jedis.util.KeyValue;

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
        for (Map.Entry<String, String> node : maxmemoryPolicies(store, keys).entrySet()) {
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

    /**
     * Per node that serves one of the keys, one of its keys and the node's policy; a node that
     * refuses the command or does not know the parameter is left out.
     */
    private static Map<String, String> maxmemoryPolicies(RedisStore store, List<String> keys) {
        Map<Integer, String> bySlot = new LinkedHashMap<>();
        for (String key : store.clustered() ? keys : keys.subList(0, 1)) {
            bySlot.putIfAbsent(JedisClusterCRC16.getSlot(key), key);
        }
        Map<String, String> policies = new LinkedHashMap<>();
        for (String key : bySlot.values()) {
            store.configGet("open", key, "maxmemory-policy").map(EvictionGuard::configValue)
                    .ifPresent(policy -> policies.put(key, policy));
        }
        return policies;
    }

    /**
     * The value of the one parameter a {@code CONFIG GET} asked for: RESP2 answers a flat list of
     * name and value, RESP3 a map that Jedis reads as key-value pairs; null if it holds none.
     */
    private static String configValue(Object reply) {
        if (!(reply instanceof List<?> list) || list.isEmpty()) {
            return null;
        }
        Object value = list.get(0) instanceof KeyValue<?, ?> pair ? pair.getValue()
                : list.size() >= 2 ? list.get(1) : null;
        return value instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8)
                : value == null ? null : value.toString();
    }
}
