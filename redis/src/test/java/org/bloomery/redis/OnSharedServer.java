package org.bloomery.redis;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import redis.clients.jedis.JedisPooled;

/**
 * The fixture of the test classes that run on the test JVM's one shared server ({@link
 * RedisServer#shared()}): a client open for the class, and every database flushed before each
 * test. Test classes run one at a time, so the client field is the running class's.
 */
abstract class OnSharedServer {
    /** A client of the shared server, open while the class's tests run. */
    static JedisPooled client;

    @BeforeAll
    static void connect() {
        client = RedisServer.shared().client();
    }

    @AfterAll
    static void disconnect() {
        client.close();
    }

    @BeforeEach
    void flush() {
        RedisServer.shared().flush();
    }
}
