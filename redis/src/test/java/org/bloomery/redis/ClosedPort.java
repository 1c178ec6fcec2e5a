package org.bloomery.redis;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A loopback port that refuses connections and stays so while this is open: a socket bound to it
 * but never listening. A port merely found free and closed again could be taken meanwhile by a
 * server that another test JVM starts; this one cannot be bound by anyone else (the socket does not
 * allow address reuse), and a connection to it is refused at once.
 */
final class ClosedPort implements AutoCloseable {
    private final Socket socket;

    ClosedPort() throws IOException {
        socket = new Socket();
        socket.setReuseAddress(false);
        socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
    }

    /** @return the port */
    int port() {
        return socket.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
