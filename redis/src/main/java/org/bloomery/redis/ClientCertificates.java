package org.bloomery.redis;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * The client's key manager: the keys of option {@code tlsKeyStore} (or of the JVM's key store), if
 * any, and a record of the servers whose latest handshake asked for a client certificate that
 * could not be given. Under TLS 1.3 a server that requires one refuses the client only after the
 * client's side of the handshake is done, often by closing the connection before its alert can be
 * read; the record is what lets {@link TlsFailure} still say why. It is kept for the whole JVM,
 * by server, because the failure reaches {@link TlsFailure} as the client's exception, which
 * carries no link to the connection; it holds one short text per server.
 */
final class ClientCertificates extends X509ExtendedKeyManager {
    /** Server ({@code host:port}) to what was missing, for servers whose latest handshake asked in vain. */
    private static final Map<String, String> ASKED_IN_VAIN = new ConcurrentHashMap<>();

    private final X509ExtendedKeyManager keys;

    /** @param keys the key manager of option {@code tlsKeyStore}, or null when it is not given */
    ClientCertificates(X509ExtendedKeyManager keys) {
        this.keys = keys;
    }

    /**
     * What the server's latest handshake asked for in vain.
     *
     * @param server the server as {@code host:port}
     * @return e.g. "the server asked for a client certificate and none was given (option
     *     tlsKeyStore)", or null if its latest handshake asked for none or got one
     */
    static String askedInVain(String server) {
        return ASKED_IN_VAIN.get(server);
    }

    /**
     * Forgets what a server asked before: called when a new handshake with it checks its
     * certificate, which comes before any request for the client's.
     */
    static void handshakeStarted(SSLSession session) {
        String server = server(session);
        if (server != null) {
            ASKED_IN_VAIN.remove(server);
        }
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        String alias = keys == null ? null : keys.chooseClientAlias(keyTypes, issuers, socket);
        return recorded(alias, socket instanceof SSLSocket ssl ? ssl.getHandshakeSession() : null);
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        String alias = keys == null ? null : keys.chooseEngineClientAlias(keyTypes, issuers, engine);
        return recorded(alias, engine == null ? null : engine.getHandshakeSession());
    }

    private String recorded(String alias, SSLSession session) {
        String server = server(session);
        if (alias == null && server != null) {
            ASKED_IN_VAIN.put(server, keys == null
                    ? "the server asked for a client certificate and none was given (option " + TlsOptions.KEY_STORE + ")"
                    : "the server asked for a client certificate and none in option " + TlsOptions.KEY_STORE
                            + " fits the key types and issuers it accepts");
        }
        return alias;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return keys == null ? null : keys.getClientAliases(keyType, issuers);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return keys == null ? null : keys.getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return keys == null ? null : keys.getPrivateKey(alias);
    }

    /** A client has no server keys. */
    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return null;
    }

    /** A client has no server keys. */
    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return null;
    }

    private static String server(SSLSession session) {
        return session == null || session.getPeerHost() == null ? null
                : RedisUri.server(session.getPeerHost(), session.getPeerPort());
    }
}
