package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.Race;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A 12-shard filter on a three-node Redis Cluster (the test JVM's shared one, {@link
 * RedisCluster#shared()}): its shards spread over every node, eight client threads add and query
 * disjoint keys with no false negative, and after one node stops, items whose shard lived there
 * fail with the typed exception within the timeout while the others still answer; batch queries
 * racing uploads over the 12 shards see the old filter or the new one, never a mix.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterTest {
    private static final long SEED = 0x5EED_C1L;
    private static final int THREADS = 8;
    private static final int PER_THREAD = 2_000;
    private static final int TIMEOUT_MILLIS = 300;
    private static RedisCluster cluster;

    @BeforeAll
    static void joinCluster() {
        cluster = RedisCluster.shared();
    }

    @Test
    @Order(2)
    void twelveShardsSpreadOverThreeNodesAndSurviveTheLossOfOne() throws InterruptedException {
        try (JedisCluster client = cluster.client(TIMEOUT_MILLIS)) {
            FilterSpec spec = FilterSpec.of(THREADS * PER_THREAD, 0.01).withOption("layout", "blocked")
                    .withOption("shards", "12");
            RedisCellsFilter<Long> filter = RedisFilters.classic(client, "spread", spec, KeyHasher.longs());
            List<String> shards = filter.keys().subList(1, 13);
            Set<Integer> nodes = new HashSet<>();
            for (String shard : shards) {
                nodes.add(RedisCluster.nodeOfSlot(JedisClusterCRC16.getSlot(shard)));
            }
            assertThat(nodes).as("nodes holding the 12 shards").containsExactlyInAnyOrder(0, 1, 2);
            for (int node = 0; node < 3; node++) {
                try (var jedis = new redis.clients.jedis.Jedis("127.0.0.1", cluster.node(node).port())) {
                    assertThat(jedis.keys("bloomery:*spread*:cells:*")).as("shard keys on node %d", node).hasSize(4);
                }
            }

            AtomicLong falseNegatives = new AtomicLong();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                long seed = SEED + t;
                threads.add(new Thread(() -> {
                    Race.await(start);
                    for (int i = 0; i < PER_THREAD; i++) {
                        long key = TestKeys.presentLong(seed, i);
                        filter.add(key);
                        if (!filter.mightContain(key)) {
                            falseNegatives.incrementAndGet();
                        }
                    }
                }));
            }
            threads.forEach(t -> t.setUncaughtExceptionHandler((thread, e) -> failure.compareAndSet(null, e)));
            threads.forEach(Thread::start);
            start.countDown();
            for (Thread t : threads) {
                t.join(60_000);
                assertThat(t.isAlive()).isFalse();
            }
            assertThat(failure.get()).isNull();
            for (int t = 0; t < THREADS; t++) {
                for (int i = 0; i < PER_THREAD; i++) {
                    falseNegatives.addAndGet(filter.mightContain(TestKeys.presentLong(SEED + t, i)) ? 0 : 1);
                }
            }
            assertThat(falseNegatives.get()).as("false negatives").isZero();

            // The last test of the class: the node stays down, and RedisCluster.shared() starts it
            // again for the next class that uses the cluster.
            cluster.kill(2);
            int failed = 0;
            int answered = 0;
            for (int i = 0; i < 200; i++) {
                long key = TestKeys.presentLong(SEED, i);
                int node = RedisCluster.nodeOfSlot(JedisClusterCRC16.getSlot(
                        shards.get(filter.shardOf(KeyHasher.hashLong(key)))));
                if (node == 2) {
                    long begin = System.nanoTime();
                    assertThatThrownBy(() -> filter.mightContain(key)).isInstanceOf(RedisFilterException.class)
                            .hasMessageContaining("'spread'").hasMessageContaining("query");
                    assertThat((System.nanoTime() - begin) / 1e6).as("milliseconds to fail").isLessThan(5_000);
                    failed++;
                } else {
                    assertThat(filter.mightContain(key)).as("key #%d on live node %d", i, node).isTrue();
                    answered++;
                }
            }
            assertThat(failed).isPositive();
            assertThat(answered).isPositive();
        }
    }

    @Test
    @Order(1)
    void batchesRacingUploadsOverTwelveShardsSeeTheWholeOldFilterOrTheWholeNew() throws Exception {
        // No one command reaches shards in different slots, so the upload renames them one by one;
        // the batches read every shard's upload stamp with its probes and are read again when the
        // stamps differ, so they still see one filter whole.
        UploadRace race = new UploadRace(FilterSpec.of(UploadRace.ITEMS, 0.001).withOption("layout", "blocked"));
        try (JedisCluster uploader = cluster.client(2_000); JedisCluster readerClient = cluster.client(2_000)) {
            RedisFilters.upload(readerClient, "swapped", 12, race.old);
            RedisCellsFilter<Long> reader = RedisFilters.classic(readerClient, "swapped",
                    UploadRace.patient(FilterSpec.of(UploadRace.ITEMS, 0.001).withOption("layout", "blocked"), 12),
                    KeyHasher.longs());
            race.run(uploader, reader, 12, 10, 2);
            assertThat(race.classify(reader.mightContainAllHashes(race.probes))).isEqualTo("old");
            assertThat(uploader.hget(reader.keys().get(0), Metadata.SWITCHING)).as("the switching mark").isNull();
            for (int node = 0; node < 3; node++) {
                try (var jedis = new redis.clients.jedis.Jedis("127.0.0.1", cluster.node(node).port())) {
                    assertThat(jedis.keys("*:upload:*")).as("temporary keys on node %d", node).isEmpty();
                }
            }
            // One shard shares the metadata's slot, so even a cluster switches it in one script.
            RedisCellsFilter<Long> single = RedisFilters.upload(uploader, "single", 1, race.next);
            assertThat(race.classify(single.mightContainAllHashes(race.probes))).isEqualTo("new");
            single.delete();
            reader.delete();
            for (int node = 0; node < 3; node++) {
                try (var jedis = new redis.clients.jedis.Jedis("127.0.0.1", cluster.node(node).port())) {
                    assertThat(jedis.keys("*swapped*")).as("keys of 'swapped' left by delete() on node %d", node)
                            .isEmpty();
                    assertThat(jedis.keys("*single*")).as("keys of 'single' left by delete() on node %d", node)
                            .isEmpty();
                }
            }
        }
    }
}
