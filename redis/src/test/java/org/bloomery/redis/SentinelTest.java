package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisSentineled;
import redis.clients.jedis.args.ClientType;
import redis.clients.jedis.params.ClientKillParams;

/**
 * Redis Sentinel on loopback: a master, a replica and three sentinels (quorum 2, master deemed down
 * after 1 s), each test with its own. Filters of the three kinds, opened through the sentinels
 * ({@code redis-sentinel://...#mymaster}), follow the master the sentinels elect when the old one
 * is killed: no call answers "absent" for an item it added, and adds and queries work on the new
 * master.
 */
class SentinelTest {
    private static final String MASTER = "mymaster";
    private static final long FAILOVER_TIMEOUT_MILLIS = 30_000;

    private RedisServer master;
    private RedisServer replica;
    private final List<RedisServer> sentinels = new ArrayList<>();

    @BeforeEach
    void startMasterReplicaAndSentinels() {
        master = RedisServer.start();
        replica = RedisServer.startReplicaOf(master);
        await("the replica syncs", () -> info(replica, "replication").contains("master_link_status:up"));
        for (int i = 0; i < 3; i++) {
            sentinels.add(RedisServer.startSentinel(MASTER, master));
        }
        await("every sentinel knows the replica and the two other sentinels", () -> sentinels.stream().allMatch(s -> {
            try (Jedis sentinel = new Jedis("127.0.0.1", s.port())) {
                Map<String, String> state = sentinel.sentinelMaster(MASTER);
                return "1".equals(state.get("num-slaves")) && "2".equals(state.get("num-other-sentinels"));
            }
        }));
    }

    @AfterEach
    void stopAll() {
        sentinels.forEach(RedisServer::close);
        replica.resume();
        replica.close();
        master.close();
    }

    private String sentinelUri() {
        return "redis-sentinel://" + sentinels.stream().map(s -> "127.0.0.1:" + s.port())
                .collect(Collectors.joining(",")) + "#" + MASTER;
    }

    private FilterSpec spec(String name) {
        return FilterSpec.of(20_000, 0.01).withOption("uri", sentinelUri()).withOption("name", name)
                .withOption("timeoutMillis", "1000");
    }

    @Test
    void aSentinelUriWithoutAMasterTheSentinelsKnowFailsNamingIt() {
        FilterSpec unknown = spec("x").withOption("uri", sentinelUri().replace("#" + MASTER, "#elsewhere"));
        assertThatThrownBy(() -> Filters.create("redis-classic", unknown, KeyHasher.longs()))
                .isInstanceOf(RedisFilterException.class).hasMessageContaining("'elsewhere'")
                .hasMessageContaining("127.0.0.1:" + sentinels.get(0).port());
    }

    @Test
    void theSameHandlesFollowTheReplicaTheSentinelsPromote() {
        List<MembershipFilter<Long>> filters = openEveryKind();
        try (JedisSentineled own = new JedisSentineled(MASTER, DefaultJedisClientConfig.builder().build(),
                sentinelAddresses(), DefaultJedisClientConfig.builder().build())) {
            filters.add(RedisFilters.counting(own, "own-client", FilterSpec.of(20_000, 0.01), KeyHasher.longs()));
            long[] before = LongStream.range(0, 2_000).toArray();
            for (MembershipFilter<Long> filter : filters) {
                SharedKind.addAll(filter, before);
                filter.addHash(1_000_000L);
            }
            awaitReplicaCaughtUp();

            master.kill();
            Outcome outcome = queryThroughFailover(filters, LongStream.concat(LongStream.of(before),
                    LongStream.of(1_000_000L)).toArray());
            assertThat(outcome.absent).as("calls that answered 'absent' for an added item (%d)", outcome.absent.size())
                    .isEmpty();
            assertThat(outcome.lost).as("handles that reported a loss, with no loss").isEmpty();
            assertThat(currentMasterPort()).as("the sentinels promoted the replica").isEqualTo(replica.port());

            long[] after = LongStream.range(5_000, 6_000).toArray();
            for (MembershipFilter<Long> filter : filters) {
                SharedKind.addAll(filter, after);
                filter.addHash(2_000_000L);
                assertThat(SharedKind.mightContainAll(filter, before)).as("%s", label(filter)).containsOnly(true);
                assertThat(SharedKind.mightContainAll(filter, after)).as("%s", label(filter)).containsOnly(true);
                assertThat(filter.mightContainHash(2_000_000L)).isTrue();
            }
            try (Jedis promoted = new Jedis("127.0.0.1", replica.port())) {
                assertThat(promoted.exists("bloomery:{sentinel-redis-classic}:meta")).as("writes reach the new master")
                        .isTrue();
            }
        } finally {
            filters.forEach(SentinelTest::closeQuietly);
        }
    }

