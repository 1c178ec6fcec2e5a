package org.bloomery.redisserver;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.stream.Stream;

/**
 * A real {@code redis-server} process on a free loopback port (persistence off), for tests and
 * tools: a server, a replica ({@code --replicaof}) or a Redis Sentinel ({@link #startSentinel}).
 * The binary is the one named by the environment variable {@value #ENV}, else {@code redis-server}
 * on the PATH, else the Linux or macOS binary shipped inside {@code
 * com.github.codemonstur:embedded-redis} (which the caller puts on the class path), extracted to a
 * temporary directory. Every process started is stopped by {@link #close} or, at the latest, by a
 * shutdown hook. Thread-safe.
 */
public final class RedisServerProcess implements AutoCloseable {
    /** The environment variable naming a {@code redis-server} binary to use. */
    public static final String ENV = "BLOOMERY_REDIS_SERVER";
    private static final String LOOPBACK = "127.0.0.1";
    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();
    private static final long START_TIMEOUT_MILLIS = 15_000;
    /** Starts tried, each on new ports, before giving up on ports that others keep taking first. */
    static final int BIND_ATTEMPTS = 10;
    /** What redis-server logs once it listens on every port it was given. */
    private static final String READY = "Ready to accept connections";
    /** What redis-server in Sentinel mode logs once it listens and watches its master. */
    private static final String SENTINEL_READY = "+monitor master";
    /** What redis-server logs (then exits) when a port it was given is bound by another process. */
    private static final String ADDRESS_IN_USE = "Address already in use";
    private static Path binary;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroyForcibly)));
    }

    private final Process process;
    private final int port;
    /** The TLS port, or 0 when the server has none. */
    private final int tlsPort;
    private final Path directory;
    private final List<String> command;
    /** What this process logs once it serves. */
    private final String ready;

    private RedisServerProcess(Process process, int port, int tlsPort, Path directory, List<String> command,
            String ready) {
        this.process = process;
        this.port = port;
        this.tlsPort = tlsPort;
        this.directory = directory;
        this.command = command;
        this.ready = ready;
    }

    /**
     * Starts a server with extra configuration, e.g. {@code "--requirepass", "secret"}.
     *
     * @param extra {@code redis-server} arguments
     * @return the running server, answering PING
     * @throws IllegalStateException if no binary can be found or started, saying how to provide one
     */
    public static RedisServerProcess start(String... extra) {
        return start(List.of(), extra);
    }

    /**
     * Starts a server that also listens with TLS on a second free loopback port ({@link
     * #tlsPort()}), with the given PEM files. Clients need no certificate of their own unless
     * {@code extra} holds {@code "--tls-auth-clients", "yes"} (later arguments win). The plain port
     * stays open: the readiness check uses it, and Redis opens both before it serves either.
     *
     * @param certificate the server's certificate (chain), PEM
     * @param key the server's private key, PEM ({@code -----BEGIN PRIVATE KEY-----})
     * @param caCertificates the certificates that client certificates are checked against, PEM
     * @param extra further {@code redis-server} arguments
     * @return the running server, answering PING on its plain port
     * @throws IllegalStateException if no binary can be found or started, or it has no TLS support
     */
    public static RedisServerProcess startWithTls(Path certificate, Path key, Path caCertificates, String... extra) {
        try {
            return start(List.of("--tls-cert-file", certificate.toString(), "--tls-key-file", key.toString(),
                    "--tls-ca-cert-file", caCertificates.toString(), "--tls-auth-clients", "no"), extra);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(e.getMessage() + " (a redis-server built with TLS is needed: BUILD_TLS=yes)",
                    e);
        }
    }

    /**
     * Starts a Redis Sentinel (the same binary, {@code --sentinel}) that monitors the master on a
     * loopback port under a name, with its configuration file in its own directory (Sentinel
     * rewrites it as it learns the replicas, the other sentinels and each failover).
     *
     * @param masterName the name the master is monitored by
     * @param masterPort the master's loopback port
     * @param quorum sentinels that must agree the master is down before a failover
     * @param downAfterMillis how long the master must not answer before this sentinel deems it down
     * @param failoverTimeoutMillis Sentinel's {@code failover-timeout}: how long before a failover
     *     that did not finish is tried again
     * @return the running sentinel, monitoring the master; its {@link #port()} is the Sentinel port
     * @throws IllegalStateException as {@link #start(String...)}
     */
    public static RedisServerProcess startSentinel(String masterName, int masterPort, int quorum, int downAfterMillis,
            int failoverTimeoutMillis) {
        String config = String.join("\n",
                "sentinel monitor " + masterName + " " + LOOPBACK + " " + masterPort + " " + quorum,
                "sentinel down-after-milliseconds " + masterName + " " + downAfterMillis,
                "sentinel failover-timeout " + masterName + " " + failoverTimeoutMillis,
                "sentinel parallel-syncs " + masterName + " 1", "");
        return start(RedisServerProcess::freePort, List.of(), directory -> {
            Path file = directory.resolve("sentinel.conf");
            try {
                Files.writeString(file, config);
            } catch (IOException e) {
                throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
            }
            return List.of(file.toString(), "--sentinel");
        }, SENTINEL_READY);
    }

    /** Starts a server on free ports; a TLS port is added when {@code tls} holds TLS arguments. */
    private static RedisServerProcess start(List<String> tls, String... extra) {
        return start(RedisServerProcess::freePort, tls, extra);
    }

    /**
     * Starts a server on ports drawn from {@code ports}. A port found free may be taken by another
     * process (another test JVM starting its own server, say) before redis-server binds it; redis-server
     * then logs "Address already in use" and exits, and the start is tried again on new ports, at most
     * {@value #BIND_ATTEMPTS} times.
     */
    static RedisServerProcess start(IntSupplier ports, List<String> tls, String... extra) {
        return start(ports, tls, directory -> List.of(), READY, extra);
    }

    /**
     * As {@link #start(IntSupplier, List, String...)}, with arguments that must come first (a
     * configuration file written into the process's directory) and what the process logs once it
     * serves.
     */
    private static RedisServerProcess start(IntSupplier ports, List<String> tls, Function<Path, List<String>> leading,
            String ready, String... extra) {
        List<Integer> tried = new ArrayList<>();
        String lastLog = "";
        for (int attempt = 0; attempt < BIND_ATTEMPTS; attempt++) {
            int port = ports.getAsInt();
            int tlsPort = 0;
            while (!tls.isEmpty() && (tlsPort == 0 || tlsPort == port)) {
                tlsPort = ports.getAsInt();
            }
            tried.add(port);
            Path directory = createDirectory();
            List<String> command = new ArrayList<>(List.of(binary().toString()));
            command.addAll(leading.apply(directory));
            command.addAll(List.of("--port", Integer.toString(port), "--bind", LOOPBACK, "--save", "", "--appendonly",
                    "no", "--dir", directory.toString()));
            if (!tls.isEmpty()) {
                command.addAll(List.of("--tls-port", Integer.toString(tlsPort)));
                command.addAll(tls);
            }
            command.addAll(List.of(extra));
            // Readiness is read from the log (see awaitReady): no argument may quiet it.
            command.addAll(List.of("--loglevel", "notice"));
            try {
                return launch(command, port, tlsPort, directory, ready);
            } catch (PortTaken e) {
                lastLog = e.getMessage();
            }
        }
        throw new IllegalStateException("redis-server found each of its ports taken when it started, "
                + BIND_ATTEMPTS + " times (ports " + tried + "); the last log: " + lastLog);
    }

    private static Path createDirectory() {
        try {
            return Files.createTempDirectory("bloomery-redis-");
        } catch (IOException e) {
            throw new IllegalStateException("cannot create a directory for redis-server: " + e.getMessage(), e);
        }
    }

    /** Starts the command and waits until it serves; {@link PortTaken} when it could not bind a port. */
    private static RedisServerProcess launch(List<String> command, int port, int tlsPort, Path directory,
            String ready) {
        Path log = directory.resolve("redis.log");
        try {
            // A restart appends to the log of the killed process: only what follows is this one's.
            long logStart = Files.exists(log) ? Files.size(log) : 0;
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            RUNNING.add(process);
            RedisServerProcess server = new RedisServerProcess(process, port, tlsPort, directory, command, ready);
            server.awaitReady(log, logStart);
            return server;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start redis-server: " + e.getMessage() + "; " + howToProvide(), e);
        }
    }

    /**
     * Kills the process at once ({@code SIGKILL}, as a crash or an OOM killer would), leaving its
     * directory (and whatever it persisted there) for {@link #restart}.
     */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        RUNNING.remove(process);
    }

    /**
     * Starts the server again, after {@link #kill}, on the same port and directory with the same
     * arguments: without persistence it comes back empty, as a restarted production server does.
     *
     * @return the new process, answering PING; close it (not this one) when done
     */
    public RedisServerProcess restart() {
        if (process.isAlive()) {
            throw new IllegalStateException("the server on port " + port + " is still running; kill it first");
        }
        try {
            return launch(command, port, tlsPort, directory, ready);
        } catch (PortTaken e) {
            // A restarted node must keep its port (a cluster knows it by it): no other port will do.
            throw new IllegalStateException("cannot restart redis-server: port " + port
                    + " was taken while it was down: " + e.getMessage(), e);
        }
    }

    /** Stops the process ({@code SIGSTOP}): it keeps its connections but answers nothing until {@link #resume}. */
    public void pause() {
        signal("STOP");
    }

    /** Lets a {@link #pause paused} process run again ({@code SIGCONT}). */
    public void resume() {
        signal("CONT");
    }

    private void signal(String name) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
            if (!kill.waitFor(5, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill -" + name + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling redis-server", e);
        }
    }

    /** @return the server's working directory, where it keeps what it persists */
    public Path directory() {
        return directory;
    }

    /** @return the server's loopback port */
    public int port() {
        return port;
    }

    /** @return {@code redis://127.0.0.1:port} */
    public String uri() {
        return "redis://" + LOOPBACK + ":" + port;
    }

    /**
     * @return the TLS port of a server started by {@link #startWithTls}
     * @throws IllegalStateException if the server was started without TLS
     */
    public int tlsPort() {
        if (tlsPort == 0) {
            throw new IllegalStateException("this redis-server was started without TLS; use startWithTls");
        }
        return tlsPort;
    }

    /**
     * @return {@code rediss://127.0.0.1:tlsPort}
     * @throws IllegalStateException as {@link #tlsPort()}
     */
    public String tlsUri() {
        return "rediss://" + LOOPBACK + ":" + tlsPort();
    }

    /** @return whether the process is still running */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the process and removes its directory. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        RUNNING.remove(process);
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A leftover temporary directory is harmless.
        }
    }

    /**
     * Waits until this process logs that it serves. A PING alone would not do: when another server
     * took the port first, this one exits, but the other answers the PING.
     */
    private void awaitReady(Path log, long logStart) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            boolean exited = !process.isAlive();
            String output = logSince(log, logStart);
            if (exited) {
                close();
                if (output.contains(ADDRESS_IN_USE)) {
                    throw new PortTaken(output.strip());
                }
                throw new IllegalStateException("redis-server " + binary + " exited with " + process.exitValue()
                        + " on start: " + output + "; " + howToProvide());
            }
            if (output.contains(ready)) {
                return;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        close();
        throw new IllegalStateException("redis-server did not listen on port " + port + " within "
                + START_TIMEOUT_MILLIS + " ms; " + howToProvide());
    }

    private static String logSince(Path log, long start) throws IOException {
        byte[] bytes = Files.readAllBytes(log);
        return new String(bytes, (int) Math.min(start, bytes.length), (int) Math.max(0, bytes.length - start),
                StandardCharsets.UTF_8);
    }

    /**
     * A free loopback port whose cluster-bus twin (port + 10000, which a cluster node also opens)
     * is free too.
     */
    private static int freePort() {
        try {
            return findFreePort();
        } catch (IOException e) {
            throw new IllegalStateException("cannot find a free loopback port: " + e.getMessage(), e);
        }
    }

    private static int findFreePort() throws IOException {
        InetAddress loopback = InetAddress.getByName(LOOPBACK);
        for (int attempt = 0; attempt < 100; attempt++) {
            try (ServerSocket socket = new ServerSocket(0, 1, loopback)) {
                int port = socket.getLocalPort();
                if (port + 10_000 > 65_535) {
                    continue;
                }
                // Opened only to see that the cluster bus port is free, then closed.
                try (ServerSocket bus = new ServerSocket(port + 10_000, 1, loopback)) {
                    bus.getLocalPort();
                    return port;
                } catch (IOException busTaken) {
                    // Try another port.
                }
            }
        }
        throw new IOException("no free loopback port pair (port, port + 10000) found in 100 attempts");
    }

    private static synchronized Path binary() {
        if (binary == null) {
            try {
                binary = findBinary();
            } catch (IOException e) {
                throw new IllegalStateException("cannot find redis-server: " + e.getMessage() + "; " + howToProvide(), e);
            }
        }
        return binary;
    }

    private static Path findBinary() throws IOException {
        String named = System.getenv(ENV);
        if (named != null && !named.isBlank()) {
            Path path = Path.of(named);
            if (!Files.isExecutable(path)) {
                throw new IllegalStateException(ENV + " = " + named + " is not an executable file; " + howToProvide());
            }
            return path;
        }
        String pathVariable = System.getenv("PATH");
        if (pathVariable != null) {
            for (String dir : pathVariable.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(dir, "redis-server");
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return extractEmbedded();
    }

    /** The binary inside the embedded-redis jar for this machine, copied out and made executable. */
    private static Path extractEmbedded() throws IOException {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        String resource;
        if (os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
            resource = "redis-server-6.2.6-v5-linux-amd64";
        } else if (os.contains("linux") && arch.equals("aarch64")) {
            resource = "redis-server-6.2.7-linux-arm64";
        } else if (os.contains("mac") && arch.equals("aarch64")) {
            resource = "redis-server-6.2.6-v5-darwin-arm64";
        } else if (os.contains("mac")) {
            resource = "redis-server-6.2.6-v5-darwin-amd64";
        } else {
            throw new IllegalStateException("no redis-server binary for " + os + "/" + arch + "; " + howToProvide());
        }
        try (InputStream in = RedisServerProcess.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the test class path has no " + resource
                        + " (from com.github.codemonstur:embedded-redis); " + howToProvide());
            }
            Path directory = Files.createTempDirectory("bloomery-redis-bin-");
            Path target = directory.resolve("redis-server");
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            if (!target.toFile().setExecutable(true, true)) {
                throw new IllegalStateException("cannot make " + target + " executable; " + howToProvide());
            }
            target.toFile().deleteOnExit();
            directory.toFile().deleteOnExit();
            return target;
        }
    }

    /** The started process could not bind a port it was given; its log says so. */
    private static final class PortTaken extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PortTaken(String log) {
            super(log, null, false, false);
        }
    }

    private static String howToProvide() {
        return "a redis-server binary (6.2 or later) is needed: set the environment variable " + ENV
                + " to its path, or put redis-server on the PATH (e.g. apt-get install redis-server)";
    }
}
