package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * A server with {@code requirepass} and an ACL user limited to the key pattern {@code bloomery:*}:
 * wrong credentials fail clearly, the limited user works under its pattern and is refused
 * elsewhere, and no password appears in any message, toString, spec, snapshot or metadata.
 */
class SecurityTest {
    private static final String ADMIN_PASSWORD = "adm1n-Secr3t-7731";
    private static final String USER_PASSWORD = "l1mited-Secr3t-9158";
    private static RedisServer server;
    private static JedisPooled admin;

    @BeforeAll
    static void start() {
        server = RedisServer.start("--requirepass", ADMIN_PASSWORD);
        admin = new JedisPooled(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().password(ADMIN_PASSWORD).build());
        admin.sendCommand(Protocol.Command.ACL, "SETUSER", "limited", "on", ">" + USER_PASSWORD, "~bloomery:*", "+@all");
    }

    @AfterAll
    static void stop() {
        admin.close();
        server.close();
    }

    private static FilterSpec spec(String userInfo, String name) {
        return FilterSpec.of(1000, 0.01).withOption("uri", "redis://" + userInfo + "@127.0.0.1:" + server.port())
                .withOption("name", name).withOption("timeoutMillis", "1000");
    }

    @Test
    void aWrongPasswordFailsClearlyWithoutShowingIt() {
        Throwable thrown = catchThrowable(() -> Filters.create("redis-classic", spec("limited:not-" + USER_PASSWORD,
                "x"), KeyHasher.strings()));
        assertThat(thrown).isInstanceOf(RedisFilterException.class)
                .hasMessageContaining("127.0.0.1:" + server.port()).hasMessageContaining("'x'");
        assertNoSecret(thrown);
        Throwable noPassword = catchThrowable(() -> Filters.create("redis-classic", spec("limited", "x"),
                KeyHasher.strings()));
        assertThat(noPassword).isInstanceOf(RedisFilterException.class);
        assertNoSecret(noPassword);
    }

    @Test
    void theLimitedUserWorksUnderItsPatternAndIsRefusedElsewhere() {
        MembershipFilter<CharSequence> filter = Filters.create("redis-counting",
                spec("limited:" + USER_PASSWORD, "allowed"), KeyHasher.strings());
        filter.add("alice");
        assertThat(filter.mightContain("alice")).isTrue();
        assertThat(filter.remove("alice")).isTrue();
        assertThat(filter.mightContain("alice")).isFalse();
        assertThat(filter.spec().option("uri")).hasValue("redis://****@127.0.0.1:" + server.port());

        List<String> texts = new ArrayList<>();
        texts.add(filter.toString());
        texts.add(filter.spec().toString());
        texts.add(new String(FilterBytes.of(filter), StandardCharsets.ISO_8859_1));
        texts.add(admin.hgetAll(((RedisCellsFilter<?>) filter).keys().get(0)).toString());
        for (String text : texts) {
            assertThat(text).doesNotContain(USER_PASSWORD).doesNotContain(ADMIN_PASSWORD);
        }
        ((RedisCellsFilter<?>) filter).close();

        Throwable refused = catchThrowable(() -> Filters.create("redis-classic",
                spec("limited:" + USER_PASSWORD, "elsewhere").withOption("prefix", "other:"), KeyHasher.strings()));
        assertThat(refused).isInstanceOf(RedisFilterException.class).hasMessageContaining("NOPERM")
                .hasMessageContaining("'elsewhere'");
        assertNoSecret(refused);
        assertThat(admin.keys("other:*")).isEmpty();
    }

    private static void assertNoSecret(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            assertThat(String.valueOf(t)).doesNotContain(USER_PASSWORD).doesNotContain(ADMIN_PASSWORD);
            for (StackTraceElement frame : t.getStackTrace()) {
                assertThat(frame.toString()).doesNotContain(USER_PASSWORD);
            }
        }
    }
}
