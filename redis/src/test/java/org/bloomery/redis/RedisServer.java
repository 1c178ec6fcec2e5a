package org.bloomery.redis;

import java.util.ArrayList;
import java.util.List;
import org.bloomery.redisserver.RedisServerProcess;
import redis.clients.jedis.JedisPooled;

/**
 * A real {@code redis-server} for tests ({@link RedisServerProcess}: the binary of {@code
 * BLOOMERY_REDIS_SERVER}, else the PATH's, else the one inside the {@code embedded-redis} test
 * dependency), with a client and a flush. {@link #shared()} is one server for the whole test JVM.
 */
final class RedisServer implements AutoCloseable {
    private static RedisServer shared;

    private RedisServerProcess process;

    private RedisServer(RedisServerProcess process) {
        this.process = process;
    }

    /** One server for every test class of this JVM; tests flush it before they run. */
    static synchronized RedisServer shared() {
        if (shared == null || !shared.process.isAlive()) {
            shared = start();
        }
        return shared;
    }

    /**
     * Starts a server with extra configuration, e.g. {@code "--requirepass", "secret"}.
     *
     * @param extra {@code redis-server} arguments
     * @return the running server, answering PING
     */
    static RedisServer start(String... extra) {
        return new RedisServer(RedisServerProcess.start(extra));
    }

    /**
     * Starts a replica of a master on loopback ({@code --replicaof}); it may still be syncing when
     * this returns.
     *
     * @param master the master
     * @param extra further {@code redis-server} arguments
     * @return the running replica
     */
    static RedisServer startReplicaOf(RedisServer master, String... extra) {
        List<String> args = new ArrayList<>(List.of("--replicaof", "127.0.0.1", Integer.toString(master.port())));
        args.addAll(List.of(extra));
        return new RedisServer(RedisServerProcess.start(args.toArray(String[]::new)));
    }

    /**
     * Starts a Redis Sentinel monitoring a master, with a quorum of 2, that deems the master down
     * after 1 s without an answer and tries a failover again after 3 s.
     *
     * @param masterName the name the master is monitored by
     * @param master the master
     * @return the running sentinel; {@link #port()} is its Sentinel port
     */
    static RedisServer startSentinel(String masterName, RedisServer master) {
        return new RedisServer(RedisServerProcess.startSentinel(masterName, master.port(), 2, 1000, 3000));
    }

    /**
     * Starts a server that also listens with TLS, with the test certificate for 127.0.0.1 ({@link
     * TestCertificates}); clients need no certificate of their own.
     *
     * @param extra {@code redis-server} arguments
     * @return the running server
     */
    static RedisServer startWithTls(String... extra) {
        TestCertificates certificates = TestCertificates.get();
        return new RedisServer(RedisServerProcess.startWithTls(certificates.serverPem, certificates.serverKey,
                certificates.caPem, extra));
    }

    /** @return the server's loopback port */
    int port() {
        return process.port();
    }

    /** @return {@code redis://127.0.0.1:port} */
    String uri() {
        return process.uri();
    }

    /** @return the TLS port of a server started by {@link #startWithTls} */
    int tlsPort() {
        return process.tlsPort();
    }

    /** @return a new pooled client; the caller closes it */
    JedisPooled client() {
        return new JedisPooled("127.0.0.1", process.port());
    }

    /** Empties every database. */
    void flush() {
        try (JedisPooled client = client()) {
            client.flushAll();
        }
    }

    /** @return whether the process is still running */
    boolean isAlive() {
        return process.isAlive();
    }

    /** Kills the process ({@code SIGKILL}), keeping its port and directory for {@link #restart}. */
    void kill() {
        process.kill();
    }

    /** Starts the killed server again on its port and directory: empty, unless it persisted. */
    void restart() {
        process = process.restart();
    }

    /** {@code SIGSTOP}: the server answers nothing until {@link #resume}. */
    void pause() {
        process.pause();
    }

    /** {@code SIGCONT}. */
    void resume() {
        process.resume();
    }

    /** @return the server's working directory */
    java.nio.file.Path directory() {
        return process.directory();
    }

    /** Stops the process and removes its directory. */
    @Override
    public void close() {
        process.close();
    }
}
