package org.bloomery.compare.redis;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * A {@code redis-server} on a free loopback port for the comparison: the binary named by {@code
 * BLOOMERY_REDIS_SERVER}, else {@code redis-server} on the PATH, else the one inside the {@code
 * embedded-redis} jar (Redis 6.2, Linux and macOS), copied to a temporary directory. Persistence is
 * off; the process is stopped by {@link #close} or by a shutdown hook.
 */
final class EmbeddedRedis implements AutoCloseable {
    private static final String LOOPBACK = "127.0.0.1";
    private final Process process;
    private final Path directory;
    private final int port;
    private final Thread hook;

    private EmbeddedRedis(Process process, Path directory, int port) {
        this.process = process;
        this.directory = directory;
        this.port = port;
        this.hook = new Thread(process::destroyForcibly);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts a server and waits (at most 15 s) until it accepts connections. */
    static EmbeddedRedis start() throws IOException {
        Path directory = Files.createTempDirectory("bloomery-compare-redis-");
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            port = socket.getLocalPort();
        }
        Path binary = binary(directory);
        Process process = new ProcessBuilder(List.of(binary.toString(), "--port", Integer.toString(port), "--bind",
                LOOPBACK, "--save", "", "--appendonly", "no", "--dir", directory.toString()))
                .redirectErrorStream(true).redirectOutput(directory.resolve("redis.log").toFile()).start();
        EmbeddedRedis server = new EmbeddedRedis(process, directory, port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                String log = Files.readString(directory.resolve("redis.log"));
                server.close();
                throw new IOException("redis-server exited on start: " + log);
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(LOOPBACK, port), 200);
                return server;
            } catch (IOException notYet) {
                sleep();
            }
        }
        server.close();
        throw new IOException("redis-server did not listen on port " + port + " within 15 s");
    }

    /** @return {@code redis://127.0.0.1:port} */
    String uri() {
        return "redis://" + LOOPBACK + ":" + port;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook runs anyway.
        }
        for (String file : new String[] {"redis.log", "redis-server"}) {
            directory.resolve(file).toFile().delete();
        }
        directory.toFile().delete();
    }

    private static Path binary(Path directory) throws IOException {
        String named = System.getenv("BLOOMERY_REDIS_SERVER");
        if (named != null && !named.isBlank()) {
            return Path.of(named);
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(dir, "redis-server");
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        boolean arm = arch.equals("aarch64");
        String resource = os.contains("mac") ? (arm ? "redis-server-6.2.6-v5-darwin-arm64" : "redis-server-6.2.6-v5-darwin-amd64")
                : arm ? "redis-server-6.2.7-linux-arm64" : "redis-server-6.2.6-v5-linux-amd64";
        try (InputStream in = EmbeddedRedis.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no redis-server: set BLOOMERY_REDIS_SERVER, put redis-server on the PATH,"
                        + " or pass --redis-uri");
            }
            Path target = directory.resolve("redis-server");
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            if (!target.toFile().setExecutable(true, true)) {
                throw new IOException("cannot make " + target + " executable");
            }
            return target;
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
