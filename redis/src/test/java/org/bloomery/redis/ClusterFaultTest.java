package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A master of a three-node Redis Cluster (the test JVM's shared one, {@link RedisCluster#shared()})
 * killed ({@code SIGKILL}) under every shared kind at once: calls that need its slots fail with the
 * typed exception and none answers "absent" for an added item; the node restarted with its data
 * (its snapshot, saved just before the kill, as persistence would have kept it) answers as before;
 * restarted without its data, its keys are reported lost ({@link RedisDataLostException}), never
 * answered "absent". The kinds share each kill and restart (a restarted master serves only after
 * about 2 s), and the test leaves the cluster ok for the other classes that use it.
 */
class ClusterFaultTest {
    private static final long SEED = 0xC1_FA17L;
    private static final int ITEMS = 3_000;
    private static final int TIMEOUT_MILLIS = 500;

    /**
     * {@code redis-classic} and {@code redis-counting} in 6 shards over the 3 nodes; scalable in one
     * slot, and aging in the same one.
     */
    private static FilterSpec spec(SharedKind kind) {
        FilterSpec spec = FilterSpec.of(ITEMS, 0.01).withOption("timeoutMillis", Integer.toString(TIMEOUT_MILLIS));
        if (kind == SharedKind.AGING) {
            // Under the scalable filter's name, so in its slot, on the node this test loses.
            return kind.spec(spec).withOption("prefix", "aging:");
        }
        return kind.oneSlot() ? spec : spec.withOption("layout", "blocked").withOption("shards", "6");
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

    /** One kind's filter under test, with the hashes of its items. */
    private record Guarded(SharedKind kind, String name, MembershipFilter<Long> filter, List<String> keys,
                           long[] hashes) {
        static Guarded open(JedisCluster client, SharedKind kind) {
            String name = "guard-" + (kind == SharedKind.AGING ? SharedKind.SCALABLE : kind).ordinal();
            MembershipFilter<Long> filter = kind.open(client, name, spec(kind));
            long[] hashes = new long[ITEMS];
            for (int i = 0; i < ITEMS; i++) {
                hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED + kind.ordinal(), i));
            }
            SharedKind.addAll(filter, hashes);
            return new Guarded(kind, name, filter, SharedKind.keys(filter), hashes);
        }

        boolean onNode(long hash, int node) {
            return nodeOf(filter, keys, hash) == node;
        }
    }

    @Test
    void aKilledMasterFailsItsCallsAndAnswersAsBeforeOnceBack() {
        RedisCluster cluster = RedisCluster.shared();
        try (JedisCluster client = cluster.client(TIMEOUT_MILLIS)) {
            List<Guarded> guarded = Arrays.stream(SharedKind.values()).map(kind -> Guarded.open(client, kind)).toList();
            // The scalable filter's keys share one slot: its node is the one to lose. The others'
            // six shards lie two on each node.
            Guarded scalable = guarded.get(SharedKind.SCALABLE.ordinal());
            int lost = nodeOf(scalable.filter(), scalable.keys(), scalable.hashes()[0]);

            cluster.save(lost);
            cluster.kill(lost);
            try {
                for (Guarded g : guarded) {
                    int failed = 0;
                    for (int i = 0; i < 100; i++) {
                        long hash = g.hashes()[i];
                        if (g.onNode(hash, lost)) {
                            assertThatThrownBy(() -> g.filter().mightContainHash(hash)).as("%s", g.kind())
                                    .isInstanceOf(RedisFilterException.class).hasMessageContaining("'" + g.name() + "'");
                            failed++;
                        } else {
                            assertThat(g.filter().mightContainHash(hash)).as("%s item #%d on a live node", g.kind(), i)
                                    .isTrue();
                        }
                    }
                    assertThat(failed).as("%s items whose key was on the killed node", g.kind()).isPositive();
                    assertThatThrownBy(() -> SharedKind.mightContainAll(g.filter(), g.hashes())).as("%s", g.kind())
                            .isInstanceOf(RedisFilterException.class);
                    assertThatThrownBy(() -> SharedKind.addAll(g.filter(), g.hashes())).as("%s", g.kind())
                            .isInstanceOf(RedisFilterException.class)
                            .satisfies(e -> assertThat(((RedisFilterException) e).firstUnconfirmed()).isPresent());
                }
            } finally {
                cluster.restart(lost);
            }
            for (Guarded g : guarded) {
                reconnect(g.filter(), g.hashes()[0]);
                assertThat(SharedKind.mightContainAll(g.filter(), g.hashes()))
                        .as("%s after the node came back with its data", g.kind()).doesNotContain(false);
                for (int i = 0; i < 100; i++) {
                    assertThat(g.filter().mightContainHash(g.hashes()[i])).as("%s", g.kind()).isTrue();
                }
            }

            cluster.kill(lost);
            cluster.wipe(lost);
            cluster.restart(lost);
            for (Guarded g : guarded) {
                reconnect(g.filter(), g.hashes()[0]);
                for (int i = 0; i < 100; i++) {
                    long hash = g.hashes()[i];
                    if (g.onNode(hash, lost)) {
                        assertThatThrownBy(() -> g.filter().mightContainHash(hash)).as("%s", g.kind())
                                .isInstanceOf(RedisDataLostException.class).hasMessageContaining("missing");
                    } else {
                        assertThat(g.filter().mightContainHash(hash)).as("%s", g.kind()).isTrue();
                    }
                }
                assertThatThrownBy(() -> SharedKind.mightContainAll(g.filter(), Arrays.copyOf(g.hashes(), 100)))
                        .as("%s", g.kind()).isInstanceOf(RedisDataLostException.class);
                if (!g.kind().oneSlot()) {
                    // Its shards lie on every node: the name holds part of a filter, which does not open.
                    // (A scalable filter's keys all lay on the wiped node: its name is free again.)
                    assertThatThrownBy(() -> g.kind().open(client, g.name(), spec(g.kind()))).as("%s", g.kind())
                            .isInstanceOf(RedisDataLostException.class);
                }
                RedisFilters.drop(client, g.kind().toString(), g.name(), spec(g.kind()));
                MembershipFilter<Long> rebuilt = g.kind().open(client, g.name(), spec(g.kind()));
                SharedKind.addAll(rebuilt, g.hashes());
                assertThat(SharedKind.mightContainAll(rebuilt, g.hashes())).as("%s rebuilt after a drop", g.kind())
                        .doesNotContain(false);
            }
        }
    }
}
