package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.redis.RedisCellsFilter;
import org.bloomery.redis.RedisFilters;
import org.bloomery.redisserver.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.JedisPooled;

/**
 * End to end: Spark builds a filter, {@link RedisUpload} publishes it to a real redis-server on a
 * loopback port (started as the redis module's tests start theirs), and the shared filter opened by name
 * answers every probe as the Spark-built bytes do.
 */
@ExtendWith(LocalSpark.class)
class RedisUploadTest {
    private static final long ROWS = 50_000;
    private static final FilterSpec SPEC = FilterSpec.of(ROWS, 0.01);

    private static RedisServerProcess server;
    private static JedisPooled client;

    @BeforeAll
    static void startRedis() {
        server = RedisServerProcess.start();
        client = new JedisPooled("127.0.0.1", server.port());
    }

    @AfterAll
    static void stopRedis() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aSparkBuiltFilterUploadedToRedisAnswersAsItsBytesDo() throws IOException {
        BuiltFilter built = FilterAggregates.build(TestTables.values(ColumnHasher.LONG, 0, ROWS), "value", "classic", SPEC);
        MembershipFilter<Long> local = built.read(KeyHasher.longs());

        RedisUpload.publish(client, "spark-built", 1, built);
        // The batch query below is one call of 100,000 items, whose deadline is the timeout (2 s by
        // default): time enough on a loaded machine.
        RedisCellsFilter<Long> shared = RedisFilters.classic(client, "spark-built",
                SPEC.withOption("timeoutMillis", "60000"), KeyHasher.longs());

        assertThat(shared.kind()).isEqualTo("redis-classic");
        // The built values and as many others, asked of Redis in batches.
        long[] hashes = new long[(int) (2 * ROWS)];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = KeyHasher.hashLong((long) TestTables.value(ColumnHasher.LONG, i));
        }
        boolean[] fromRedis = shared.mightContainAllHashes(hashes);
        for (int i = 0; i < hashes.length; i++) {
            if (fromRedis[i] != local.mightContainHash(hashes[i])) {
                throw new AssertionError("Redis and the Spark-built bytes disagree on row " + i);
            }
        }
    }

    @Test
    void bytesThatAreNotAFilterAreRefusedAndLeaveTheNameUnchanged() {
        BuiltFilter garbage = new BuiltFilter(ColumnHasher.LONG, "not a filter".getBytes(), 0, 0, 0.0);
        assertThatThrownBy(() -> RedisUpload.publish(client, "never-written", 1, garbage))
                .isInstanceOf(InvalidFilterDataException.class);
        assertThat(client.keys("*never-written*")).isEmpty();
    }

    @Test
    void theSparkPagesPublishSample() throws IOException {
        BuiltFilter built = FilterAggregates.build(TestTables.values(ColumnHasher.LONG, 0, 1_000), "value", "classic", SPEC);

        // sample:publish
        // Share: publish to Redis in one atomic step (needs bloomery-redis on the class path); every
        // process that opens "users" as a redis-classic filter then answers as these bytes do.
        RedisUpload.publish(client, "users", 1, built);
        // end:publish

        try (MembershipFilter<Long> shared = RedisFilters.classic(client, "users", SPEC, KeyHasher.longs())) {
            long[] hashes = new long[1_000];
            for (int i = 0; i < hashes.length; i++) {
                hashes[i] = shared.hasher().hash((Long) TestTables.value(ColumnHasher.LONG, i));
            }
            boolean[] found = new boolean[hashes.length];
            shared.mightContainHashes(hashes, 0, hashes.length, found);   // one round trip
            assertThat(found).doesNotContain(false);
        }
    }
}
