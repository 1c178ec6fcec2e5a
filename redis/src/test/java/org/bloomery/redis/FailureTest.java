package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.JedisPooled;

/**
 * A real server killed ({@code SIGKILL}) and restarted without persistence, stopped ({@code
 * SIGSTOP}) past the timeout, or flushed of its scripts, under filters built from configuration as
 * an application builds them: every call either answers correctly or throws the typed exception
 * within its deadline; none answers "absent" for an added item.
 */
class FailureTest {
    private static final int TIMEOUT_MILLIS = 300;
    private static final int ITEMS = 500;
    private static final long SEED = 0xFA11L;

    private static MembershipFilter<Long> open(RedisServer server, SharedKind kind) {
        return kind.create(FilterSpec.of(1000, 0.01).withOption("uri", server.uri())
                .withOption("name", "f").withOption("timeoutMillis", Integer.toString(TIMEOUT_MILLIS)));
    }

    private static long[] added(MembershipFilter<Long> filter) {
        long[] hashes = new long[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
        }
        SharedKind.addAll(filter, hashes);
        return hashes;
    }

    /** Every call on an item: a query, a batch query, an add, a batch add. */
    private static List<ThrowingCallable> calls(MembershipFilter<Long> filter, long[] hashes) {
        return List.of(() -> filter.mightContainHash(hashes[0]), () -> SharedKind.mightContainAll(filter, hashes),
                () -> filter.addHash(hashes[1]), () -> SharedKind.addAll(filter, hashes));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void aKilledServerFailsEveryCallAndOneRestartedEmptyIsNeverAnsweredAbsent(SharedKind kind) {
        RedisServer server = RedisServer.start();
        try (MembershipFilter<Long> old = open(server, kind)) {
            long[] hashes = added(old);
            server.kill();
            for (ThrowingCallable call : calls(old, hashes)) {
                long begin = System.nanoTime();
                assertThatThrownBy(call).isInstanceOf(RedisFilterException.class)
                        .hasMessageContaining("127.0.0.1:" + server.port()).hasMessageContaining("'f'");
                assertThat((System.nanoTime() - begin) / 1e6).as("milliseconds to fail").isLessThan(3_000);
            }
            server.restart();
            for (ThrowingCallable call : calls(old, hashes)) {
                assertThatThrownBy(call).as("the old handle on the restarted, empty server")
                        .isInstanceOf(RedisDataLostException.class).hasMessageContaining("missing");
            }
            try (JedisPooled admin = server.client()) {
                assertThat(admin.keys("*")).as("keys the old handle's calls created").isEmpty();
            }
            // A process started after the loss finds the name free and creates a new, empty filter;
            // the old handle never answers from it.
            try (MembershipFilter<Long> fresh = open(server, kind)) {
                assertThat(fresh.mightContainHash(hashes[0])).isFalse();
                for (ThrowingCallable call : calls(old, hashes)) {
                    assertThatThrownBy(call).isInstanceOf(RedisDataLostException.class)
                            .hasMessageContaining("belongs to another filter");
                }
            }
        } finally {
            server.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void aStoppedServerTimesOutAndAnswersAsBeforeOnceResumed(SharedKind kind) {
        try (RedisServer server = RedisServer.start(); MembershipFilter<Long> filter = open(server, kind)) {
            long[] hashes = added(filter);
            server.pause();
            try {
                for (ThrowingCallable call : calls(filter, hashes)) {
                    long begin = System.nanoTime();
                    assertThatThrownBy(call).isInstanceOf(RedisFilterException.class).hasMessageContaining("timeout");
                    assertThat((System.nanoTime() - begin) / 1e6).as("milliseconds to fail")
                            .isLessThan(TIMEOUT_MILLIS + 1_500);
                }
            } finally {
                server.resume();
            }
            assertThat(SharedKind.mightContainAll(filter, hashes)).as("after SIGCONT").doesNotContain(false);
            assertThat(filter.mightContainHash(hashes[0])).isTrue();
        }
    }

    @Test
    void flushedScriptsAreLoadedAgain() {
        RedisServer server = RedisServer.shared();
        server.flush();
        try (JedisPooled admin = server.client()) {
            RedisCellsFilter<CharSequence> filter = RedisFilters.counting(admin, "scripts", FilterSpec.of(1000, 0.01),
                    KeyHasher.strings());
            filter.add("a");
            admin.scriptFlush();
            assertThat(filter.remove("a")).isTrue();
            admin.scriptFlush();
            assertThat(filter.remove("a")).isFalse();
            admin.scriptFlush();
            assertThat(filter.mightContainAll(List.of("a", "b"))).containsExactly(false, false);
            admin.scriptFlush();
            assertThat(filter.addAll(List.of("a", "b"))).isEqualTo(2);
        }
    }
}
