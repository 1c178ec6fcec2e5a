package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.redisserver.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * TLS against real {@code redis-server} processes with a TLS port and certificates the test makes
 * ({@link TestCertificates}): a CA file or a trust store is trusted, an unrelated CA or a
 * certificate for another host is refused with a message saying what was not trusted, hostname
 * verification can be switched off, a server that requires client certificates refuses a client
 * without one and accepts one with {@code tlsKeyStore}, and the store passwords appear nowhere a
 * filter shows or stores its spec.
 */
class TlsTest {
    private static TestCertificates certificates;
    /** Certificate for 127.0.0.1; no client certificate needed. */
    private static RedisServerProcess trusting;
    /** Certificate for another host (DNS elsewhere.invalid), signed by the test CA. */
    private static RedisServerProcess wrongHost;
    /** Certificate for 127.0.0.1; requires a client certificate signed by the test CA. */
    private static RedisServerProcess mutual;

    @BeforeAll
    static void start() {
        certificates = TestCertificates.get();
        trusting = RedisServerProcess.startWithTls(certificates.serverPem, certificates.serverKey, certificates.caPem);
        wrongHost = RedisServerProcess.startWithTls(certificates.wrongHostPem, certificates.wrongHostKey,
                certificates.caPem);
        mutual = RedisServerProcess.startWithTls(certificates.serverPem, certificates.serverKey, certificates.caPem,
                "--tls-auth-clients", "yes");
    }

    @AfterAll
    static void stop() {
        for (RedisServerProcess server : new RedisServerProcess[] {trusting, wrongHost, mutual}) {
            if (server != null) {
                server.close();
            }
        }
    }

    private static FilterSpec spec(RedisServerProcess server, String name) {
        return FilterSpec.of(1000, 0.01).withOption("uri", server.tlsUri()).withOption("name", name)
                .withOption("timeoutMillis", "2000");
    }

