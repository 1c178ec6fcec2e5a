package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Opening, reopening, refusing and deleting filters by name; bad input of every kind. */
class OpeningTest extends OnSharedServer {
    private static FilterSpec configured(String name) {
        return FilterSpec.of(1000, 0.01).withOption("uri", RedisServer.shared().uri()).withOption("name", name);
    }

    @Test
    void sharedCapabilityFindsTheCountingAndScalableKinds() {
        assertThat(Filters.choose(EnumSet.of(Capability.REMOVE, Capability.SHARED)))
                .extracting(FilterProvider::kind).containsExactly("redis-counting");
        assertThat(Filters.choose(EnumSet.of(Capability.SHARED))).extracting(FilterProvider::kind)
                .containsExactlyInAnyOrder("redis-classic", "redis-counting", "redis-scalable");
        assertThat(Filters.choose(EnumSet.of(Capability.GROW, Capability.SHARED))).extracting(FilterProvider::kind)
                .containsExactly("redis-scalable");
    }

    @Test
    void aSecondOpenerSharesTheFilterAndADifferentSpecOrHasherIsRefused() {
        RedisCellsFilter<CharSequence> first = RedisFilters.classic(client, "ips", FilterSpec.of(1000, 0.01), KeyHasher.strings());
        first.add("203.0.113.7");
        RedisCellsFilter<CharSequence> second = RedisFilters.classic(client, "ips", FilterSpec.of(1000, 0.01), KeyHasher.strings());
        assertThat(second.mightContain("203.0.113.7")).isTrue();
        assertThatThrownBy(() -> RedisFilters.classic(client, "ips", FilterSpec.of(2000, 0.01), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'ips'").hasMessageContaining("cells");
        assertThatThrownBy(() -> RedisFilters.classic(client, "ips", FilterSpec.of(1000, 0.01),
                KeyHasher.of("mine", (CharSequence s) -> KeyHasher.hashString(s))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hasher");
        assertThatThrownBy(() -> RedisFilters.counting(client, "ips", FilterSpec.of(1000, 0.01), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kind");
        assertThat(second.mightContain("203.0.113.7")).as("still there after the refusals").isTrue();
    }

    /**
     * Format 1 placed the blocked layout's cells elsewhere; format 2 had no identity and no trailer;
     * format 3 had no write epoch: a name holding any of them must not open as this format, and is
     * left as it was.
     */
    @ParameterizedTest(name = "format {0}")
    @ValueSource(strings = {"1", "2", "3"})
    void aFilterOfAnEarlierFormatIsRefusedAndLeftAsItWas(String format) {
        FilterSpec blocked = FilterSpec.of(1000, 0.01).withOption("layout", "blocked");
        RedisCellsFilter<CharSequence> filter = RedisFilters.classic(client, "old", blocked, KeyHasher.strings());
        filter.add("203.0.113.7");
        String metadata = "bloomery:{old}:meta";
        client.hset(metadata, "format", format);
        assertThatThrownBy(() -> RedisFilters.classic(client, "old", blocked, KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'old'")
                .hasMessageContaining("holds format " + format + ", written by an earlier release")
                .hasMessageContaining("reads format 4");
        assertThat(client.hget(metadata, "format")).isEqualTo(format);
    }

    @Test
    void deleteRemovesEveryKey() {
        RedisCellsFilter<CharSequence> filter = RedisFilters.counting(client, "gone", FilterSpec.of(1000, 0.01), KeyHasher.strings());
        filter.add("x");
        assertThat(filter.keys()).allSatisfy(key -> assertThat(client.exists(key)).isTrue());
        filter.delete();
        assertThat(filter.keys()).allSatisfy(key -> assertThat(client.exists(key)).as(key).isFalse());
    }

    @ParameterizedTest(name = "{0} key")
    @ValueSource(strings = {"meta", "cells:0"})
    void aNameWhoseKeyHoldsAListIsRefusedAndTheListIsUntouched(String suffix) {
        String key = "bloomery:{queue}:" + suffix;
        client.rpush(key, "job-1", "job-2");
        assertThatThrownBy(() -> RedisFilters.classic(client, "queue", FilterSpec.of(1000, 0.01), KeyHasher.strings()))
                .isInstanceOf(RedisFilterException.class).hasMessageContaining(key).hasMessageContaining("list");
        assertThat(client.lrange(key, 0, -1)).containsExactly("job-1", "job-2");
        assertThat(client.keys("*")).containsExactly(key);
    }

    @Test
    void anUnreachableServerFailsWithinTheTimeoutNamingIt() throws IOException {
        try (ClosedPort closed = new ClosedPort()) {
            int port = closed.port();
            FilterSpec spec = configured("x").withOption("uri", "redis://127.0.0.1:" + port).withOption("timeoutMillis", "500");
            long start = System.nanoTime();
            assertThatThrownBy(() -> Filters.create("redis-classic", spec, KeyHasher.strings()))
                    .isInstanceOf(RedisFilterException.class).hasMessageContaining("127.0.0.1:" + port)
                    .hasMessageContaining("'x'").hasMessageContaining("open");
            assertThat((System.nanoTime() - start) / 1e6).as("milliseconds to fail").isLessThan(5_000);
        }
    }

    @Test
    void badOptionsAreNamedWithTheirValue() {
        assertThatThrownBy(() -> Filters.create("redis-classic", configured("x").withOption("uri", "http://127.0.0.1:6379"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http://127.0.0.1:6379").hasMessageContaining("redis://");
        assertThatThrownBy(() -> Filters.create("redis-classic",
                configured("x").withOption("uri", "redis://user:hunter2@127.0.0.1:port"), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("127.0.0.1")
                .hasMessageNotContaining("hunter2");
        for (String shards : List.of("0", "1025", "-1", "many")) {
            assertThatThrownBy(() -> Filters.create("redis-counting", configured("x").withOption("shards", shards),
                    KeyHasher.strings())).as("shards=%s", shards).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("shards").hasMessageContaining("'" + shards + "'");
        }
        assertThatThrownBy(() -> Filters.create("redis-classic", configured("x").withOption("timeoutMillis", "0"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("timeoutMillis");
        assertThatThrownBy(() -> Filters.create("redis-classic", configured("bad name"), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'bad name'");
        assertThatThrownBy(() -> Filters.create("redis-classic", FilterSpec.of(1000, 0.01).withOption("name", "x"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("uri");
        assertThatThrownBy(() -> Filters.create("redis-classic", configured("x").withOption("colour", "red"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("colour");
        assertThatThrownBy(() -> Filters.create("redis-classic", FilterSpec.of(10_000_000_000L, 0.001)
                .withOption("uri", RedisServer.shared().uri()).withOption("name", "x"), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2^32 bits");
        assertThat(client.keys("*")).as("nothing created by a refused open").isEmpty();
    }

    @Test
    void clearEmptiesAndCloseReleasesOnlyItsOwnConnection() {
        MembershipFilter<CharSequence> owned = Filters.create("redis-counting", configured("own"), KeyHasher.strings());
        owned.add("a");
        owned.clear();
        assertThat(owned.mightContain("a")).isFalse();
        assertThat(owned.bitSize()).isEqualTo(4 * ((RedisCellsFilter<?>) owned).cells());
        ((RedisCellsFilter<?>) owned).close();
        RedisCellsFilter<CharSequence> borrowed = RedisFilters.classic(client, "borrowed", FilterSpec.of(10, 0.1), KeyHasher.strings());
        borrowed.close();
        assertThat(client.ping()).as("the user's client stays open").isEqualTo("PONG");
    }
}
