package org.bloomery.redis;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import javax.net.ssl.SSLException;

/**
 * Explains a failed TLS connection from the client's exception: the first {@link SSLException}
 * among its causes and suppressed exceptions (a Jedis pool puts the socket's exception in the
 * cause chain; a cluster client's first connection, in a suppressed exception). A refused server
 * certificate carries {@link ExplainingTrustManager}'s message; a refusal by the server arrives as
 * a TLS alert, named here by what the user can change.
 */
final class TlsFailure {
    private TlsFailure() {
    }

    /**
     * Describes a TLS failure.
     *
     * @param server the server as {@code host:port}
     * @param thrown the client's exception
     * @return e.g. "TLS handshake with 127.0.0.1:6380 failed: the server's certificate (...) is not
     *     trusted by tlsCaCert /etc/ca.pem (...)", or null if no TLS exception is among its causes
     */
    static String describe(String server, Throwable thrown) {
        SSLException tls = find(thrown);
        // Only a failure on a TLS socket is explained by what the server's TLS handshake asked.
        String askedInVain = onTlsSocket(thrown) ? ClientCertificates.askedInVain(server) : null;
        if (tls == null) {
            // The server may have closed the connection at once, before its alert could be read.
            return askedInVain == null ? null : "TLS handshake with " + server + " failed: " + askedInVain
                    + "; the server closed the connection (" + root(thrown) + ")";
        }
        String detail = String.valueOf(tls.getMessage());
        String reason;
        if (askedInVain != null) {
            reason = askedInVain + " (" + detail + ")";
        } else if (detail.contains("bad_certificate") || detail.contains("unknown_ca")
                || detail.contains("certificate_unknown") || detail.contains("decrypt_error")) {
            reason = "the server refused the client certificate of option " + TlsOptions.KEY_STORE
                    + ": it does not trust its issuer, or the certificate is expired (" + detail + ")";
        } else if (detail.contains("Unsupported or unrecognized SSL message")) {
            reason = "the server did not answer in TLS; is this port plain text (use redis://)? (" + detail + ")";
        } else {
            reason = detail;
        }
        return "TLS handshake with " + server + " failed: " + reason;
    }

    /**
     * Whether the failing I/O ran through the JDK's TLS socket: its frames are on the stack of the
     * exception's root cause (a plain socket's failure has none).
     */
    private static boolean onTlsSocket(Throwable thrown) {
        for (StackTraceElement frame : root(thrown).getStackTrace()) {
            if (frame.getClassName().startsWith("sun.security.ssl.")) {
                return true;
            }
        }
        return false;
    }

    /** @return the last exception of the cause chain */
    static Throwable root(Throwable thrown) {
        Throwable root = thrown;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    /** The first SSLException reached through causes and suppressed exceptions, breadth first. */
    private static SSLException find(Throwable thrown) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> queue = new ArrayDeque<>();
        queue.add(thrown);
        while (!queue.isEmpty()) {
            Throwable next = queue.poll();
            if (!seen.add(next)) {
                continue;
            }
            if (next instanceof SSLException ssl) {
                return ssl;
            }
            if (next.getCause() != null) {
                queue.add(next.getCause());
            }
            Collections.addAll(queue, next.getSuppressed());
        }
        return null;
    }
}