    /** Adds and finds an item over TLS, then checks through the plain port that it reached the server. */
    private static void assertWorks(String kind, FilterSpec spec, RedisServerProcess server) {
        try (MembershipFilter<CharSequence> filter = Filters.create(kind, spec, KeyHasher.strings())) {
            filter.add("over-tls");
            assertThat(filter.mightContain("over-tls")).isTrue();
            assertThat(filter.mightContain("never-added")).isFalse();
        }
        try (JedisPooled plain = new JedisPooled("127.0.0.1", server.port())) {
            assertThat(plain.keys("bloomery:{" + spec.option("name").orElseThrow() + "}:*")).isNotEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aTrustedCaFileWorks(String kind) {
        assertWorks(kind, spec(trusting, "ca-file-" + kind).withOption("tlsCaCert", certificates.caPem.toString()),
                trusting);
    }

    /** A CA file may hold several certificates: any of them may have signed the server's. */
    @Test
    void aCaBundleWorks() {
        assertWorks("redis-counting", spec(trusting, "ca-bundle").withOption("tlsCaCert",
                certificates.caBundlePem.toString()), trusting);
    }

    static Stream<String> kinds() {
        return Stream.of("redis-classic", "redis-counting", "redis-scalable");
    }

    static Stream<Path> trustStores() {
        return Stream.of(TestCertificates.get().trustStoreP12, TestCertificates.get().trustStoreJks);
    }

    @ParameterizedTest
    @MethodSource("trustStores")
    void aTrustStoreWorks(Path store) {
        assertWorks("redis-classic", spec(trusting, "store-" + store.getFileName().toString().replace('.', '-'))
                .withOption("tlsTrustStore", store.toString())
                .withOption("tlsTrustStorePassword", TestCertificates.STORE_PASSWORD), trusting);
    }

    /** Opening the filter fails with a TLS message about the server's TLS port that holds every fragment. */
    private static void assertTlsRefused(FilterSpec spec, RedisServerProcess server, String... fragments) {
        Throwable thrown = catchThrowable(() -> Filters.create("redis-counting", spec, KeyHasher.strings()));
        assertThat(thrown).isInstanceOf(RedisFilterException.class)
                .hasMessageContaining("TLS handshake with 127.0.0.1:" + server.tlsPort() + " failed")
                .hasMessageNotContaining("no answer from the server");
        for (String fragment : fragments) {
            assertThat(thrown).hasMessageContaining(fragment);
        }
    }

    @Test
    void anUntrustedCertificateIsReportedAsSuch() {
        assertTlsRefused(spec(trusting, "untrusted").withOption("tlsCaCert", certificates.otherCaPem.toString()),
                trusting, "the server's certificate (CN=redis-server, issued by CN=Bloomery Test CA)",
                "is not trusted by tlsCaCert " + certificates.otherCaPem);
    }

    @Test
    void withoutTrustOptionsTheJvmTrustStoreDecides() {
        assertTlsRefused(spec(trusting, "jvm-trust"), trusting, "is not trusted by the JVM's default trust store");
    }

    @Test
    void aCertificateForAnotherHostIsRefusedUnlessVerificationIsOff() {
        FilterSpec spec = spec(wrongHost, "wrong-host").withOption("tlsCaCert", certificates.caPem.toString());
        assertTlsRefused(spec, wrongHost,
                "(CN=elsewhere, issued by CN=Bloomery Test CA) does not match host 127.0.0.1",
                "DNS:elsewhere.invalid", "set tlsVerifyHostname=false to skip it");
        assertWorks("redis-classic", spec.withOption("tlsVerifyHostname", "false"), wrongHost);
    }

    @Test
    void aServerRequiringClientCertificatesRefusesAClientWithoutOne() {
        FilterSpec spec = spec(mutual, "mutual").withOption("tlsCaCert", certificates.caPem.toString());
        assertTlsRefused(spec, mutual,
                "the server asked for a client certificate and none was given (option tlsKeyStore)");
        // What the handshake asked explains only failures on a TLS socket, not a plain one to the same address.
        assertThat(TlsFailure.describe("127.0.0.1:" + mutual.tlsPort(), new JedisConnectionException(
                new SocketException("Connection refused")))).isNull();
        assertWorks("redis-counting", spec.withOption("tlsKeyStore", certificates.clientKeyStore.toString())
                .withOption("tlsKeyStorePassword", TestCertificates.STORE_PASSWORD), mutual);
    }

    /** Without option tlsKeyStore the client certificate comes from the JVM's, as with the JDK's default TLS context. */
    @Test
    void withoutTlsKeyStoreTheJvmKeyStoreIsUsed() {
        System.setProperty("javax.net.ssl.keyStore", certificates.clientKeyStore.toString());
        System.setProperty("javax.net.ssl.keyStorePassword", TestCertificates.STORE_PASSWORD);
        try {
            assertWorks("redis-counting", spec(mutual, "jvm-key-store")
                    .withOption("tlsCaCert", certificates.caPem.toString()), mutual);
        } finally {
            System.clearProperty("javax.net.ssl.keyStore");
            System.clearProperty("javax.net.ssl.keyStorePassword");
        }
    }

    /**
     * The store passwords never show: not in the spec a filter reports, its toString, its snapshot,
     * any hash it keeps in Redis, or the options read from the spec.
     */
    @ParameterizedTest
    @MethodSource("kinds")
    void theStorePasswordsAppearNowhere(String kind) {
        FilterSpec spec = spec(mutual, "secrets-" + kind)
                .withOption("tlsTrustStore", certificates.trustStoreP12.toString())
                .withOption("tlsTrustStorePassword", TestCertificates.STORE_PASSWORD)
                .withOption("tlsKeyStore", certificates.clientKeyStore.toString())
                .withOption("tlsKeyStorePassword", TestCertificates.STORE_PASSWORD);
        List<String> texts = new ArrayList<>();
        try (MembershipFilter<CharSequence> filter = Filters.create(kind, spec, KeyHasher.strings())) {
            filter.add("alice");
            assertThat(filter.spec().option("tlsTrustStorePassword")).hasValue("****");
            assertThat(filter.spec().option("tlsKeyStorePassword")).hasValue("****");
            assertThat(filter.spec().option("tlsKeyStore")).hasValue(certificates.clientKeyStore.toString());
            texts.add(filter.toString());
            texts.add(filter.spec().toString());
            byte[] snapshot = FilterBytes.of(filter);
            texts.add(new String(snapshot, StandardCharsets.ISO_8859_1));
            assertThat(texts.get(2)).doesNotContain("tlsKeyStore").doesNotContain("tlsTrustStore");
            try (JedisPooled plain = new JedisPooled("127.0.0.1", mutual.port())) {
                Set<String> keys = plain.keys("bloomery:{secrets-" + kind + "}:*");
                assertThat(keys).isNotEmpty();
                for (String key : keys) {
                    if (plain.type(key).equals("hash")) {
                        texts.add(plain.hgetAll(key).toString());
                    }
                }
                assertThat(texts).hasSizeGreaterThan(3);
            }
        }
        // The options read from the spec, with a password in the URI too.
        String uriPassword = "ur1-Secr3t-5530";
        FilterSpec withUriPassword = spec.withOption("uri", "rediss://user:" + uriPassword + "@127.0.0.1:" + mutual.tlsPort());
        texts.add(RedisCellsOptions.read(CellKind.BITS, withUriPassword, null).toString());
        texts.add(RedisScalableOptions.read(withUriPassword, null).toString());
        assertThat(texts.get(texts.size() - 1)).contains("client certificate from " + certificates.clientKeyStore);
        for (String text : texts) {
            assertThat(text).doesNotContain(TestCertificates.STORE_PASSWORD).doesNotContain(uriPassword);
        }
    }

    private static final String WRONG_PASSWORD = "wr0ng-Passw0rd-8821";

    /** One refused spec: its options beyond a rediss:// URI and a name, and what the message names. */
    private static Arguments refusal(Map<String, String> options, String option, String named, String why) {
        return Arguments.of(options, option, named, why);
    }

    static Stream<Arguments> refusals() {
        TestCertificates c = TestCertificates.get();
        String missing = c.caPem.resolveSibling("missing.pem").toString();
        String directory = c.caPem.getParent().toString();
        String p12 = c.trustStoreP12.toString();
        String jks = c.trustStoreJks.toString();
        String keys = c.clientKeyStore.toString();
        String password = TestCertificates.STORE_PASSWORD;
        return Stream.of(
                refusal(Map.of("tlsCaCert", missing), "tlsCaCert", missing, "cannot be read"),
                refusal(Map.of("tlsCaCert", c.serverKey.toString()), "tlsCaCert", c.serverKey.toString(),
                        "holds no X.509 certificate"),
                refusal(Map.of("tlsTrustStore", p12, "tlsTrustStorePassword", WRONG_PASSWORD), "tlsTrustStore", p12,
                        "wrong password"),
                refusal(Map.of("tlsTrustStore", jks, "tlsTrustStorePassword", WRONG_PASSWORD), "tlsTrustStore", jks,
                        "wrong password"),
                refusal(Map.of("tlsTrustStore", directory), "tlsTrustStore", directory, "not a readable file"),
                // A PKCS12 store keeps its certificates encrypted: without the password none can be read.
                refusal(Map.of("tlsTrustStore", p12), "tlsTrustStore", p12,
                        "holds no certificate that can be read without option 'tlsTrustStorePassword'"),
                refusal(Map.of("tlsTrustStore", c.caPem.toString()), "tlsTrustStore", c.caPem.toString(),
                        "PKCS12 or JKS"),
                refusal(Map.of("tlsKeyStore", keys, "tlsKeyStorePassword", WRONG_PASSWORD), "tlsKeyStore", keys,
                        "wrong password"),
                refusal(Map.of("tlsKeyStore", p12, "tlsKeyStorePassword", password), "tlsKeyStore", p12,
                        "holds no private key"),
                refusal(Map.of("tlsCaCert", c.caPem.toString(), "tlsTrustStore", p12), "tlsCaCert", "tlsTrustStore",
                        "cannot both be given"),
                refusal(Map.of("tlsKeyStorePassword", password), "tlsKeyStorePassword", "tlsKeyStore", "without"),
                refusal(Map.of("tlsVerifyHostname", "maybe"), "tlsVerifyHostname", "maybe", ""),
                refusal(Map.of("uri", "redis://127.0.0.1:6379", "tlsCaCert", c.caPem.toString()), "tlsCaCert",
                        "rediss://", "needs TLS"));
    }

    /**
     * A wrong value is refused when the spec is read, before any connection (the URI's port has no
     * server), naming the option and the file, never a password; by every Redis kind.
     */
    @ParameterizedTest(name = "{1}: {3}")
    @MethodSource("refusals")
    void badFilesAndPasswordsAreRefusedWhenTheSpecIsRead(Map<String, String> options, String option, String named,
            String why) {
        FilterSpec spec = FilterSpec.of(1000, 0.01).withOption("uri", "rediss://127.0.0.1:1").withOption("name", "refused");
        for (Map.Entry<String, String> entry : options.entrySet()) {
            spec = spec.withOption(entry.getKey(), entry.getValue());
        }
        for (String kind : kinds().toList()) {
            FilterSpec refused = spec;
            Throwable thrown = catchThrowable(() -> Filters.create(kind, refused, KeyHasher.strings()));
            assertThat(thrown).as(kind + " with " + option).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + option + "'").hasMessageContaining(named).hasMessageContaining(why);
            for (Throwable t = thrown; t != null; t = t.getCause()) {
                assertThat(String.valueOf(t)).doesNotContain(TestCertificates.STORE_PASSWORD)
                        .doesNotContain(WRONG_PASSWORD);
            }
        }
    }
}
