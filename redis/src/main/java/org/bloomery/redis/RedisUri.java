package org.bloomery.redis;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * A server address from option {@code uri}: {@code redis://[user[:password]@]host[:port][/database]},
 * or {@code rediss://} for TLS. The password is kept only to connect: {@link #toString} and every
 * message show the address as {@code host:port}, and {@link #redact} hides the credentials in
 * the URI text.
 *
 * @param host the host
 * @param port the port, 6379 when not given
 * @param user the ACL user, or null for the default user
 * @param password the password, or null
 * @param tls whether to connect with TLS
 * @param database the database number, 0 when not given
 */
record RedisUri(String host, int port, String user, String password, boolean tls, int database) {
    private static final int DEFAULT_PORT = 6379;
    private static final Pattern USERINFO_PASSWORD = Pattern.compile("://.*@");
    /** The hint for a URI whose user information breaks it apart. */
    static final String PERCENT_ENCODE = " a user or password holding '@', ':', '/', '?', '#' or '%' must be"
            + " percent-encoded, e.g. '@' as %40";

    /**
     * Parses a URI.
     *
     * @param text the URI
     * @return the address
     * @throws IllegalArgumentException naming the URI (password hidden) and what is wrong with it
     */
    static RedisUri parse(String text) {
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw bad(text, "it is not a valid URI");
        }
        String scheme = uri.getScheme();
        if (!"redis".equals(scheme) && !"rediss".equals(scheme)) {
            throw bad(text, "its scheme must be redis://, rediss:// (TLS) or " + SentinelUri.SCHEME);
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw bad(text, whyNoHost(uri.getRawAuthority()));
        }
        int port = uri.getPort() == -1 ? DEFAULT_PORT : uri.getPort();
        if (port < 1 || port > 65535) {
            throw bad(text, "its port must be in [1, 65535], got '" + port + "'");
        }
        int database = 0;
        String path = uri.getPath();
        if (path != null && !path.isEmpty() && !path.equals("/")) {
            try {
                database = Integer.parseInt(path.substring(1));
            } catch (NumberFormatException e) {
                throw bad(text, "its path must be a database number, e.g. /0");
            }
            if (database < 0) {
                throw bad(text, "its database number must be at least 0");
            }
        }
        String user = null;
        String password = null;
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            String rawUser = colon < 0 ? userInfo : userInfo.substring(0, colon);
            user = rawUser.isEmpty() ? null : decode(rawUser);
            password = colon < 0 ? null : decode(userInfo.substring(colon + 1));
        }
        return new RedisUri(uri.getHost(), port, user, password, "rediss".equals(scheme), database);
    }

    /**
     * A URI's text with the user information, if any, replaced by {@code ****}: everything from the
     * scheme to the last '@', so that no part of a password survives, whatever characters it has.
     *
     * @param text a URI
     * @return the text to show
     */
    static String redact(String text) {
        return USERINFO_PASSWORD.matcher(text).replaceFirst("://****@");
    }

    /** @return {@code host:port}, never the credentials */
    String server() {
        return server(host, port);
    }

    /**
     * @param host a host name or address
     * @param port a port
     * @return {@code host:port}, an IPv6 address in brackets
     */
    static String server(String host, int port) {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return (tls ? "rediss://" : "redis://") + server() + "/" + database;
    }

    /**
     * Why {@link URI} found no host in an authority: it reads one only when the whole authority is
     * well formed, so name the part that is not.
     */
    private static String whyNoHost(String authority) {
        if (authority == null || authority.isEmpty()) {
            return "it names no host";
        }
        int at = authority.lastIndexOf('@');
        if (at >= 0 && authority.lastIndexOf('@', at - 1) >= 0) {
            return "it holds more than one '@';" + PERCENT_ENCODE;
        }
        String hostPort = authority.substring(at + 1);
        int colon = hostPort.startsWith("[") ? hostPort.indexOf(':', Math.max(0, hostPort.indexOf(']')))
                : hostPort.lastIndexOf(':');
        if (colon >= 0 && !hostPort.substring(colon + 1).matches("[0-9]*")) {
            return "its port must be a number in [1, 65535], got '" + hostPort.substring(colon + 1) + "'";
        }
        String host = colon >= 0 ? hostPort.substring(0, colon) : hostPort;
        if (host.isEmpty()) {
            return "it names no host";
        }
        return "its host '" + host + "' is not a valid host name or address" + (at >= 0 ? ";" + PERCENT_ENCODE : "");
    }

    /** Percent-decodes a user or password; a '+' stays a '+'. */
    static String decode(String raw) {
        return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static IllegalArgumentException bad(String text, String why) {
        return new IllegalArgumentException("option '" + Location.URI + "' = '" + redact(text) + "' is not usable: "
                + why + " (expected redis://[user[:password]@]host[:port][/database] or rediss://...)");
    }
}
