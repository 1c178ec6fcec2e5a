package org.bloomery.redis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisSentineled;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A master found through Redis Sentinel, from option {@code uri} written as Lettuce writes it:
 * {@code redis-sentinel://[user[:password]@]host[:port][,host[:port]...][/database]#master}, the
 * sentinels' addresses (port 26379 when not given) and, after {@code #}, the name they monitor the
 * master by. The credentials and the database are the master's; the sentinels are asked without
 * credentials. The password is kept only to connect: {@link #toString} and every message show the
 * sentinels as {@code host:port} and the master by name.
 *
 * @param sentinels the sentinels' addresses, in the order given
 * @param master the name the sentinels monitor the master by
 * @param user the master's ACL user, or null for the default user
 * @param password the master's password, or null
 * @param database the database number, 0 when not given
 */
record SentinelUri(List<HostAndPort> sentinels, String master, String user, String password, int database) {
    /** The scheme, with the separator. */
    static final String SCHEME = "redis-sentinel://";
    private static final int DEFAULT_PORT = 26379;
    private static final String FORM = "redis-sentinel://[user[:password]@]host[:port][,host[:port]...][/database]"
            + "#master";

    /**
     * @param text a URI
     * @return whether it names sentinels rather than a server
     */
    static boolean isSentinel(String text) {
        return text.trim().regionMatches(true, 0, SCHEME, 0, SCHEME.length());
    }

    /**
     * Parses a URI.
     *
     * @param text the URI, of scheme {@code redis-sentinel}
     * @return the sentinels and the master's name
     * @throws IllegalArgumentException naming the URI (password hidden) and the part that is wrong
     */
    static SentinelUri parse(String text) {
        String rest = text.trim().substring(SCHEME.length());
        int hash = rest.indexOf('#');
        int at = rest.lastIndexOf('@');
        if (hash >= 0 && at > hash) {
            throw bad(text, "its user information holds a '#' (or the master's name an '@');"
                    + RedisUri.PERCENT_ENCODE);
        }
        String master = hash < 0 ? "" : RedisUri.decode(rest.substring(hash + 1));
        if (master.isEmpty()) {
            throw bad(text, "it names no master: end it with #name, the name the sentinels monitor the master by"
                    + " ('sentinel monitor <name> ...')");
        }
        String beforeHash = hash < 0 ? rest : rest.substring(0, hash);
        if (beforeHash.indexOf('?') >= 0) {
            throw bad(text, "it takes no query ('?...'): give the timeout and the other settings as options");
        }
        String user = null;
        String password = null;
        String hosts = beforeHash;
        if (at >= 0) {
            String userInfo = beforeHash.substring(0, at);
            hosts = beforeHash.substring(at + 1);
            int colon = userInfo.indexOf(':');
            String rawUser = colon < 0 ? userInfo : userInfo.substring(0, colon);
            user = rawUser.isEmpty() ? null : RedisUri.decode(rawUser);
            password = colon < 0 ? null : RedisUri.decode(userInfo.substring(colon + 1));
        }
        int database = 0;
        int slash = hosts.indexOf('/');
        if (slash >= 0) {
            String path = hosts.substring(slash + 1);
            hosts = hosts.substring(0, slash);
            if (!path.isEmpty()) {
                if (!path.matches("[0-9]{1,9}")) {
                    throw bad(text, "its path must be a database number, e.g. /0, got '" + path + "'");
                }
                database = Integer.parseInt(path);
            }
        }
        List<HostAndPort> sentinels = new ArrayList<>();
        for (String address : hosts.split(",", -1)) {
            sentinels.add(address(text, address));
        }
        return new SentinelUri(List.copyOf(sentinels), master, user, password, database);
    }

    /** One {@code host[:port]} of the list; an IPv6 address in brackets. */
    private static HostAndPort address(String text, String address) {
        String host = address;
        String port = null;
        if (address.startsWith("[")) {
            int close = address.indexOf(']');
            if (close < 0) {
                throw bad(text, "the sentinel address '" + address + "' opens a '[' it does not close");
            }
            host = address.substring(1, close);
            String after = address.substring(close + 1);
            if (!after.isEmpty()) {
                if (!after.startsWith(":")) {
                    throw bad(text, "the sentinel address '" + address + "' has '" + after + "' after its host");
                }
                port = after.substring(1);
            }
        } else {
            int colon = address.lastIndexOf(':');
            if (colon >= 0) {
                host = address.substring(0, colon);
                port = address.substring(colon + 1);
            }
        }
        if (host.isEmpty()) {
            throw bad(text, "a sentinel address in the list is empty or names no host, got '" + address + "'");
        }
        int number = DEFAULT_PORT;
        if (port != null) {
            number = port.matches("[0-9]{1,5}") ? Integer.parseInt(port) : -1;
            if (number < 1 || number > 65535) {
                throw bad(text, "the port of sentinel '" + host + "' must be a number in [1, 65535], got '" + port
                        + "'");
            }
        }
        return new HostAndPort(host, number);
    }

    /** @return the master's name and the sentinels, as messages name the server */
    String server() {
        return "master '" + master + "' of sentinels " + sentinels.stream()
                .map(s -> RedisUri.server(s.getHost(), s.getPort())).collect(Collectors.joining(","));
    }

    @Override
    public String toString() {
        return SCHEME + sentinels.stream().map(s -> RedisUri.server(s.getHost(), s.getPort()))
                .collect(Collectors.joining(",")) + "/" + database + "#" + master;
    }

    /**
     * A pooled client of the master, which asks the sentinels where it is and follows it when they
     * elect another (Jedis listens for their {@code +switch-master} messages).
     *
     * @param location the timeout and the filter's name
     * @return the client
     * @throws RedisFilterException if no sentinel answers or none knows the master
     */
    JedisSentineled connect(Location location) {
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(location.timeoutMillis())
                .socketTimeoutMillis(location.timeoutMillis())
                .database(database)
                .clientName("bloomery");
        if (user != null) {
            config.user(user);
        }
        if (password != null) {
            config.password(password);
        }
        DefaultJedisClientConfig sentinel = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(location.timeoutMillis())
                .socketTimeoutMillis(location.timeoutMillis())
                .build();
        Set<HostAndPort> addresses = new LinkedHashSet<>(sentinels);
        try {
            return new JedisSentineled(master, config.build(), addresses, sentinel);
        } catch (JedisException e) {
            String detail = String.valueOf(e.getMessage());
            throw new RedisFilterException(server(), location.name(), "connect", "no sentinel told where master '"
                    + master + "' is: each was unreachable or does not monitor that name ("
                    + (password == null || password.isEmpty() ? detail : detail.replace(password, "****")) + ")", null);
        }
    }

    private static IllegalArgumentException bad(String text, String why) {
        return new IllegalArgumentException("option '" + Location.URI + "' = '" + RedisUri.redact(text)
                + "' is not usable: " + why + " (expected " + FORM + ")");
    }
}
