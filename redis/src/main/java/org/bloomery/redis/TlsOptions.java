package org.bloomery.redis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import java.util.Collections;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;
import redis.clients.jedis.DefaultJedisClientConfig;

/**
 * How a client built from a {@code rediss://} URI makes its TLS connections, read from options
 * {@code tlsCaCert} or {@code tlsTrustStore} (with {@code tlsTrustStorePassword}), {@code
 * tlsKeyStore} (with {@code tlsKeyStorePassword}) and {@code tlsVerifyHostname}. Every file is read
 * when the spec is read, so a missing file, a wrong password or a file without a certificate fails
 * then, naming the option and the file. Without a CA file or trust store the JVM's trust store
 * decides ({@code javax.net.ssl.trustStore}, else the JDK's {@code cacerts}); without {@code
 * tlsKeyStore} a client certificate comes from {@code javax.net.ssl.keyStore} if that is set, as
 * with the JDK's default TLS context. The passwords are used to open the stores and not kept: this
 * object holds the loaded stores' socket factory, and {@link #toString} names only the files.
 */
final class TlsOptions {
    static final String CA_CERT = "tlsCaCert";
    static final String TRUST_STORE = "tlsTrustStore";
    static final String TRUST_STORE_PASSWORD = "tlsTrustStorePassword";
    static final String KEY_STORE = "tlsKeyStore";
    static final String KEY_STORE_PASSWORD = "tlsKeyStorePassword";
    static final String VERIFY_HOSTNAME = "tlsVerifyHostname";
    /** The TLS options, which no in-process kind knows. */
    static final Set<String> KEYS = Set.of(CA_CERT, TRUST_STORE, TRUST_STORE_PASSWORD, KEY_STORE, KEY_STORE_PASSWORD,
            VERIFY_HOSTNAME);
    /** The options whose values are secrets: never shown, stored or written. */
    static final Set<String> SECRETS = Set.of(TRUST_STORE_PASSWORD, KEY_STORE_PASSWORD);
    /** The options as a provider's description lists them. */
    static final String DESCRIPTION = ""
            + "  " + CA_CERT + "      with rediss://: PEM file of the CA certificates to trust; default the JVM's trust store\n"
            + "  " + TRUST_STORE + ", " + TRUST_STORE_PASSWORD + "   with rediss://: PKCS12 or JKS trust store instead"
            + " of " + CA_CERT + "\n"
            + "  " + KEY_STORE + ", " + KEY_STORE_PASSWORD + "   with rediss://: PKCS12 client key and certificate,"
            + " for servers that require one\n"
            + "  " + VERIFY_HOSTNAME + "   with rediss://: check that the server's certificate names its host;"
            + " default true\n";
    /** The JVM-wide client key store, used when option {@code tlsKeyStore} is not given. */
    private static final String JVM_KEY_STORE = "javax.net.ssl.keyStore";
    private static final String JVM_KEY_STORE_PASSWORD = "javax.net.ssl.keyStorePassword";
    /** How the JDK names the check that the certificate matches the host (RFC 2818). */
    private static final String HTTPS_IDENTIFICATION = "HTTPS";

    private final SSLSocketFactory socketFactory;
    private final boolean verifyHostname;
    private final String trustedBy;
    private final String keyStore;

    private TlsOptions(SSLSocketFactory socketFactory, boolean verifyHostname, String trustedBy, String keyStore) {
        this.socketFactory = socketFactory;
        this.verifyHostname = verifyHostname;
        this.trustedBy = trustedBy;
        this.keyStore = keyStore;
    }

