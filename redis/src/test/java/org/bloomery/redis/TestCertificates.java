package org.bloomery.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The certificates of the TLS tests, made with the JDK alone ({@code keytool} of the running JDK,
 * no openssl): a test CA, and signed by it a server certificate for IP 127.0.0.1, one for another
 * host, and a client certificate; an unrelated CA; a PEM bundle of both CAs; trust stores (PKCS12
 * and JKS) holding the test CA. Private keys for {@code redis-server} are written as PKCS#8 PEM
 * from the PKCS12 files. Keys are EC P-256 (quick to make), valid for two days. Made once per test
 * JVM.
 */
final class TestCertificates {
    /** The password of every store made here. */
    static final String STORE_PASSWORD = "st0re-Secr3t-4412";
    private static final String KEYTOOL = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    private static final long KEYTOOL_TIMEOUT_SECONDS = 60;
    private static TestCertificates made;

    /** The test CA's certificate, PEM. */
    final Path caPem;
    /** A CA that signed nothing here, PEM. */
    final Path otherCaPem;
    /** Both CAs in one PEM file, the unrelated one first. */
    final Path caBundlePem;
    /** The server's certificate (SAN IP 127.0.0.1), PEM, and its key. */
    final Path serverPem;
    final Path serverKey;
    /** A server certificate for another host (SAN DNS elsewhere.invalid), PEM, and its key. */
    final Path wrongHostPem;
    final Path wrongHostKey;
    /** The client's key and CA-signed certificate chain, PKCS12. */
    final Path clientKeyStore;
    /** The test CA as trust stores, PKCS12 and JKS. */
    final Path trustStoreP12;
    final Path trustStoreJks;

    private TestCertificates(Path dir) {
        caPem = dir.resolve("ca.pem");
        otherCaPem = dir.resolve("other-ca.pem");
        caBundlePem = dir.resolve("ca-bundle.pem");
        serverPem = dir.resolve("server.pem");
        serverKey = dir.resolve("server.key");
        wrongHostPem = dir.resolve("wrong-host.pem");
        wrongHostKey = dir.resolve("wrong-host.key");
        clientKeyStore = dir.resolve("client.p12");
        trustStoreP12 = dir.resolve("truststore.p12");
        trustStoreJks = dir.resolve("truststore.jks");
    }

    /** @return the certificates, made on first use in a temporary directory removed at exit */
    static synchronized TestCertificates get() {
        if (made == null) {
            try {
                Path dir = Files.createTempDirectory("bloomery-tls-");
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
                TestCertificates certificates = new TestCertificates(dir);
                certificates.make(dir);
                made = certificates;
            } catch (IOException | GeneralSecurityException e) {
                throw new IllegalStateException("cannot make the test certificates: " + e, e);
            }
        }
        return made;
    }

