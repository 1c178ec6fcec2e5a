package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The eviction guard in a Redis Cluster ({@link RedisCluster#shared()}): opening reads {@code
 * maxmemory-policy} on the master of every slot the filter's keys live in, so one node under
 * {@code allkeys-lru} refuses a filter with a shard there, and leaves filters elsewhere alone.
 */
class ClusterOpeningTest {
    private static final int TIMEOUT_MILLIS = 2_000;

    @Test
    void oneEvictingMasterRefusesTheFiltersWithKeysOnIt() {
        RedisCluster cluster = RedisCluster.shared();
        int evicting = 2;
        FilterSpec sharded = FilterSpec.of(100_000, 0.01).withOption("layout", "blocked").withOption("shards", "12");
        String elsewhere = nameOnNode(0);
        String there = nameOnNode(evicting);
        try (JedisCluster client = cluster.client(TIMEOUT_MILLIS);
                Jedis node = new Jedis("127.0.0.1", cluster.node(evicting).port())) {
            node.configSet("maxmemory-policy", "allkeys-lru");
            try {
                assertThatThrownBy(() -> RedisFilters.classic(client, "evicted", sharded, KeyHasher.longs()))
                        .isInstanceOf(RedisFilterException.class).hasMessageContaining("'allkeys-lru'")
                        .hasMessageContaining("'evicted'").satisfies(e -> assertThat(RedisCluster.nodeOfSlot(
                                JedisClusterCRC16.getSlot(keyNamed(e.getMessage())))).isEqualTo(evicting));
                assertThatThrownBy(() -> RedisFilters.scalable(client, there, FilterSpec.of(1000, 0.01),
                        KeyHasher.longs())).isInstanceOf(RedisFilterException.class)
                        .hasMessageContaining("allkeys-lru");
                for (int i = 0; i < 3; i++) {
                    try (Jedis any = new Jedis("127.0.0.1", cluster.node(i).port())) {
                        assertThat(any.keys("*evicted*")).as("keys on node %d", i).isEmpty();
                        assertThat(any.keys("*" + there + "*")).as("keys on node %d", i).isEmpty();
                    }
                }
                RedisFilters.scalable(client, elsewhere, FilterSpec.of(1000, 0.01), KeyHasher.longs()).addHash(1);
                RedisFilters.classic(client, "evicted", sharded.withOption("allowEviction", "true"), KeyHasher.longs())
                        .addHash(1);
            } finally {
                node.configSet("maxmemory-policy", "noeviction");
                RedisFilters.drop(client, "redis-classic", "evicted", sharded);
                RedisFilters.drop(client, "redis-scalable", elsewhere, FilterSpec.of(1000, 0.01));
            }
        }
    }

    /** A filter name whose hash tag's slot lies on the node. */
    private static String nameOnNode(int node) {
        for (int i = 0; ; i++) {
            String name = "guarded-" + i;
            if (RedisCluster.nodeOfSlot(JedisClusterCRC16.getSlot("{" + name + "}")) == node) {
                return name;
            }
        }
    }

    /** The key a refusal names: "(on the node of key '...')". */
    private static String keyNamed(String message) {
        String marker = "on the node of key '";
        int start = message.indexOf(marker) + marker.length();
        return message.substring(start, message.indexOf('\'', start));
    }
}
