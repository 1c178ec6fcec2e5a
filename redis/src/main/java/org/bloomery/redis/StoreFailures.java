package org.bloomery.redis;

import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * What a failure of one filter's commands is reported as: the typed exception for a script's
 * damage or rollback reply, an authentication failure, a timeout or an error reply, each naming the
 * server, the filter and the operation, with the password scrubbed from every message.
 */
final class StoreFailures {
    private final String server;
    private final String filterName;
    /** A password to scrub from any message, or null. */
    private final String secret;

    StoreFailures(String server, String filterName, String secret) {
        this.server = server;
        this.filterName = filterName;
        this.secret = secret == null || secret.isEmpty() ? null : secret;
    }

    /**
     * A failure naming this filter.
     *
     * @param operation what was being done
     * @param detail what went wrong
     * @return the exception
     */
    RedisFilterException failure(String operation, String detail) {
        return new RedisFilterException(server, filterName, operation, scrub(detail), null);
    }


    /**
     * The exception a client failure maps to: {@link RedisDataLostException} for a script's
     * {@value RedisStore#DAMAGED} reply (see {@link Scripts}), else a {@link RedisFilterException} saying
     * whether the server failed to answer or answered with an error.
     */
    RedisFilterException failure(String operation, JedisException e) {
        String message = e.getMessage();
        if (e instanceof JedisDataException && message != null && message.startsWith(RedisStore.DAMAGED + " ")) {
            String rest = message.substring(RedisStore.DAMAGED.length() + 1);
            int space = rest.indexOf(' ');
            String key = space < 0 ? rest : rest.substring(0, space);
            return new RedisDataLostException(server, filterName, operation, key, "key '" + key + "'"
                    + (space < 0 ? "" : rest.substring(space)), false);
        }
        if (e instanceof JedisDataException && message != null && message.startsWith(RedisStore.ROLLED_BACK + " ")) {
            String[] parts = message.substring(RedisStore.ROLLED_BACK.length() + 1).split(" ");
            return Epochs.rolledBack(this::lost, operation, parts[0], Long.parseLong(parts[1]), Long.parseLong(parts[2]));
        }
        // Before a client authenticates, Redis 6 refuses any command of more than 10 arguments (a
        // script run, say) as "ERR Protocol error: unauthenticated multibulk length" and closes
        // the connection: that, too, is a password missing, not a fault of the protocol.
        if (message != null && (message.startsWith("NOAUTH") || message.contains("Protocol error: unauthenticated"))) {
            return new RedisFilterException(server, filterName, operation, "authentication required: the server asks"
                    + " for a password (requirepass, or an ACL user's) and none was given; give it in the URI"
                    + " (redis://[user]:password@host, percent-encoded) or in your client's configuration ("
                    + (message.startsWith("NOAUTH") ? scrub(message) : "the server refused a command sent before"
                            + " authentication") + ")", scrubbed(e));
        }
        if (message != null && message.startsWith("WRONGPASS")) {
            return new RedisFilterException(server, filterName, operation, "authentication failed: the server refused"
                    + " the user or password given (" + scrub(message) + ")", scrubbed(e));
        }
        if (e instanceof JedisConnectionException) {
            String tls = TlsFailure.describe(server, e);
            return new RedisFilterException(server, filterName, operation, tls != null ? scrub(tls)
                    : "no answer from the server within the timeout, or it is unreachable (" + scrub(message) + ")",
                    scrubbed(e));
        }
        return new RedisFilterException(server, filterName, operation,
                "the server answered with an error: " + scrub(message), scrubbed(e));
    }

    /**
     * A failure, found by this client rather than the server, that the filter's data in Redis is
     * not what this handle opened, saying whether it was rolled back ({@link Epochs}).
     */
    RedisDataLostException lost(String operation, String key, String detail, boolean rolledBack) {
        return new RedisDataLostException(server, filterName, operation, key, "key '" + key + "' " + detail,
                rolledBack);
    }

    private String scrub(String message) {
        if (message == null) {
            return "no detail";
        }
        return secret == null ? message : message.replace(secret, "****");
    }

    /** The client's exception, or, if its message holds the password, a copy without it. */
    private Throwable scrubbed(JedisException e) {
        if (secret == null || e.getMessage() == null || !e.getMessage().contains(secret)) {
            return e;
        }
        JedisException copy = new JedisException(scrub(e.getMessage()));
        copy.setStackTrace(e.getStackTrace());
        return copy;
    }

    /** A reply of a type the command never answers with. */
    RedisFilterException unexpectedType(String operation, ClassCastException e) {
        return new RedisFilterException(server, filterName, operation,
                "the server answered with a value of an unexpected type", e);
    }
}
