package org.bloomery.redis;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The JDK's trust manager, with its refusals of a server's certificate explained: which
 * certificate, who issued it, and whether it is not trusted by the configured anchors or does not
 * match the host. The JDK puts this message on the {@link javax.net.ssl.SSLHandshakeException} it
 * throws, so it reaches the user through the client's exception (see {@link TlsFailure}).
 */
final class ExplainingTrustManager extends X509ExtendedTrustManager {
    /** Subject alternative name types of X.509: 2 is a DNS name, 7 an IP address. */
    private static final int DNS_NAME = 2;
    private static final int IP_ADDRESS = 7;

    private final X509ExtendedTrustManager delegate;
    private final String trustedBy;

    /**
     * @param delegate the JDK's trust manager
     * @param trustedBy the trust anchors, as the message names them, e.g. {@code tlsCaCert /etc/ca.pem}
     */
    ExplainingTrustManager(X509ExtendedTrustManager delegate, String trustedBy) {
        this.delegate = delegate;
        this.trustedBy = trustedBy;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        SSLSocket ssl = socket instanceof SSLSocket s ? s : null;
        SSLSession session = ssl == null ? null : ssl.getHandshakeSession();
        ClientCertificates.handshakeStarted(session);
        try {
            delegate.checkServerTrusted(chain, authType, socket);
        } catch (CertificateException e) {
            throw explain(chain, authType, session, ssl != null && checksHost(ssl.getSSLParameters()), e);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        SSLSession session = engine == null ? null : engine.getHandshakeSession();
        ClientCertificates.handshakeStarted(session);
        try {
            delegate.checkServerTrusted(chain, authType, engine);
        } catch (CertificateException e) {
            throw explain(chain, authType, session, engine != null && checksHost(engine.getSSLParameters()), e);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        try {
            delegate.checkServerTrusted(chain, authType);
        } catch (CertificateException e) {
            throw explain(chain, authType, null, false, e);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        delegate.checkClientTrusted(chain, authType, socket);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        delegate.checkClientTrusted(chain, authType, engine);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        delegate.checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return delegate.getAcceptedIssuers();
    }

    private static boolean checksHost(SSLParameters parameters) {
        return parameters != null && parameters.getEndpointIdentificationAlgorithm() != null;
    }

    /**
     * The refusal, explained. The chain is checked once more without the connection (the
     * two-argument check does no endpoint identification): if it passes and the host was checked,
     * the host was what failed.
     */
    private CertificateException explain(X509Certificate[] chain, String authType, SSLSession session,
            boolean hostChecked, CertificateException refusal) {
        if (chain == null || chain.length == 0) {
            return refusal;
        }
        X509Certificate leaf = chain[0];
        String host = session == null ? null : session.getPeerHost();
        String certificate = "the server's certificate (" + leaf.getSubjectX500Principal().getName() + ", issued by "
                + leaf.getIssuerX500Principal().getName() + ")";
        boolean chainTrusted;
        try {
            delegate.checkServerTrusted(chain, authType);
            chainTrusted = true;
        } catch (CertificateException | RuntimeException e) {
            chainTrusted = false;
        }
        String reason = TlsFailure.root(refusal).getMessage();
        String message;
        if (chainTrusted && hostChecked) {
            message = certificate + " does not match host " + (host == null ? "named in the URI" : host) + " (its names: "
                    + names(leaf) + "; hostname verification; set " + TlsOptions.VERIFY_HOSTNAME + "=false to skip it)";
        } else if (chainTrusted) {
            message = certificate + " is trusted by " + trustedBy + " but refused for this connection (" + reason + ")";
        } else {
            message = certificate + " is not trusted by " + trustedBy + " (" + reason + ")";
        }
        return new CertificateException(message, refusal);
    }

    /** The certificate's subject alternative names (DNS and IP), or "none". */
    private static String names(X509Certificate certificate) {
        try {
            Collection<List<?>> names = certificate.getSubjectAlternativeNames();
            if (names == null || names.isEmpty()) {
                return "no subject alternative name";
            }
            StringBuilder text = new StringBuilder();
            for (List<?> name : names) {
                int type = (Integer) name.get(0);
                if (type == DNS_NAME || type == IP_ADDRESS) {
                    text.append(text.length() == 0 ? "" : ", ").append(type == DNS_NAME ? "DNS:" : "IP:")
                            .append(name.get(1));
                }
            }
            return text.length() == 0 ? "no DNS or IP subject alternative name" : text.toString();
        } catch (java.security.cert.CertificateParsingException e) {
            return "subject alternative names unreadable";
        }
    }
}