    private static void delete(Path dir) {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A leftover temporary directory is harmless.
        }
    }

    /**
     * Makes the files. The keytool runs come in three rounds (key pairs, requests, signatures);
     * the runs of a round are independent, so they run at once.
     */
    private void make(Path dir) throws IOException, GeneralSecurityException {
        Path ca = dir.resolve("ca.p12");
        Path otherCa = dir.resolve("other-ca.p12");
        Map<String, String[]> leaves = new LinkedHashMap<>();
        leaves.put("server", new String[] {"CN=redis-server", "SAN=ip:127.0.0.1"});
        leaves.put("wrong-host", new String[] {"CN=elsewhere", "SAN=dns:elsewhere.invalid"});
        leaves.put("client", new String[] {"CN=bloomery-client", "EKU=clientAuth"});
        List<List<String>> keyPairs = new ArrayList<>(List.of(keyPair(ca, "CN=Bloomery Test CA", "-ext", "bc:c"),
                keyPair(otherCa, "CN=Unrelated CA", "-ext", "bc:c")));
        List<List<String>> requests = new ArrayList<>();
        List<List<String>> signatures = new ArrayList<>();
        for (Map.Entry<String, String[]> leaf : leaves.entrySet()) {
            Path store = dir.resolve(leaf.getKey() + ".p12.tmp");
            Path request = dir.resolve(leaf.getKey() + ".csr");
            keyPairs.add(keyPair(store, leaf.getValue()[0]));
            requests.add(List.of("-certreq", "-alias", "key", "-keystore", store.toString(), "-storepass",
                    STORE_PASSWORD, "-file", request.toString()));
            signatures.add(List.of("-gencert", "-alias", "key", "-keystore", ca.toString(), "-storepass",
                    STORE_PASSWORD, "-infile", request.toString(), "-outfile", dir.resolve(leaf.getKey() + ".pem")
                            .toString(), "-rfc", "-validity", "2", "-ext", leaf.getValue()[1]));
        }
        keytool(keyPairs);
        keytool(requests);
        keytool(signatures);
        writePem("CERTIFICATE", certificate(ca).getEncoded(), caPem);
        writePem("CERTIFICATE", certificate(otherCa).getEncoded(), otherCaPem);
        Files.writeString(caBundlePem, Files.readString(otherCaPem) + Files.readString(caPem));
        writePem("PRIVATE KEY", privateKey(dir.resolve("server.p12.tmp")).getEncoded(), serverKey);
        writePem("PRIVATE KEY", privateKey(dir.resolve("wrong-host.p12.tmp")).getEncoded(), wrongHostKey);
        // The client's store: its key with the chain [client certificate, CA], as a TLS client sends it.
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        List<Certificate> chain = new ArrayList<>(readPem(dir.resolve("client.pem")));
        chain.addAll(readPem(caPem));
        store.setKeyEntry("client", privateKey(dir.resolve("client.p12.tmp")), STORE_PASSWORD.toCharArray(),
                chain.toArray(Certificate[]::new));
        save(store, clientKeyStore);
        for (String type : List.of("PKCS12", "JKS")) {
            KeyStore trust = KeyStore.getInstance(type);
            trust.load(null, null);
            trust.setCertificateEntry("ca", readPem(caPem).get(0));
            save(trust, type.equals("JKS") ? trustStoreJks : trustStoreP12);
        }
    }

    /** The arguments that make an EC P-256 key pair with a self-signed certificate in a new PKCS12 store. */
    private static List<String> keyPair(Path store, String subject, String... extension) {
        List<String> args = new ArrayList<>(List.of("-genkeypair", "-alias", "key", "-keyalg", "EC", "-groupname",
                "secp256r1", "-dname", subject, "-validity", "2", "-keystore", store.toString(), "-storetype", "PKCS12",
                "-storepass", STORE_PASSWORD));
        args.addAll(List.of(extension));
        return args;
    }

    /** Runs keytool once for each argument list, all at once, and waits for every run to succeed. */
    private static void keytool(List<List<String>> runs) throws IOException {
        List<Process> processes = new ArrayList<>();
        for (List<String> args : runs) {
            // Each run is a short JVM: client compiler only and the serial collector start it in
            // about half the CPU time, which counts on a loaded build machine.
            List<String> command = new ArrayList<>(List.of(KEYTOOL, "-J-XX:+IgnoreUnrecognizedVMOptions",
                    "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"));
            command.addAll(args);
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            // Every argument is given; a prompt would read end of input and fail rather than wait.
            process.getOutputStream().close();
            processes.add(process);
        }
        try {
            for (int i = 0; i < processes.size(); i++) {
                Process process = processes.get(i);
                byte[] output = process.getInputStream().readAllBytes();
                if (!process.waitFor(KEYTOOL_TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                    throw new IOException("keytool " + runs.get(i).get(0) + " failed: "
                            + new String(output, StandardCharsets.UTF_8));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool ran", e);
        } finally {
            processes.forEach(Process::destroyForcibly);
        }
    }

    private static PrivateKey privateKey(Path store) throws IOException, GeneralSecurityException {
        return (PrivateKey) load(store).getKey("key", STORE_PASSWORD.toCharArray());
    }

    private static KeyStore load(Path file) throws IOException, GeneralSecurityException {
        return KeyStore.getInstance(file.toFile(), STORE_PASSWORD.toCharArray());
    }

    private static Certificate certificate(Path store) throws IOException, GeneralSecurityException {
        return load(store).getCertificate("key");
    }

    private static void save(KeyStore store, Path file) throws IOException, GeneralSecurityException {
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, STORE_PASSWORD.toCharArray());
        }
    }

    /** DER bytes as PEM: {@code -----BEGIN <type>-----}, base64 in lines of 64, the end line. */
    private static void writePem(String type, byte[] der, Path file) throws IOException {
        Files.writeString(file, "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n", StandardCharsets.US_ASCII);
    }

    private static List<Certificate> readPem(Path file) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(file)) {
            return new ArrayList<>(CertificateFactory.getInstance("X.509").generateCertificates(in));
        }
    }
}
