package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPooled;

/**
 * Faults that keep a filter's keys and identity but roll its data back, on real {@code
 * redis-server} processes: a restart from an older snapshot, and a lagging replica promoted after
 * the master died. A handle open across the fault fails every call with {@link
 * RedisDataLostException} ("rolled back"), changes nothing, and never answers "absent" for an item
 * it added; a counting filter's removes are refused. Legitimate changes by other handles (a clear,
 * an upload) are not rollbacks. Option {@code minReplicas} makes a write wait for a replica and
 * fail, naming the count, when none acknowledges.
 */
class RollbackTest {
    private static final long SEED = 0x2011BAC4L;
    /** Items kept by the fault, then items it loses. */
    private static final int KEPT = 5_000;
    private static final int LOST = 15_000;
    private static final FilterSpec SPEC = FilterSpec.of(KEPT + LOST, 0.01);
    /** Items of a lost batch whose single calls are tried. */
    private static final int PROBED = 200;

    private static long[] hashes(int from, int count) {
        long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, from + i));
        }
        return hashes;
    }

    private static MembershipFilter<Long> open(SharedKind kind, String uri, FilterSpec spec) {
        // A small non-scaling capacity would refuse adds; the scalable kind grows into layers here.
        return kind.create(spec.withOption("uri", uri).withOption("name", "rb").withOption("timeoutMillis", "10000"));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void aRestartFromAnOlderSnapshotIsARollbackForEveryOpenHandle(SharedKind kind) {
        try (RedisServer server = RedisServer.start();
                MembershipFilter<Long> filter = open(kind, server.uri(), SPEC)) {
            long[] kept = hashes(0, KEPT);
            long[] lost = hashes(KEPT, LOST);
            SharedKind.addAll(filter, kept);
            try (Jedis admin = new Jedis("127.0.0.1", server.port())) {
                admin.save();
            }
            SharedKind.addAll(filter, lost);
            filter.addHash(hashes(KEPT + LOST, 1)[0]);
            server.kill();
            server.restart();
            assertRolledBack(kind, filter, lost, server);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void aLaggingReplicaPromotedIsARollbackForTheHandleThatFollowsIt(SharedKind kind) throws Exception {
        try (ReplicaPair pair = ReplicaPair.start();
                SwitchingProxy endpoint = new SwitchingProxy(pair.master().port());
                MembershipFilter<Long> filter = open(kind, endpoint.uri(), SPEC)) {
            long[] kept = hashes(0, KEPT);
            long[] lost = hashes(KEPT, LOST);
            SharedKind.addAll(filter, kept);
            pair.awaitInSync();
            pair.pauseReplica();
            // Acknowledged by the master, never received by the paused replica.
            SharedKind.addAll(filter, lost);
            pair.failOver();
            endpoint.moveTo(pair.replica().port());
            assertRolledBack(kind, filter, lost, pair.replica());
        }
    }

    /**
     * Every call of the handle fails with the typed exception and changes nothing; no query answers
     * "absent" for an item the handle added before the fault.
     */
    private static void assertRolledBack(SharedKind kind, MembershipFilter<Long> filter, long[] added,
            RedisServer server) {
        List<String> keys = keysOf(kind, server);
        Map<String, byte[]> before = dump(server, keys);
        // The pool's connections to the server that went away fail once each, as connection
        // failures (typed too); the first reply from the server now is the rollback.
        for (int attempt = 0; ; attempt++) {
            Throwable failure = catchThrowable(() -> assertThat(filter.mightContainHash(added[0]))
                    .as("an added item after the rollback").isTrue());
            assertThat(failure).isInstanceOf(RedisFilterException.class);
            if (failure instanceof RedisDataLostException || attempt == 20) {
                break;
            }
            assertThat(failure).hasMessageContaining("no answer from the server");
        }
        List<ThrowingCallable> calls = new ArrayList<>();
        for (int i = 0; i < PROBED; i++) {
            long hash = added[i];
            calls.add(() -> {
                if (!filter.mightContainHash(hash)) {
                    fail("an added item was answered absent after the rollback");
                }
            });
        }
        calls.add(() -> {
            for (boolean present : SharedKind.mightContainAll(filter, added)) {
                assertThat(present).as("a batch answer for an added item").isTrue();
            }
        });
        calls.add(() -> filter.addHash(added[0]));
        calls.add(() -> SharedKind.addAll(filter, hashes(KEPT + LOST + 1, 100)));
        if (kind == SharedKind.COUNTING) {
            for (int i = 0; i < PROBED; i++) {
                long hash = added[i];
                calls.add(() -> filter.removeHash(hash));
            }
        }
        calls.add(filter::approximateCount);
        calls.add(() -> filter.writeTo(java.io.OutputStream.nullOutputStream()));
        for (ThrowingCallable call : calls) {
            assertThatThrownBy(call).isInstanceOf(RedisDataLostException.class).hasMessageContaining("rolled back")
                    .hasMessageContaining("older than the state this handle has seen");
        }
        assertThat(dump(server, keys)).as("every key after the refused calls")
                .containsExactlyInAnyOrderEntriesOf(before);
    }

    /**
     * The filter's keys, as a handle opened after the rollback sees them: it has nothing to compare
     * with, so it opens.
     */
    private static List<String> keysOf(SharedKind kind, RedisServer server) {
        try (JedisPooled client = server.client()) {
            return SharedKind.keys(kind.open(client, "rb", SPEC));
        }
    }

    private static Map<String, byte[]> dump(RedisServer server, List<String> keys) {
        Map<String, byte[]> dumps = new LinkedHashMap<>();
        try (JedisPooled client = server.client()) {
            for (String key : keys) {
                dumps.put(key, client.dump(key.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return dumps;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void aClearAnUploadAndADropByAnotherHandleAreNotRollbacks(SharedKind kind) throws Exception {
        RedisServer server = RedisServer.shared();
        server.flush();
        try (JedisPooled client = server.client()) {
            MembershipFilter<Long> writer = kind.open(client, "legit", SPEC);
            MembershipFilter<Long> reader = kind.open(client, "legit", SPEC);
            long[] items = hashes(0, 2_000);
            SharedKind.addAll(writer, items);
            assertThat(SharedKind.mightContainAll(reader, items)).doesNotContain(false);
            writer.clear();
            assertThat(reader.mightContainHash(items[0])).as("after the clear").isFalse();
            SharedKind.addAll(writer, items);
            assertThat(reader.mightContainHash(items[0])).isTrue();

            if (kind.uploads()) {
                MembershipFilter<Long> local = Filters.create(kind == SharedKind.SCALABLE ? "scalable"
                        : kind == SharedKind.COUNTING ? "counting" : "classic", SPEC, KeyHasher.longs());
                long[] uploaded = hashes(10_000, 100);
                for (long hash : uploaded) {
                    local.addHash(hash);
                }
                if (kind == SharedKind.SCALABLE) {
                    RedisFilters.uploadScalable(client, "legit", local);
                } else {
                    RedisFilters.upload(client, "legit", 1, local);
                }
                assertThat(SharedKind.mightContainAll(reader, uploaded)).as("the upload, read by the other handle")
                        .doesNotContain(false);
                assertThat(reader.mightContainHash(uploaded[0])).isTrue();
            }
            SharedKind.addAll(reader, items);

            RedisFilters.drop(client, kind.toString(), "legit", kind.spec(SPEC));
            assertThatThrownBy(() -> reader.mightContainHash(items[0])).isInstanceOf(RedisDataLostException.class)
                    .hasMessageContaining("missing").hasMessageNotContaining("rolled back");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void minReplicasWaitsForAReplicaAndNamesTheCountWhenNoneAcknowledges(SharedKind kind) {
        try (ReplicaPair pair = ReplicaPair.start(); Jedis admin = new Jedis("127.0.0.1", pair.master().port())) {
            FilterSpec waiting = SPEC.withOption("minReplicas", "1").withOption("replicaTimeoutMillis", "200");
            try (MembershipFilter<Long> plain = open(kind, pair.master().uri(), SPEC)) {
                admin.configResetStat();
                SharedKind.addAll(plain, hashes(0, 1_000));
                plain.addHash(hashes(1_000, 1)[0]);
                assertThat(admin.info("commandstats")).as("minReplicas=0 sends no WAIT").doesNotContain("cmdstat_wait");
            }
            try (MembershipFilter<Long> filter = kind.create(waiting.withOption("uri", pair.master().uri())
                    .withOption("name", "durable"))) {
                long[] confirmed = hashes(0, 2_000);
                SharedKind.addAll(filter, confirmed);
                assertThat(filter.addHash(hashes(2_000, 1)[0])).isTrue();
                assertThat(admin.info("commandstats")).contains("cmdstat_wait");

                pair.pauseReplica();
                try {
                    long[] unconfirmed = hashes(3_000, 12_000);
                    Throwable batch = catchThrowable(() -> SharedKind.addAll(filter, unconfirmed));
                    assertThat(batch).isExactlyInstanceOf(RedisFilterException.class)
                            .hasMessageContaining("only 0 of the 1 replicas");
                    assertThat(((RedisFilterException) batch).firstUnconfirmed()).as("the first pipeline's WAIT failed")
                            .hasValue(0);
                    assertThatThrownBy(() -> filter.addHash(hashes(20_000, 1)[0]))
                            .isExactlyInstanceOf(RedisFilterException.class).hasMessageContaining("only 0 of the 1");
                    if (kind == SharedKind.COUNTING) {
                        assertThatThrownBy(() -> filter.removeHash(confirmed[0]))
                                .isExactlyInstanceOf(RedisFilterException.class).hasMessageContaining("only 0 of the 1");
                    }
                    if (kind.uploads()) {
                        assertThatThrownBy(() -> upload(kind, pair.master(), "uploaded"))
                                .isExactlyInstanceOf(RedisFilterException.class).hasMessageContaining("only 0 of the 1");
                    }
                    // Reads do not wait, and the first pipeline's writes, unconfirmed, are on the master
                    // (the batch stopped after that pipeline).
                    assertThat(SharedKind.mightContainAll(filter, java.util.Arrays.copyOf(unconfirmed,
                            BatchRunner.PIPELINE_ITEMS))).doesNotContain(false);
                } finally {
                    pair.resumeReplica();
                }
                pair.awaitInSync();
                assertThat(SharedKind.addAll(filter, hashes(30_000, 100))).hasSize(100);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = SharedKind.class, names = {"CLASSIC", "COUNTING"})
    void aQueryReadsTheEpochInTheOneCommandItSends(SharedKind kind) {
        RedisServer server = RedisServer.shared();
        server.flush();
        try (JedisPooled client = server.client(); Jedis admin = new Jedis("127.0.0.1", server.port())) {
            MembershipFilter<Long> filter = kind.open(client, "one", SPEC);
            long[] items = hashes(0, 10);
            SharedKind.addAll(filter, items);
            admin.configResetStat();
            for (long hash : items) {
                assertThat(filter.mightContainHash(hash)).isTrue();
            }
            String stats = admin.info("commandstats");
            assertThat(stats).contains("cmdstat_bitfield_ro:calls=10,").doesNotContain("cmdstat_evalsha");
        }
    }

    /** Uploads a small in-process filter of the kind under a name, waiting for one replica. */
    private static void upload(SharedKind kind, RedisServer server, String name) throws java.io.IOException {
        MembershipFilter<Long> local = Filters.create(kind == SharedKind.SCALABLE ? "scalable"
                : kind == SharedKind.COUNTING ? "counting" : "classic", SPEC, KeyHasher.longs());
        local.addHash(hashes(40_000, 1)[0]);
        java.io.ByteArrayOutputStream snapshot = new java.io.ByteArrayOutputStream();
        local.writeTo(snapshot);
        try (JedisPooled client = server.client();
                java.io.InputStream in = new java.io.ByteArrayInputStream(snapshot.toByteArray())) {
            if (kind == SharedKind.SCALABLE) {
                RedisFilters.uploadScalable(client, name, in, KeyHasher.longs(), 1, 200);
            } else {
                RedisFilters.upload(client, name, 1, in, KeyHasher.longs(), 1, 200);
            }
        }
    }

    @Test
    void theReplicaTimeoutMustEndBeforeTheClientTimesOut() {
        assertThatThrownBy(() -> RedisCellsOptions.read(CellKind.BITS, SPEC.withOption("name", "x")
                .withOption("timeoutMillis", "500").withOption("minReplicas", "1")
                .withOption("replicaTimeoutMillis", "500"), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("replicaTimeoutMillis");
        assertThat(RedisCellsOptions.read(CellKind.BITS, SPEC.withOption("name", "x"), null).durability().waits()).isFalse();
    }
}
