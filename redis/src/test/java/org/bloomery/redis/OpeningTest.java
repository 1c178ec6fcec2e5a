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
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

/**
 * Opening, reopening, refusing and deleting filters by name; what opening may do (options {@code
 * create} and {@code allowEviction}); bad input of every kind.
 */
class OpeningTest extends OnSharedServer {
    private static FilterSpec configured(String name) {
        return FilterSpec.of(1000, 0.01).withOption("uri", RedisServer.shared().uri()).withOption("name", name);
    }

    @Test
    void sharedCapabilityFindsTheCountingAndScalableKinds() {
        assertThat(Filters.choose(EnumSet.of(Capability.REMOVE, Capability.SHARED)))
                .extracting(FilterProvider::kind).containsExactly("redis-counting");
        assertThat(Filters.choose(EnumSet.of(Capability.SHARED))).extracting(FilterProvider::kind)
                .containsExactlyInAnyOrder("redis-classic", "redis-counting", "redis-scalable", "redis-aging");
        // A time window grows with the rate of adds.
        assertThat(Filters.choose(EnumSet.of(Capability.GROW, Capability.SHARED))).extracting(FilterProvider::kind)
                .containsExactlyInAnyOrder("redis-scalable", "redis-aging");
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

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void createNeverRefusesAFreeNameWritingNothingAndOpensAnExistingOne(SharedKind kind) {
        FilterSpec never = FilterSpec.of(1000, 0.01).withOption("create", "never");
        assertThatThrownBy(() -> kind.open(client, "absent", never)).isInstanceOf(RedisFilterMissingException.class)
                .hasMessageContaining("'absent'").hasMessageContaining("bloomery:{absent}:meta")
                .hasMessageContaining("create=ifMissing").hasMessageContaining("deploy step");
        assertThatThrownBy(() -> kind.create(configured("absent").withOption("create", "Never")))
                .isInstanceOf(RedisFilterMissingException.class).hasMessageContaining("'absent'")
                .hasMessageContaining(RedisServer.shared().uri().substring("redis://".length()));
        assertThat(client.keys("*")).as("nothing written by a refused open").isEmpty();

        MembershipFilter<Long> created = kind.open(client, "deployed", FilterSpec.of(1000, 0.01)
                .withOption("create", "ifMissing"));
        created.add(42L);
        assertThat(kind.open(client, "deployed", never).mightContain(42L)).isTrue();
        try (MembershipFilter<Long> configured = kind.create(configured("deployed").withOption("create", "never"))) {
            assertThat(configured.mightContain(42L)).isTrue();
        }
    }

    /** A service that opens with create=never never answers from an empty filter that replaced a lost one. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void createNeverRefusesANameWhoseKeysWereAllLost(SharedKind kind) {
        MembershipFilter<Long> filter = kind.open(client, "lost", FilterSpec.of(1000, 0.01));
        filter.add(7L);
        client.flushAll();
        assertThatThrownBy(() -> kind.open(client, "lost", FilterSpec.of(1000, 0.01).withOption("create", "never")))
                .isInstanceOf(RedisFilterMissingException.class).hasMessageContaining("'lost'")
                .satisfies(e -> assertThat(((RedisFilterMissingException) e).key()).isEqualTo("bloomery:{lost}:meta"));
        assertThat(client.keys("*")).isEmpty();
    }

    @Test
    void createTakesNeverOrIfMissingAndReserveRefusesNever() {
        assertThatThrownBy(() -> Filters.create("redis-classic", configured("x").withOption("create", "always"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'create'").hasMessageContaining("'always'").hasMessageContaining("'never'")
                .hasMessageContaining("'ifMissing'");
        assertThatThrownBy(() -> Filters.create("redis-scalable", configured("x").withOption("allowEviction", "maybe"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("allowEviction").hasMessageContaining("'maybe'");
        assertThatThrownBy(() -> RedisFilters.reserve(client, "x",
                FilterSpec.of(1000, 0.01).withOption("create", "never"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reserve");
        assertThat(client.keys("*")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"allkeys-lru", "allkeys-lfu", "allkeys-random"})
    void aServerThatEvictsAnyKeyIsRefusedUnlessEvictionIsAllowed(String policy) {
        try (RedisServer server = RedisServer.start("--maxmemory-policy", policy);
                JedisPooled evicting = server.client()) {
            for (SharedKind kind : SharedKind.values()) {
                String name = "cache-" + kind.ordinal();
                assertThatThrownBy(() -> kind.open(evicting, name, FilterSpec.of(1000, 0.01)))
                        .as("%s", kind).isInstanceOf(RedisFilterException.class)
                        .hasMessageContaining("'" + name + "'")
                        .hasMessageContaining("maxmemory-policy is '" + policy + "'")
                        .hasMessageContaining("noeviction").hasMessageContaining("allowEviction=true");
                assertThatThrownBy(() -> kind.create(FilterSpec.of(1000, 0.01)
                        .withOption("uri", server.uri()).withOption("name", name)))
                        .as("%s", kind).isInstanceOf(RedisFilterException.class).hasMessageContaining(policy);
                assertThat(evicting.keys("*{" + name + "}*")).as("nothing written under %s", policy).isEmpty();
                MembershipFilter<Long> allowed = kind.open(evicting, name, FilterSpec.of(1000, 0.01)
                        .withOption("allowEviction", "true"));
                allowed.add(1L);
                assertThat(allowed.mightContain(1L)).isTrue();
            }
        }
    }

    /**
     * The whole filter evicted under maxmemory, then a new process opens the name: with
     * create=never it fails, and by default the eviction guard refuses first; neither answers from
     * an empty filter. The handle open across the eviction fails too.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void aFilterEvictedWholeIsNeverOpenedEmptyByANewProcess(SharedKind kind) {
        try (RedisServer server = RedisServer.start("--maxmemory", "2mb", "--maxmemory-policy", "allkeys-random");
                JedisPooled first = server.client();
                JedisPooled second = server.client()) {
            FilterSpec spec = FilterSpec.of(1000, 0.01).withOption("allowEviction", "true");
            MembershipFilter<Long> open = kind.open(first, "evicted", spec);
            open.add(7L);
            byte[] filler = new byte[20_000];
            for (int i = 0; !first.keys("bloomery:*").isEmpty(); i++) {
                assertThat(i).as("filler keys written before the filter was evicted").isLessThan(100_000);
                first.set(("filler:" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8), filler);
            }
            assertThatThrownBy(() -> open.mightContain(7L)).as("the handle open across the eviction")
                    .isInstanceOf(RedisDataLostException.class);
            assertThatThrownBy(() -> kind.open(second, "evicted", spec.withOption("create", "never")))
                    .isInstanceOf(RedisFilterMissingException.class).hasMessageContaining("'evicted'");
            assertThatThrownBy(() -> kind.open(second, "evicted", FilterSpec.of(1000, 0.01)))
                    .isInstanceOf(RedisFilterException.class).hasMessageContaining("allkeys-random");
            assertThat(second.keys("bloomery:*")).as("nothing created").isEmpty();
        }
    }

    /** An upload is the deploy step that creates a filter: the guard, meant for services opening it, lets it pass. */
    @Test
    void anUploadToAServerThatEvictsAnyKeyIsNotRefused() throws IOException {
        try (RedisServer server = RedisServer.start("--maxmemory-policy", "allkeys-lru");
                JedisPooled evicting = server.client()) {
            MembershipFilter<Long> classic = Filters.create("classic", FilterSpec.of(1000, 0.01), KeyHasher.longs());
            MembershipFilter<Long> scalable = Filters.create("scalable", FilterSpec.of(1000, 0.01), KeyHasher.longs());
            classic.add(5L);
            scalable.add(5L);
            assertThat(RedisFilters.upload(evicting, "deployed", 1, classic).mightContain(5L)).isTrue();
            RedisScalableFilter<Long> shared = RedisFilters.uploadScalable(evicting, "deployed-scalable", scalable);
            assertThat(shared.mightContain(5L)).isTrue();
            assertThat(shared.spec().options()).doesNotContainKey("allowEviction");
        }
    }

    @Test
    void aPolicyThatEvictsOnlyKeysWithATtlIsAccepted() {
        try (RedisServer server = RedisServer.start("--maxmemory-policy", "volatile-lru");
                JedisPooled volatileOnly = server.client()) {
            for (SharedKind kind : SharedKind.values()) {
                kind.open(volatileOnly, "kept-" + kind.ordinal(), FilterSpec.of(1000, 0.01)).add(1L);
            }
        }
    }

    /**
     * Managed services rename or disable CONFIG, or deny it by ACL: the policy cannot be read then,
     * and the filter opens.
     */
    @Test
    void aServerThatHidesItsPolicyOpens() {
        try (RedisServer renamed = RedisServer.start("--maxmemory-policy", "allkeys-lru", "--rename-command", "CONFIG",
                "");
                JedisPooled client = renamed.client()) {
            RedisFilters.classic(client, "hidden", FilterSpec.of(1000, 0.01), KeyHasher.strings()).add("a");
        }
        try (RedisServer denied = RedisServer.start("--maxmemory-policy", "allkeys-lru");
                JedisPooled admin = denied.client()) {
            admin.sendCommand(Protocol.Command.ACL, "SETUSER", "app", "on", ">app-pass-2291", "~*", "+@all", "-config");
            try (JedisPooled app = new JedisPooled(new HostAndPort("127.0.0.1", denied.port()),
                    DefaultJedisClientConfig.builder().user("app").password("app-pass-2291").build())) {
                RedisFilters.counting(app, "denied", FilterSpec.of(1000, 0.01), KeyHasher.strings()).add("a");
            }
        }
    }

    @Test
    void aClientOverOneConnectionIsRefusedNamingTheClientsThatWork() {
        try (UnifiedJedis single = new UnifiedJedis(new Connection("127.0.0.1", RedisServer.shared().port()))) {
            for (SharedKind kind : SharedKind.values()) {
                assertThatThrownBy(() -> kind.open(single, "x", FilterSpec.of(1000, 0.01))).as("%s", kind)
                        .isInstanceOf(RedisFilterException.class).hasMessageContaining("'x'")
                        .hasMessageContaining("JedisPooled").hasMessageContaining("JedisCluster")
                        .hasMessageContaining("JedisSentineled");
            }
        }
        assertThat(client.keys("*")).isEmpty();
    }

    /** A bad option is reported as such, before the client is used: here, with its server down. */
    @Test
    void aBadOptionIsReportedBeforeTheClientIsUsed() throws IOException {
        try (ClosedPort closed = new ClosedPort();
                JedisPooled unreachable = new JedisPooled("127.0.0.1", closed.port())) {
            for (SharedKind kind : SharedKind.values()) {
                assertThatThrownBy(() -> kind.open(unreachable, "x", FilterSpec.of(1000, 0.01)
                        .withOption("create", "sometimes"))).as("%s", kind)
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'sometimes'");
            }
        }
    }

    @Test
    void aUriMessageNamesThePartThatIsWrong() {
        assertThatThrownBy(() -> Filters.create("redis-classic",
                configured("x").withOption("uri", "redis://127.0.0.1:abc"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("port").hasMessageContaining("'abc'").hasMessageNotContaining("no host");
        assertThatThrownBy(() -> Filters.create("redis-classic",
                configured("x").withOption("uri", "redis://127.0.0.1:70000"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("port").hasMessageContaining("'70000'");
        assertThatThrownBy(() -> Filters.create("redis-classic",
                configured("x").withOption("uri", "redis://app:pa@ss-w0rd@127.0.0.1:6379"), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("percent-encoded")
                .hasMessageContaining("%40").hasMessageNotContaining("pa@ss").hasMessageNotContaining("ss-w0rd");
        assertThatThrownBy(() -> Filters.create("redis-classic",
                configured("x").withOption("uri", "redis-sentinel://127.0.0.1:26379"), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("names no master")
                .hasMessageContaining("#");
        assertThatThrownBy(() -> Filters.create("redis-classic",
                configured("x").withOption("uri", "redis-sentinel://127.0.0.1:26379,127.0.0.1:x2#m"),
                KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("port").hasMessageContaining("'x2'");
        assertThatThrownBy(() -> Filters.create("redis-classic", configured("x")
                .withOption("uri", "redis-sentinel://:s3cr3t-pass@127.0.0.1#m").withOption("cluster", "true"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cluster")
                .hasMessageNotContaining("s3cr3t-pass");
        assertThat(client.keys("*")).isEmpty();
    }

    @Test
    void aMissingPasswordReadsAsAnAuthenticationError() {
        try (RedisServer guarded = RedisServer.start("--requirepass", "guard-9Q7x-secret")) {
            // allowEviction=true skips CONFIG GET: the first command is then the creating script.
            for (String allowEviction : List.of("false", "true")) {
                for (SharedKind kind : SharedKind.values()) {
                    assertThatThrownBy(() -> kind.create(FilterSpec.of(1000, 0.01)
                            .withOption("uri", guarded.uri()).withOption("name", "x")
                            .withOption("allowEviction", allowEviction)))
                            .as("%s, allowEviction=%s", kind, allowEviction).isInstanceOf(RedisFilterException.class)
                            .hasMessageContaining("authentication required").hasMessageContaining("password")
                            .hasMessageNotContaining("rotocol error").hasMessageNotContaining("guard-9Q7x-secret");
                }
            }
            assertThatThrownBy(() -> Filters.create("redis-classic", FilterSpec.of(1000, 0.01)
                    .withOption("uri", "redis://:wrong-9Q7x@127.0.0.1:" + guarded.port()).withOption("name", "x"),
                    KeyHasher.longs())).isInstanceOf(RedisFilterException.class)
                    .hasMessageContaining("authentication failed")
                    .hasMessageNotContaining("wrong-9Q7x").hasMessageNotContaining("guard-9Q7x-secret");
        }
    }
}