    /**
     * Reads the TLS options of a spec whose option keys {@code options} has already checked.
     *
     * @param kind the kind, for messages
     * @param spec the spec
     * @param options the spec's options
     * @param tls whether option {@code uri} is a {@code rediss://} URI
     * @return the options, or empty when the URI is not {@code rediss://} (and no TLS option is given)
     * @throws IllegalArgumentException naming the option (and the file, never a password) if a TLS
     *     option is given without a {@code rediss://} URI, both a CA file and a trust store are
     *     given, a password is given without its store, a file cannot be read, a password is
     *     wrong, or a file holds no certificate
     */
    static Optional<TlsOptions> read(String kind, FilterSpec spec, SpecOptions options, boolean tls) {
        if (!tls) {
            for (String key : new java.util.TreeSet<>(KEYS)) {
                if (spec.option(key).isPresent()) {
                    throw new IllegalArgumentException("option '" + key + "' of kind '" + kind + "' needs TLS: give"
                            + " option '" + Location.URI + "' as rediss://host:port");
                }
            }
            return Optional.empty();
        }
        Optional<String> caCert = spec.option(CA_CERT);
        Optional<String> trustStore = spec.option(TRUST_STORE);
        if (caCert.isPresent() && trustStore.isPresent()) {
            throw new IllegalArgumentException("options '" + CA_CERT + "' and '" + TRUST_STORE + "' of kind '" + kind
                    + "' cannot both be given: trust either the certificates of a PEM file or those of a trust store");
        }
        requireStore(kind, spec, TRUST_STORE_PASSWORD, TRUST_STORE);
        requireStore(kind, spec, KEY_STORE_PASSWORD, KEY_STORE);
        boolean verifyHostname = options.booleanValue(VERIFY_HOSTNAME, true);
        try {
            KeyStore anchors = null;
            String trustedBy = "the JVM's default trust store (javax.net.ssl.trustStore, else the JDK's cacerts)";
            if (caCert.isPresent()) {
                anchors = readCaCertificates(caCert.get());
                trustedBy = CA_CERT + " " + caCert.get();
            } else if (trustStore.isPresent()) {
                anchors = readStore(option(TRUST_STORE), option(TRUST_STORE_PASSWORD), trustStore.get(),
                        spec.option(TRUST_STORE_PASSWORD));
                if (!hasCertificate(anchors)) {
                    throw unusable(option(TRUST_STORE), trustStore.get(), "it holds no certificate"
                            + (spec.option(TRUST_STORE_PASSWORD).isEmpty() ? " that can be read without option '"
                                    + TRUST_STORE_PASSWORD + "'" : ""));
                }
                trustedBy = TRUST_STORE + " " + trustStore.get();
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(anchors);
            X509ExtendedKeyManager keys = null;
            Optional<String> keyStore = spec.option(KEY_STORE);
            String jvmKeyStore = System.getProperty(JVM_KEY_STORE);
            if (keyStore.isPresent()) {
                keys = readKeys(option(KEY_STORE), option(KEY_STORE_PASSWORD), keyStore.get(),
                        spec.option(KEY_STORE_PASSWORD).orElse(""));
            } else if (jvmKeyStore != null && !jvmKeyStore.isEmpty() && !jvmKeyStore.equals("NONE")) {
                // As the JVM's default TLS context would: a client certificate from -Djavax.net.ssl.keyStore.
                keys = readKeys(property(JVM_KEY_STORE), property(JVM_KEY_STORE_PASSWORD), jvmKeyStore,
                        System.getProperty(JVM_KEY_STORE_PASSWORD, ""));
                keyStore = Optional.of(jvmKeyStore);
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(new KeyManager[] {new ClientCertificates(keys)},
                    new TrustManager[] {new ExplainingTrustManager(x509(trust), trustedBy)}, null);
            return Optional.of(new TlsOptions(context.getSocketFactory(), verifyHostname, trustedBy,
                    keyStore.orElse(null)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM cannot set up TLS: " + e.getMessage(), e);
        }
    }

    /**
     * Sets the socket factory and parameters of TLS connections on a client configuration. Host
     * names are checked by the JDK's endpoint identification ({@code HTTPS}, RFC 2818) during the
     * handshake rather than by a Jedis {@code hostnameVerifier} after it, so that a mismatch fails
     * the handshake and is explained with the certificate (see {@link ExplainingTrustManager}).
     *
     * @param config the configuration of a client that connects with TLS
     */
    void configure(DefaultJedisClientConfig.Builder config) {
        // A fresh SSLParameters changes only what is set: the socket keeps its protocols, cipher
        // suites and the SNI name Jedis's host gives it.
        SSLParameters parameters = new SSLParameters();
        if (verifyHostname) {
            parameters.setEndpointIdentificationAlgorithm(HTTPS_IDENTIFICATION);
        }
        config.sslSocketFactory(socketFactory).sslParameters(parameters);
    }

    /** @return what is trusted and which client key store is used, never a password */
    @Override
    public String toString() {
        return "TLS trusting " + trustedBy + (keyStore == null ? "" : ", client certificate from " + keyStore)
                + (verifyHostname ? "" : ", host names not verified");
    }

    private static void requireStore(String kind, FilterSpec spec, String password, String store) {
        if (spec.option(password).isPresent() && spec.option(store).isEmpty()) {
            throw new IllegalArgumentException("option '" + password + "' of kind '" + kind + "' is given without"
                    + " option '" + store + "', the file it opens");
        }
    }

    /** The certificates of a PEM (or DER) file, as trust anchors. */
    private static KeyStore readCaCertificates(String file) throws GeneralSecurityException {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(Path.of(file))) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (IOException e) {
            throw unusable(option(CA_CERT), file, "it cannot be read (" + e + ")");
        } catch (CertificateException e) {
            throw unusable(option(CA_CERT), file, "it holds no X.509 certificate in PEM (" + e.getMessage() + ")");
        } catch (java.nio.file.InvalidPathException e) {
            throw unusable(option(CA_CERT), file, "it is not a valid path");
        }
        if (certificates.isEmpty()) {
            throw unusable(option(CA_CERT), file, "it holds no X.509 certificate in PEM (-----BEGIN CERTIFICATE-----)");
        }
        KeyStore anchors = KeyStore.getInstance(KeyStore.getDefaultType());
        try {
            anchors.load(null, null);
        } catch (IOException e) {
            throw new IllegalStateException("cannot create an empty key store: " + e.getMessage(), e);
        }
        int i = 0;
        for (Certificate certificate : certificates) {
            anchors.setCertificateEntry("ca-" + i++, certificate);
        }
        return anchors;
    }

    /** The key manager of a client key store: its private key and certificate chain. */
    private static X509ExtendedKeyManager readKeys(String source, String passwordSource, String file, String password)
            throws GeneralSecurityException {
        KeyStore store = readStore(source, passwordSource, file, Optional.of(password));
        boolean hasKey = false;
        for (String alias : Collections.list(store.aliases())) {
            hasKey |= store.isKeyEntry(alias);
        }
        if (!hasKey) {
            throw unusable(source, file, "it holds no private key with its certificate");
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        try {
            keys.init(store, password.toCharArray());
        } catch (java.security.UnrecoverableKeyException e) {
            throw unusable(source, file, "its private key cannot be read with " + passwordSource
                    + " (a key password other than the store's is not supported)");
        }
        for (KeyManager manager : keys.getKeyManagers()) {
            if (manager instanceof X509ExtendedKeyManager x509) {
                return x509;
            }
        }
        throw new IllegalStateException("the JVM's " + keys.getAlgorithm() + " key manager factory gives no X.509"
                + " key manager");
    }

    /** A PKCS12 or JKS file, its type found from its content. */
    private static KeyStore readStore(String source, String passwordSource, String file, Optional<String> password) {
        Path path;
        try {
            path = Path.of(file);
        } catch (java.nio.file.InvalidPathException e) {
            throw unusable(source, file, "it is not a valid path");
        }
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw unusable(source, file, "it is not a readable file");
        }
        try {
            return KeyStore.getInstance(path.toFile(), password.map(String::toCharArray).orElse(null));
        } catch (IOException e) {
            // The JDK reports a wrong password as an IOException whose cause is UnrecoverableKeyException.
            boolean wrongPassword = e.getCause() instanceof java.security.UnrecoverableKeyException;
            throw unusable(source, file, wrongPassword ? passwordSource + " does not open it (wrong password)"
                    : "it cannot be read as a PKCS12 or JKS key store (" + e.getMessage() + ")");
        } catch (GeneralSecurityException e) {
            throw unusable(source, file, "it is not a PKCS12 or JKS key store (" + e.getMessage() + ")");
        }
    }

    private static boolean hasCertificate(KeyStore store) throws GeneralSecurityException {
        for (String alias : Collections.list(store.aliases())) {
            if (store.getCertificate(alias) != null) {
                return true;
            }
        }
        return false;
    }

    private static X509ExtendedTrustManager x509(TrustManagerFactory factory) {
        for (TrustManager manager : factory.getTrustManagers()) {
            if (manager instanceof X509ExtendedTrustManager x509) {
                return x509;
            }
        }
        throw new IllegalStateException("the JVM's " + factory.getAlgorithm() + " trust manager factory gives no X.509"
                + " trust manager");
    }

    private static String option(String key) {
        return "option '" + key + "'";
    }

    private static String property(String key) {
        return "system property '" + key + "'";
    }

    /**
     * @param source where the file was named, e.g. {@code option 'tlsCaCert'}
     * @param file the file as named
     * @param why what is wrong; never a password
     */
    private static IllegalArgumentException unusable(String source, String file, String why) {
        return new IllegalArgumentException(source + " = '" + file + "' is not usable: " + why);
    }
}
