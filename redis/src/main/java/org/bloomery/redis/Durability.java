package org.bloomery.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bloomery.api.spi.SpecOptions;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * Whether a write waits for replicas: options {@code minReplicas} (default 0, no waiting) and
 * {@code replicaTimeoutMillis}. When {@code minReplicas > 0}, every add, remove, batch add and
 * upload sends {@code WAIT minReplicas replicaTimeoutMillis} after its writes, on the connection
 * that sent them and in the same pipeline (WAIT covers only the writes of its own connection), and
 * fails with a {@link RedisFilterException} naming how many replicas acknowledged when fewer did.
 * The write is then applied on the master but may be lost in a failover. WAIT narrows that window;
 * it does not close it (a replica that acknowledged may still lose the write before it persists).
 *
 * @param minReplicas replicas that must acknowledge each write; 0 sends no {@code WAIT}
 * @param replicaTimeoutMillis how long one {@code WAIT} may block
 */
record Durability(int minReplicas, int replicaTimeoutMillis) {
    static final String MIN_REPLICAS = "minReplicas";
    static final String REPLICA_TIMEOUT_MILLIS = "replicaTimeoutMillis";
    /** The options read here. */
    static final Set<String> KEYS = Set.of(MIN_REPLICAS, REPLICA_TIMEOUT_MILLIS);
    /** Most replicas a write may wait for: more than any deployment runs. */
    static final int MAX_REPLICAS = 100;
    /** No waiting. */
    static final Durability NONE = new Durability(0, 1);

    /**
     * Reads the options of a spec whose option keys {@code options} has already checked.
     *
     * @param kind the kind, for messages
     * @param options the spec's options
     * @param timeoutMillis the client's timeout: a {@code WAIT} must end before it, so {@code
     *     replicaTimeoutMillis} is below it, half of it by default
     * @return the durability
     * @throws IllegalArgumentException for a value out of range, naming it and the range
     */
    static Durability read(String kind, SpecOptions options, int timeoutMillis) {
        int replicas = (int) options.longValue(MIN_REPLICAS, 0, MAX_REPLICAS, 0);
        if (timeoutMillis < 2) {
            if (replicas > 0) {
                throw new IllegalArgumentException("option '" + MIN_REPLICAS + "' of kind '" + kind + "' needs"
                        + " option '" + Location.TIMEOUT_MILLIS + "' of at least 2, to leave a WAIT time to end");
            }
            return NONE;
        }
        int timeout = (int) options.longValue(REPLICA_TIMEOUT_MILLIS, 1, timeoutMillis - 1L, timeoutMillis / 2);
        return new Durability(replicas, timeout);
    }

    /** @return whether writes send {@code WAIT} */
    boolean waits() {
        return minReplicas > 0;
    }

    /**
     * The failure of a write whose {@code WAIT} counted too few replicas.
     *
     * @param store the store, naming the server and filter
     * @param operation the write
     * @param acknowledged the replicas that acknowledged
     * @return the exception
     */
    RedisFilterException unconfirmed(RedisStore store, String operation, long acknowledged) {
        return store.failure(operation, "only " + acknowledged + " of the " + minReplicas + " replicas asked for"
                + " (option " + MIN_REPLICAS + ") acknowledged the write within " + replicaTimeoutMillis + " ms (option "
                + REPLICA_TIMEOUT_MILLIS + "): it is applied on the master but may be lost if the master fails before a"
                + " replica has it; retry it, or check the replicas' link");
    }

    /**
     * The keys whose {@code WAIT}s cover every connection of a pipeline: the first run's on a single
     * server or a pool (one connection per pipeline), one per hash slot in a Redis Cluster (a
     * connection per node; several slots of one node each wait on it, in turn).
     *
     * @param clustered whether the client is a Redis Cluster's
     * @param keysOfRuns the keys of each run of the pipeline
     * @return a key to route each {@code WAIT} by
     */
    static List<byte[]> waitKeys(boolean clustered, List<List<byte[]>> keysOfRuns) {
        if (keysOfRuns.isEmpty()) {
            return List.of();
        }
        if (!clustered) {
            return List.of(keysOfRuns.get(0).get(0));
        }
        Map<Integer, byte[]> bySlot = new TreeMap<>();
        for (List<byte[]> keys : keysOfRuns) {
            bySlot.putIfAbsent(JedisClusterCRC16.getSlot(keys.get(0)), keys.get(0));
        }
        return new ArrayList<>(bySlot.values());
    }
}
