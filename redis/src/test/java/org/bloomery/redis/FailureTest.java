package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * A server that stops, stalls, loses its scripts or has a key replaced under a filter: every
 * operation either answers correctly or throws {@link RedisFilterException} within the timeout;
 * none answers "absent" for a failure.
 */
class FailureTest {
    private static final int TIMEOUT_MILLIS = 300;

    private static MembershipFilter<CharSequence> open(RedisServer server, String kind) {
        return Filters.create(kind, FilterSpec.of(1000, 0.01).withOption("uri", server.uri()).withOption("name", "f")
                .withOption("timeoutMillis", Integer.toString(TIMEOUT_MILLIS)), KeyHasher.strings());
    }

    @Test
    void aStoppedServerGivesTheTypedExceptionNeverAbsent() {
        RedisServer server = RedisServer.start();
        MembershipFilter<CharSequence> filter = open(server, "redis-counting");
        filter.add("kept");
        server.close();
        for (Runnable operation : new Runnable[] {() -> filter.mightContain("kept"), () -> filter.add("new"),
                () -> filter.remove("kept"), filter::approximateCount}) {
            long start = System.nanoTime();
            assertThatThrownBy(operation::run).isInstanceOf(RedisFilterException.class)
                    .hasMessageContaining("127.0.0.1:" + server.port()).hasMessageContaining("'f'");
            assertThat((System.nanoTime() - start) / 1e6).as("milliseconds to fail").isLessThan(3_000);
        }
        ((RedisFilter<?>) filter).close();
    }

    @Test
    void aStalledServerTimesOut() {
        try (RedisServer server = RedisServer.start(); JedisPooled admin = server.client()) {
            MembershipFilter<CharSequence> filter = open(server, "redis-classic");
            filter.add("kept");
            admin.sendCommand(Protocol.Command.CLIENT, "PAUSE", "1500");
            long start = System.nanoTime();
            assertThatThrownBy(() -> filter.mightContain("kept")).isInstanceOf(RedisFilterException.class)
                    .hasMessageContaining("query").hasMessageContaining("timeout");
            assertThat((System.nanoTime() - start) / 1e6).as("milliseconds to time out").isLessThan(1_200);
            ((RedisFilter<?>) filter).close();
        }
    }

    @Test
    void flushedScriptsAreLoadedAgainAndAReplacedKeyIsAnErrorNotAbsent() {
        RedisServer server = RedisServer.shared();
        server.flush();
        try (JedisPooled admin = server.client()) {
            RedisFilter<CharSequence> filter = RedisFilters.counting(admin, "scripts", FilterSpec.of(1000, 0.01),
                    KeyHasher.strings());
            filter.add("a");
            admin.scriptFlush();
            assertThat(filter.remove("a")).isTrue();
            admin.scriptFlush();
            assertThat(filter.remove("a")).isFalse();

            filter.add("b");
            String cells = filter.keys().get(1);
            admin.del(cells);
            admin.rpush(cells, "not", "cells");
            assertThatThrownBy(() -> filter.mightContain("b")).isInstanceOf(RedisFilterException.class)
                    .hasMessageContaining("WRONGTYPE");
            assertThatThrownBy(() -> filter.add("b")).isInstanceOf(RedisFilterException.class);
            assertThatThrownBy(() -> filter.remove("b")).isInstanceOf(RedisFilterException.class);
        }
    }
}
