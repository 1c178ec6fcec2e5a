package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;

/**
 * The TLS options reach the cluster client too: a three-node cluster whose nodes speak TLS to
 * clients and to each other ({@link RedisCluster#startWithTls}) serves a sharded filter built
 * from configuration, whose shards lie on every node, and refuses an untrusted one, explained,
 * when the client first connects. A seed that does not answer at all is a {@link
 * RedisFilterException} too.
 */
class TlsClusterTest {
    private static final int SHARDS = 12;
    private static RedisCluster cluster;

    @BeforeAll
    static void start() {
        cluster = RedisCluster.startWithTls();
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    private static FilterSpec spec(String name, String caFile) {
        return FilterSpec.of(10_000, 0.01).withOption("uri", "rediss://127.0.0.1:" + cluster.node(0).tlsPort())
                .withOption("cluster", "true").withOption("name", name).withOption("tlsCaCert", caFile)
                .withOption("layout", "blocked").withOption("shards", Integer.toString(SHARDS));
    }

    @Test
    void aTrustedClusterServesAFilterOnEveryNode() {
        try (MembershipFilter<CharSequence> filter = Filters.create("redis-classic",
                spec("tls-cluster", TestCertificates.get().caPem.toString()), KeyHasher.strings())) {
            for (int i = 0; i < 1000; i++) {
                filter.add("item-" + i);
            }
            for (int i = 0; i < 1000; i++) {
                assertThat(filter.mightContain("item-" + i)).as("item-%d", i).isTrue();
            }
            for (int node = 0; node < 3; node++) {
                try (JedisPooled plain = new JedisPooled("127.0.0.1",
                        cluster.node(node).port())) {
                    assertThat(plain.dbSize()).as("keys on node %d", node).isPositive();
                }
            }
        }
    }

    /** The cluster client's first connection fails as every other connection does: a RedisFilterException. */
    @Test
    void aSeedThatDoesNotAnswerIsARedisFilterException() throws IOException {
        try (ClosedPort closed = new ClosedPort()) {
            int closedPort = closed.port();
            FilterSpec spec = FilterSpec.of(1000, 0.01).withOption("uri", "redis://127.0.0.1:" + closedPort)
                    .withOption("cluster", "true").withOption("name", "nowhere").withOption("timeoutMillis", "500");
            Throwable thrown = catchThrowable(() -> Filters.create("redis-classic", spec, KeyHasher.strings()));
            assertThat(thrown).isInstanceOf(RedisFilterException.class)
                    .hasMessageContaining("filter 'nowhere' on 127.0.0.1:" + closedPort + ": connect failed")
                    .hasMessageContaining("the cluster's seed node did not tell its slots");
        }
    }

    @Test
    void anUntrustedClusterIsRefusedWithTheReason() {
        Throwable thrown = catchThrowable(() -> Filters.create("redis-classic",
                spec("tls-cluster-untrusted", TestCertificates.get().otherCaPem.toString()), KeyHasher.strings()));
        assertThat(thrown).isInstanceOf(RedisFilterException.class)
                .hasMessageContaining("TLS handshake with 127.0.0.1:" + cluster.node(0).tlsPort() + " failed")
                .hasMessageContaining("is not trusted by tlsCaCert " + TestCertificates.get().otherCaPem);
    }
}
