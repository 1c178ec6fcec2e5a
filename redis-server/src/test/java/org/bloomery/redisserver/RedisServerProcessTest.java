package org.bloomery.redisserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/**
 * Ports that another process takes between the check that found them free and the start of
 * redis-server, as a second test JVM starting its own servers does: the start moves on to new
 * ports, never mistakes another server for its own, and gives up with the ports it tried.
 */
class RedisServerProcessTest {
    /** A listening socket on a loopback port, as another server holds it. */
    private static ServerSocket occupy() throws IOException {
        return new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    /** The given ports first, then ports free when asked (each closed before it is handed out). */
    private static IntSupplier portsStartingWith(int... first) {
        Deque<Integer> queue = new ArrayDeque<>();
        for (int port : first) {
            queue.add(port);
        }
        return () -> {
            if (!queue.isEmpty()) {
                return queue.poll();
            }
            try (ServerSocket socket = occupy()) {
                return socket.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    private static String ping(int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000);
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readNBytes(5), StandardCharsets.US_ASCII);
        }
    }

    @Test
    void aPortTakenBeforeTheStartIsLeftAndAnotherServed() throws IOException {
        try (ServerSocket taken = occupy();
                RedisServerProcess server = RedisServerProcess.start(portsStartingWith(taken.getLocalPort()), List.of())) {
            assertThat(server.port()).isNotEqualTo(taken.getLocalPort());
            assertThat(ping(server.port())).isEqualTo("+PONG");
        }
    }

    @Test
    void anotherServerOnThePortIsNotMistakenForItsOwn() throws IOException {
        // The other server answers PING on the port, while the new process has exited on it.
        try (RedisServerProcess other = RedisServerProcess.start();
                RedisServerProcess server = RedisServerProcess.start(portsStartingWith(other.port()), List.of())) {
            assertThat(server.port()).isNotEqualTo(other.port());
            other.close();
            assertThat(server.isAlive()).isTrue();
            assertThat(ping(server.port())).isEqualTo("+PONG");
        }
    }

    @Test
    void portsTakenAtEveryAttemptEndInAnExceptionNamingThem() throws IOException {
        try (ServerSocket taken = occupy()) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> RedisServerProcess.start(() -> port, List.of()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(RedisServerProcess.BIND_ATTEMPTS + " times")
                    .hasMessageContaining(Integer.toString(port))
                    .hasMessageContaining("Address already in use");
        }
    }

    @Test
    void aRestartOnAPortTakenMeanwhileFailsNamingIt() throws IOException {
        try (RedisServerProcess server = RedisServerProcess.start()) {
            server.kill();
            try (ServerSocket taken = new ServerSocket(server.port(), 1, InetAddress.getLoopbackAddress())) {
                assertThatThrownBy(server::restart).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("port " + server.port() + " was taken while it was down");
            }
        }
    }

    @Test
    void aSentinelServesOnItsOwnPortAndMonitorsTheMaster() throws IOException {
        try (RedisServerProcess master = RedisServerProcess.start();
                RedisServerProcess sentinel = RedisServerProcess.startSentinel("mymaster", master.port(), 1, 1000,
                        3000)) {
            assertThat(sentinel.port()).isNotEqualTo(master.port());
            assertThat(ping(sentinel.port())).isEqualTo("+PONG");
            assertThat(Files.readString(sentinel.directory().resolve("sentinel.conf")))
                    .contains("sentinel monitor mymaster 127.0.0.1 " + master.port() + " 1");
        }
    }
}
