package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A master of a three-node Redis Cluster killed ({@code SIGKILL}) under each shared kind: calls
 * that need its slots fail with the typed exception and none answers "absent" for an added item;
 * the node restarted with its append-only file answers as before; restarted without its data, its
 * keys are reported lost ({@link RedisDataLostException}), never answered "absent".
 */
class ClusterFaultTest {
    private static final long SEED = 0xC1_FA17L;
    private static final int ITEMS = 3_000;
    private static final int TIMEOUT_MILLIS = 500;
    private static RedisCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = RedisCluster.start(true);
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    /** {@code redis-classic} and {@code redis-counting} in 6 shards over the 3 nodes; scalable in one slot. */
    private static FilterSpec spec(SharedKind kind) {
        FilterSpec spec = FilterSpec.of(ITEMS, 0.01).withOption("timeoutMillis", Integer.toString(TIMEOUT_MILLIS));
        return kind == SharedKind.SCALABLE ? spec : spec.withOption("layout", "blocked").withOption("shards", "6");
    }

    /** The node holding an item's key. */
    private static int nodeOf(MembershipFilter<Long> filter, List<String> keys, long hash) {
        String key = filter instanceof RedisCellsFilter<Long> cells ? keys.get(1 + cells.shardOf(hash)) : keys.get(1);
        return RedisCluster.nodeOfSlot(JedisClusterCRC16.getSlot(key));
    }

    /**
     * The first pipelined call to a restarted node may find the client's old connection to it
     * broken, and fail with the typed exception for that; the client connects anew for the next.
     */
    private static void reconnect(MembershipFilter<Long> filter, long hash) {
        try {
            SharedKind.mightContainAll(filter, new long[] {hash});
        } catch (RedisDataLostException e) {
            // It reached the node.
        } catch (RedisFilterException e) {
            assertThat(e).hasMessageContaining("no answer");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void aKilledMasterFailsItsCallsAndAnswersAsBeforeOnceBack(SharedKind kind) {
        try (JedisCluster client = cluster.client(TIMEOUT_MILLIS)) {
            String name = "guard-" + kind.ordinal();
            MembershipFilter<Long> filter = kind.open(client, name, spec(kind));
            List<String> keys = SharedKind.keys(filter);
            long[] hashes = new long[ITEMS];
            for (int i = 0; i < ITEMS; i++) {
                hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED + kind.ordinal(), i));
            }
            SharedKind.addAll(filter, hashes);
            int lost = nodeOf(filter, keys, hashes[0]);

            cluster.kill(lost);
            int failed = 0;
            for (int i = 0; i < 100; i++) {
                long hash = hashes[i];
                if (nodeOf(filter, keys, hash) == lost) {
                    assertThatThrownBy(() -> filter.mightContainHash(hash)).isInstanceOf(RedisFilterException.class)
                            .hasMessageContaining("'" + name + "'");
                    failed++;
                } else {
                    assertThat(filter.mightContainHash(hash)).as("item #%d on a live node", i).isTrue();
                }
            }
            assertThat(failed).as("items whose key was on the killed node").isPositive();
            assertThatThrownBy(() -> SharedKind.mightContainAll(filter, hashes)).isInstanceOf(RedisFilterException.class);
            assertThatThrownBy(() -> SharedKind.addAll(filter, hashes)).isInstanceOf(RedisFilterException.class)
                    .satisfies(e -> assertThat(((RedisFilterException) e).firstUnconfirmed()).isPresent());

            cluster.restart(lost);
            reconnect(filter, hashes[0]);
            assertThat(SharedKind.mightContainAll(filter, hashes)).as("after the node came back with its data")
                    .doesNotContain(false);
            for (int i = 0; i < 100; i++) {
                assertThat(filter.mightContainHash(hashes[i])).isTrue();
            }

            cluster.kill(lost);
            cluster.wipe(lost);
            cluster.restart(lost);
            reconnect(filter, hashes[0]);
            for (int i = 0; i < 100; i++) {
                long hash = hashes[i];
                if (nodeOf(filter, keys, hash) == lost) {
                    assertThatThrownBy(() -> filter.mightContainHash(hash)).isInstanceOf(RedisDataLostException.class)
                            .hasMessageContaining("missing");
                } else {
                    assertThat(filter.mightContainHash(hash)).isTrue();
                }
            }
            assertThatThrownBy(() -> SharedKind.mightContainAll(filter, Arrays.copyOf(hashes, 100)))
                    .isInstanceOf(RedisDataLostException.class);
            if (kind != SharedKind.SCALABLE) {
                // Its shards lie on every node: the name holds part of a filter, which does not open.
                // (A scalable filter's keys all lay on the wiped node: its name is free again.)
                assertThatThrownBy(() -> kind.open(client, name, spec(kind))).isInstanceOf(RedisDataLostException.class);
            }
            RedisFilters.drop(client, kind.toString(), name, spec(kind));
            MembershipFilter<Long> rebuilt = kind.open(client, name, spec(kind));
            SharedKind.addAll(rebuilt, hashes);
            assertThat(SharedKind.mightContainAll(rebuilt, hashes)).as("rebuilt after a drop").doesNotContain(false);
        }
    }
}
