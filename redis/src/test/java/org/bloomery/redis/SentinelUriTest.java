package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;

/** Parsing {@code redis-sentinel://} URIs: every part, its default, and a message per wrong part. */
class SentinelUriTest {
    @Test
    void readsSentinelsDatabaseMasterAndCredentials() {
        SentinelUri uri = SentinelUri.parse(
                "redis-sentinel://app:p%40ss%23w0rd@s1.internal,[::1]:26380,10.0.0.3:26381/2#orders");
        assertThat(uri.sentinels()).containsExactly(new HostAndPort("s1.internal", 26379),
                new HostAndPort("::1", 26380), new HostAndPort("10.0.0.3", 26381));
        assertThat(uri.master()).isEqualTo("orders");
        assertThat(uri.user()).isEqualTo("app");
        assertThat(uri.password()).isEqualTo("p@ss#w0rd");
        assertThat(uri.database()).isEqualTo(2);
        assertThat(uri.toString()).isEqualTo("redis-sentinel://s1.internal:26379,[::1]:26380,10.0.0.3:26381/2#orders")
                .doesNotContain("w0rd");
        assertThat(uri.server()).isEqualTo("master 'orders' of sentinels s1.internal:26379,[::1]:26380,10.0.0.3:26381");

        SentinelUri plain = SentinelUri.parse("REDIS-SENTINEL://127.0.0.1#m");
        assertThat(plain.sentinels()).containsExactly(new HostAndPort("127.0.0.1", 26379));
        assertThat(List.of(plain.database(), plain.user() == null, plain.password() == null))
                .containsExactly(0, true, true);
    }

    @Test
    void namesThePartThatIsWrongWithoutThePassword() {
        assertThatThrownBy(() -> SentinelUri.parse("redis-sentinel://:hidden-Pw@h1:26379"))
                .hasMessageContaining("names no master").hasMessageNotContaining("hidden-Pw");
        assertThatThrownBy(() -> SentinelUri.parse("redis-sentinel://:hidden-Pw@h1:0#m")).hasMessageContaining("port")
                .hasMessageContaining("'0'").hasMessageNotContaining("hidden-Pw");
        assertThatThrownBy(() -> SentinelUri.parse("redis-sentinel://h1,,h2#m")).hasMessageContaining("empty");
        assertThatThrownBy(() -> SentinelUri.parse("redis-sentinel://h1/zero#m")).hasMessageContaining("database")
                .hasMessageContaining("'zero'");
        assertThatThrownBy(() -> SentinelUri.parse("redis-sentinel://h1?timeout=5#m")).hasMessageContaining("query");
        assertThatThrownBy(() -> SentinelUri.parse("redis-sentinel://:hid#den@h1#m"))
                .hasMessageContaining("percent-encoded").hasMessageNotContaining("hid#den")
                .hasMessageNotContaining("den@");
        assertThatThrownBy(() -> SentinelUri.parse("redis-sentinel://[::1#m")).hasMessageContaining("'['");
    }
}
