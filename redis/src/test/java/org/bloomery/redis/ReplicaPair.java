package org.bloomery.redis;

import redis.clients.jedis.Jedis;

/**
 * A master and a replica ({@code --replicaof}) on loopback, real {@code redis-server} processes,
 * for the faults that keep a filter's keys but roll its data back: the replica paused ({@code
 * SIGSTOP}) while the master acknowledges writes, then the master killed and the lagging replica
 * promoted ({@code REPLICAOF NO ONE}), as a failover by Sentinel, Cluster or a managed service does.
 */
final class ReplicaPair implements AutoCloseable {
    private static final int SYNC_TIMEOUT_MILLIS = 10_000;

    private final RedisServer master;
    private final RedisServer replica;

    private ReplicaPair(RedisServer master, RedisServer replica) {
        this.master = master;
        this.replica = replica;
    }

    /**
     * Starts a master, then a replica of it, and waits until the replica has the master's data.
     *
     * @param extra {@code redis-server} arguments for both
     * @return the pair
     */
    static ReplicaPair start(String... extra) {
        RedisServer master = RedisServer.start(extra);
        String[] replicaArgs = new String[extra.length + 3];
        System.arraycopy(extra, 0, replicaArgs, 0, extra.length);
        replicaArgs[extra.length] = "--replicaof";
        replicaArgs[extra.length + 1] = "127.0.0.1";
        replicaArgs[extra.length + 2] = Integer.toString(master.port());
        ReplicaPair pair = new ReplicaPair(master, RedisServer.start(replicaArgs));
        pair.awaitInSync();
        return pair;
    }

    RedisServer master() {
        return master;
    }

    RedisServer replica() {
        return replica;
    }

    /**
     * Waits until the replica has acknowledged every write the master has taken: a write on a
     * connection of its own, then {@code WAIT 1}, which covers everything before that write.
     */
    void awaitInSync() {
        try (Jedis admin = new Jedis("127.0.0.1", master.port())) {
            admin.set("replica-pair:sync", Long.toString(System.nanoTime()));
            if (admin.waitReplicas(1, SYNC_TIMEOUT_MILLIS) < 1) {
                throw new IllegalStateException("the replica did not catch up within " + SYNC_TIMEOUT_MILLIS + " ms");
            }
        }
    }

    /** {@code SIGSTOP} of the replica: it takes no more of the master's writes until resumed. */
    void pauseReplica() {
        replica.pause();
    }

    void resumeReplica() {
        replica.resume();
    }

    /**
     * The master dies ({@code SIGKILL}) and the paused replica runs again, still a replica: for a
     * test whose sentinels, not this fixture, promote it.
     */
    void killMaster() {
        master.kill();
        replica.resume();
    }

    /**
     * The master dies ({@code SIGKILL}) and the replica, however far behind, becomes a master with
     * what it has: the writes it had not received are lost.
     */
    void failOver() {
        killMaster();
        try (Jedis admin = new Jedis("127.0.0.1", replica.port())) {
            admin.replicaofNoOne();
        }
    }

    @Override
    public void close() {
        replica.close();
        master.close();
    }
}
