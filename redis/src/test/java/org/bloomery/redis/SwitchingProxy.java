package org.bloomery.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A loopback TCP proxy whose target can be moved, as a virtual IP or a DNS name that a managed
 * Redis moves to a promoted replica: a handle opened on {@link #uri()} follows the move, and the
 * connections open at the move are closed, as a failover closes them.
 */
final class SwitchingProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile int target;

    /**
     * Starts a proxy to a loopback port.
     *
     * @param target the port connections go to
     * @throws IOException if no port is free
     */
    SwitchingProxy(int target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accepting = new Thread(this::accept, "proxy-accept");
        accepting.setDaemon(true);
        accepting.start();
    }

    /** @return {@code redis://127.0.0.1:port} of the proxy */
    String uri() {
        return "redis://127.0.0.1:" + listener.getLocalPort();
    }

    /**
     * Sends new connections to another port and closes the open ones.
     *
     * @param port the new target
     */
    void moveTo(int port) {
        target = port;
        for (Socket socket : open) {
            closeQuietly(socket);
        }
        open.clear();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket upstream;
                try {
                    upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                } catch (IOException e) {
                    closeQuietly(client);
                    continue;
                }
                open.add(client);
                open.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Copies bytes one way until either side closes, then closes both. */
    private void pump(Socket from, Socket to) {
        Thread copying = new Thread(() -> {
            byte[] buffer = new byte[1 << 16];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // The other side closed, or the proxy moved: both sockets close below.
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        }, "proxy-pump");
        copying.setDaemon(true);
        copying.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Already closed.
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        moveTo(target);
    }
}
