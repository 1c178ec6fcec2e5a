package org.bloomery.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Protocol;

/**
 * A Redis Cluster of three cluster-enabled {@link RedisServer}s on loopback, made by the test
 * itself: node i owns slots {@code [16384·i/3, 16384·(i+1)/3)} (CLUSTER ADDSLOTS), node 0 meets
 * the others (CLUSTER MEET), and {@link #start} waits at most 20 s for every node to report {@code
 * cluster_state:ok}. Full slot coverage is not required, so the nodes that stay up keep serving
 * their slots after one stops. {@link #shared()} is one cluster for every test class of the JVM.
 */
final class RedisCluster implements AutoCloseable {
    static final int SLOTS = 16_384;
    private static final long READY_TIMEOUT_MILLIS = 20_000;
    private static RedisCluster shared;
    private final List<RedisServer> nodes;

    private RedisCluster(List<RedisServer> nodes) {
        this.nodes = nodes;
    }

    /**
     * One cluster for every test class of this JVM, started on first use and stopped at exit. The
     * classes that share it keep apart by filter names. A class may leave a node killed (a
     * destructive test runs last in its class): the next class to ask gets the node started again,
     * so that only a class that follows pays for the restart.
     *
     * @return the cluster, ok on every node
     */
    static synchronized RedisCluster shared() {
        if (shared == null) {
            shared = start(false);
            RedisCluster started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close));
        } else {
            shared.restartKilledNodes();
        }
        return shared;
    }

    private void restartKilledNodes() {
        boolean restarted = false;
        for (RedisServer node : nodes) {
            if (!node.isAlive()) {
                node.restart();
                restarted = true;
            }
        }
        if (restarted) {
            awaitOk();
        }
    }

    /**
     * A cluster as {@link #shared()} is, but its own and with TLS ({@link RedisServer#startWithTls}) for clients and on the cluster
     * bus ({@code tls-cluster yes}): the nodes announce their TLS ports, so a cluster client must
     * connect with TLS. The plain ports stay open for the set-up and checks.
     */
    static RedisCluster startWithTls() {
        return start(true);
    }

    private static RedisCluster start(boolean tls) {
        List<RedisServer> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                List<String> args = new ArrayList<>(List.of("--cluster-enabled", "yes", "--cluster-config-file",
                        "nodes.conf", "--cluster-node-timeout", "1000", "--cluster-require-full-coverage", "no"));
                if (tls) {
                    args.addAll(List.of("--tls-cluster", "yes"));
                }
                String[] extra = args.toArray(String[]::new);
                nodes.add(tls ? RedisServer.startWithTls(extra) : RedisServer.start(extra));
            }
            for (int i = 0; i < 3; i++) {
                try (Jedis node = new Jedis("127.0.0.1", nodes.get(i).port())) {
                    List<String> args = new ArrayList<>(List.of("ADDSLOTS"));
                    for (int slot = SLOTS * i / 3; slot < SLOTS * (i + 1) / 3; slot++) {
                        args.add(Integer.toString(slot));
                    }
                    node.sendCommand(Protocol.Command.CLUSTER, args.toArray(String[]::new));
                }
            }
            try (Jedis first = new Jedis("127.0.0.1", nodes.get(0).port())) {
                for (int i = 1; i < 3; i++) {
                    // A node's cluster port (and its bus port, 10000 above) is its TLS port under tls-cluster.
                    int port = tls ? nodes.get(i).tlsPort() : nodes.get(i).port();
                    first.sendCommand(Protocol.Command.CLUSTER, "MEET", "127.0.0.1", Integer.toString(port));
                }
            }
            RedisCluster cluster = new RedisCluster(nodes);
            cluster.awaitOk();
            return cluster;
        } catch (RuntimeException e) {
            nodes.forEach(RedisServer::close);
            throw e;
        }
    }

    /**
     * Writes node i's data to its snapshot ({@code SAVE}), so that after a {@link #kill} it restarts
     * with the data it held now, as a node with persistence does.
     */
    void save(int i) {
        try (Jedis node = new Jedis("127.0.0.1", nodes.get(i).port())) {
            node.save();
        }
    }

    /** Kills node i ({@code SIGKILL}), keeping its directory, to be restarted by {@link #restart}. */
    void kill(int i) {
        nodes.get(i).kill();
    }

    /** Deletes what killed node i persisted, so that it restarts empty, as one without persistence does. */
    void wipe(int i) {
        try (var files = java.nio.file.Files.list(nodes.get(i).directory())) {
            for (java.nio.file.Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.equals("dump.rdb") || name.startsWith("appendonly")) {
                    java.nio.file.Files.delete(file);
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Starts killed node i again on its port and directory (its cluster configuration kept, so it
     * rejoins with its slots; its snapshot, if {@link #save saved}, loaded) and waits until the
     * cluster is ok. A restarted master serves only after Redis's own delay of about 2 s, so this
     * takes at least that.
     */
    void restart(int i) {
        nodes.get(i).restart();
        awaitOk();
    }

    private void awaitOk() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            boolean ok = true;
            for (RedisServer node : nodes) {
                try (Jedis jedis = new Jedis("127.0.0.1", node.port())) {
                    String info = jedis.clusterInfo();
                    ok &= info.contains("cluster_state:ok") && info.contains("cluster_known_nodes:3");
                } catch (redis.clients.jedis.exceptions.JedisException e) {
                    // A node restarting refuses connections, then answers LOADING while it reads its file.
                    ok = false;
                }
            }
            if (ok) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new IllegalStateException("the three-node cluster did not reach cluster_state:ok within "
                + READY_TIMEOUT_MILLIS + " ms");
    }

    /**
     * A cluster client with a short timeout and a bounded retry budget.
     *
     * @param timeoutMillis connect and socket timeout
     * @return the client; the caller closes it
     */
    JedisCluster client(int timeoutMillis) {
        return new JedisCluster(Set.of(new HostAndPort("127.0.0.1", nodes.get(0).port())),
                DefaultJedisClientConfig.builder().connectionTimeoutMillis(timeoutMillis)
                        .socketTimeoutMillis(timeoutMillis).build(),
                2, Duration.ofMillis(3L * timeoutMillis));
    }

    /** @return node i, which owns slots {@code [16384·i/3, 16384·(i+1)/3)} */
    RedisServer node(int i) {
        return nodes.get(i);
    }

    /** @return the node that owns a slot */
    static int nodeOfSlot(int slot) {
        int node = 0;
        while (slot >= SLOTS * (node + 1) / 3) {
            node++;
        }
        return node;
    }

    @Override
    public void close() {
        nodes.forEach(RedisServer::close);
    }
}