    /**
     * The replica is paused ({@code SIGSTOP}) while the master acknowledges adds, so it lags; the
     * master is killed, the replica resumed and promoted: it lacks those adds. A handle must then
     * never answer "absent" for them: it either reports the loss with a typed exception or still
     * finds every item. Handles need their rollback detection for this; once it is merged, this
     * test is enabled and asserts that every handle reported {@link RedisDataLostException}
     * ({@code outcome.lost} holds them all).
     */
    @Test
    void aLaggingReplicaPromotedByTheSentinelsIsReportedAsARollback() {
        List<MembershipFilter<Long>> filters = openEveryKind();
        try {
            long[] replicated = LongStream.range(0, 1_000).toArray();
            for (MembershipFilter<Long> filter : filters) {
                SharedKind.addAll(filter, replicated);
            }
            awaitReplicaCaughtUp();
            replica.pause();
            // A paused process's kernel still takes what the master sends into its socket buffer, and
            // it applies that on resuming even with the master dead: the master drops the link, as a
            // partition would, so the adds below reach the master alone.
            try (Jedis client = new Jedis("127.0.0.1", master.port())) {
                client.clientKill(ClientKillParams.clientKillParams().type(ClientType.REPLICA));
            }
            long[] unreplicated = LongStream.range(10_000, 12_000).toArray();
            for (MembershipFilter<Long> filter : filters) {
                SharedKind.addAll(filter, unreplicated);
            }
            master.kill();
            replica.resume();

            Outcome outcome = queryThroughFailover(filters, LongStream.concat(LongStream.of(replicated),
                    LongStream.of(unreplicated)).toArray());
            assertThat(outcome.absent).as("calls that answered 'absent' for an added item (%d)", outcome.absent.size())
                    .isEmpty();
            assertThat(currentMasterPort()).as("the sentinels promoted the replica").isEqualTo(replica.port());
            // Every handle followed the new master and saw its keys below the epoch it had seen.
            assertThat(outcome.lost).as("handles that reported RedisDataLostException")
                    .containsExactlyInAnyOrderElementsOf(filters.stream().map(SentinelTest::label).toList());
        } finally {
            filters.forEach(SentinelTest::closeQuietly);
        }
    }

    private List<MembershipFilter<Long>> openEveryKind() {
        List<MembershipFilter<Long>> filters = new ArrayList<>();
        for (SharedKind kind : SharedKind.values()) {
            filters.add(kind.create(spec("sentinel-" + kind)));
        }
        return filters;
    }

    /** What the handles answered while the sentinels failed over. */
    private static final class Outcome {
        /** "kind hash" of every query that answered absent for an added hash. */
        final Set<String> absent = new LinkedHashSet<>();
        /** Calls that failed with a typed exception while the master was down. */
        int failed;
        /** The handles that reported their filter's data lost: they stay failed, so they are asked no more. */
        final Set<String> lost = new LinkedHashSet<>();
    }

    /**
     * Queries every added item through every handle, one by one and in one batch, until each handle
     * has answered them all once the sentinels named the new master, or has reported its data lost;
     * a call that fails otherwise (the master is down, the handle has not yet moved) is counted and
     * tried again.
     */
    private Outcome queryThroughFailover(List<MembershipFilter<Long>> filters, long[] added) {
        Outcome outcome = new Outcome();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FAILOVER_TIMEOUT_MILLIS);
        List<MembershipFilter<Long>> pending = new ArrayList<>(filters);
        while (!pending.isEmpty()) {
            assertThat(System.nanoTime()).as("every handle answers on the new master within %d ms",
                    FAILOVER_TIMEOUT_MILLIS).isLessThan(deadline);
            boolean promoted = currentMasterPort() == replica.port();
            for (MembershipFilter<Long> filter : List.copyOf(pending)) {
                try {
                    if (!filter.mightContainHash(added[0])) {
                        outcome.absent.add(label(filter) + " " + added[0]);
                    }
                    boolean[] answers = SharedKind.mightContainAll(filter, added);
                    for (int i = 0; i < answers.length; i++) {
                        if (!answers[i]) {
                            outcome.absent.add(label(filter) + " " + added[i]);
                        }
                    }
                    if (promoted) {
                        pending.remove(filter);
                    }
                } catch (RedisDataLostException e) {
                    outcome.lost.add(label(filter));
                    pending.remove(filter);
                } catch (RedisFilterException e) {
                    outcome.failed++;
                }
            }
            sleep(100);
        }
        return outcome;
    }

    /** The filter's kind, which names it here (one filter a kind) without asking the server. */
    private static String label(MembershipFilter<Long> filter) {
        return filter.kind();
    }

    private int currentMasterPort() {
        for (RedisServer sentinel : sentinels) {
            try (Jedis client = new Jedis("127.0.0.1", sentinel.port())) {
                return Integer.parseInt(client.sentinelGetMasterAddrByName(MASTER).get(1));
            } catch (RuntimeException e) {
                // Ask the next sentinel.
            }
        }
        return -1;
    }

    private Set<HostAndPort> sentinelAddresses() {
        return sentinels.stream().map(s -> new HostAndPort("127.0.0.1", s.port()))
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** Waits until the replica has applied everything the master has replicated so far. */
    private void awaitReplicaCaughtUp() {
        long offset = offset(info(master, "replication"), "master_repl_offset:");
        await("the replica applies offset " + offset,
                () -> offset(info(replica, "replication"), "slave_repl_offset:") >= offset);
    }

    private static long offset(String info, String field) {
        return info.lines().filter(line -> line.startsWith(field)).map(line -> Long.parseLong(line.substring(
                field.length()).trim())).findFirst().orElse(-1L);
    }

    private static String info(RedisServer server, String section) {
        try (Jedis client = new Jedis("127.0.0.1", server.port())) {
            return client.info(section);
        }
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting until %s", what).isLessThan(deadline);
            sleep(50);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static void closeQuietly(MembershipFilter<Long> filter) {
        try {
            filter.close();
        } catch (Exception e) {
            // The handle's own pool; the test's outcome is already decided.
        }
    }
}
