package org.bloomery.redis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import redis.clients.jedis.PipelineBase;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.args.BitOP;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * The one class that talks to the Redis client: each method is one command (or one pipeline of
 * commands) and turns every client failure into a {@link RedisFilterException} that names the
 * server, the filter and the operation. Thread-safe when the client is (Jedis's pooled and cluster
 * clients are).
 */
final class RedisStore implements AutoCloseable {
    /** A pipelined script run the server answered with {@code NOSCRIPT}. */
    static final Object NO_SCRIPT = new Object();
    private final UnifiedJedis client;
    private final boolean ownsClient;
    private final String server;
    private final String filterName;
    /** A password to scrub from any message, or null. */
    private final String secret;

    RedisStore(UnifiedJedis client, boolean ownsClient, String server, String filterName, String secret) {
        this.client = client;
        this.ownsClient = ownsClient;
        this.server = server;
        this.filterName = filterName;
        this.secret = secret == null || secret.isEmpty() ? null : secret;
    }

    /** @return the server as {@code host:port}, or a description of the user's client */
    String server() {
        return server;
    }

    /** {@code BITFIELD key args...}: the old or new values, one per sub-command that returns one. */
    List<Long> bitfield(String operation, String key, String[] args) {
        return call(operation, () -> client.bitfield(key, args));
    }

    /** {@code BITFIELD_RO key GET ...}: one value per GET. */
    List<Long> bitfieldReadonly(String operation, String key, String[] args) {
        return call(operation, () -> client.bitfieldReadonly(key, args));
    }

    /**
     * Many BITFIELD or BITFIELD_RO commands in one pipeline: one round trip per node for the whole
     * batch.
     */
    List<List<Long>> bitfields(String operation, String[] keys, String[][] args, boolean readonly) {
        return call(operation, () -> {
            List<Response<List<Long>>> responses = new ArrayList<>(keys.length);
            try (PipelineBase pipeline = client.pipelined()) {
                for (int i = 0; i < keys.length; i++) {
                    responses.add(readonly ? pipeline.bitfieldReadonly(keys[i], args[i])
                            : pipeline.bitfield(keys[i], args[i]));
                }
                pipeline.sync();
            }
            List<List<Long>> values = new ArrayList<>(keys.length);
            for (Response<List<Long>> response : responses) {
                values.add(response.get());
            }
            return values;
        });
    }

    /**
     * Runs a script by {@code EVALSHA}; after {@code NOSCRIPT} (a restarted or flushed server) loads
     * it on the key's node and runs it once more.
     */
    Object script(String operation, LuaScript script, String key, String... args) {
        List<String> keys = List.of(key);
        List<String> argv = Arrays.asList(args);
        return call(operation, () -> {
            try {
                return client.evalsha(script.sha1(), keys, argv);
            } catch (JedisNoScriptException e) {
                client.scriptLoad(script.source(), key);
                return client.evalsha(script.sha1(), keys, argv);
            }
        });
    }

    /**
     * Runs a script over several keys (all in one hash slot) by {@code EVALSHA}, loading it after
     * {@code NOSCRIPT} as {@link #script(String, LuaScript, String, String...)} does.
     */
    Object script(String operation, LuaScript script, List<String> keys, List<String> args) {
        return call(operation, () -> {
            try {
                return client.evalsha(script.sha1(), keys, args);
            } catch (JedisNoScriptException e) {
                client.scriptLoad(script.source(), keys.get(0));
                return client.evalsha(script.sha1(), keys, args);
            }
        });
    }

    /**
     * Runs a script over keys that may lie in different cluster slots, as {@link #script(String,
     * LuaScript, List, List)}. A single server runs it; a Redis Cluster refuses it before running
     * any of it (the cluster client because the keys' slots differ, a plain client connected to a
     * cluster node with {@code CROSSSLOT}).
     *
     * @return true if it ran; false if it was refused for spanning slots, having changed nothing
     */
    boolean scriptAcrossSlots(String operation, LuaScript script, List<String> keys, List<String> args) {
        try {
            script(operation, script, keys, args);
            return true;
        } catch (RedisFilterException e) {
            Throwable cause = e.getCause();
            String message = cause == null ? "" : String.valueOf(cause.getMessage());
            if (cause instanceof JedisClusterOperationException && message.contains("same hashslot")
                    || cause instanceof JedisDataException && message.startsWith("CROSSSLOT")) {
                return false;
            }
            throw e;
        }
    }

    /**
     * Many runs of one script over the same keys in one pipeline: one round trip. Arguments are
     * bytes, so a run can carry a packed binary argument. A run the server answered with {@code
     * NOSCRIPT} comes back as {@link #NO_SCRIPT}; the caller loads the script ({@link #loadScript})
     * and resends from there.
     */
    List<Object> scripts(String operation, LuaScript script, List<String> keys, List<List<byte[]>> args) {
        byte[] sha1 = script.sha1().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        List<byte[]> keyBytes = new ArrayList<>(keys.size());
        for (String key : keys) {
            keyBytes.add(key.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return call(operation, () -> {
            List<Response<Object>> responses = new ArrayList<>(args.size());
            try (PipelineBase pipeline = client.pipelined()) {
                for (List<byte[]> run : args) {
                    responses.add(pipeline.evalsha(sha1, keyBytes, run));
                }
                pipeline.sync();
            }
            List<Object> replies = new ArrayList<>(responses.size());
            for (Response<Object> response : responses) {
                try {
                    replies.add(response.get());
                } catch (JedisNoScriptException e) {
                    replies.add(NO_SCRIPT);
                }
            }
            return replies;
        });
    }

    /** {@code SCRIPT LOAD} on the node holding {@code key}. */
    void loadScript(String operation, LuaScript script, String key) {
        call(operation, () -> client.scriptLoad(script.source(), key));
    }

    /** {@code HGET key field}, or null. */
    String hget(String operation, String key, String field) {
        return call(operation, () -> client.hget(key, field));
    }

    /** {@code TYPE key}: "none", "string", "hash", "list", ... */
    String type(String operation, String key) {
        return call(operation, () -> client.type(key));
    }

    /** {@code HGETALL key}. */
    Map<String, String> hgetAll(String operation, String key) {
        return call(operation, () -> client.hgetAll(key));
    }

    /** {@code HSET key field value ...}. */
    void hset(String operation, String key, Map<String, String> fields) {
        call(operation, () -> client.hset(key, fields));
    }

    /** {@code BITCOUNT key}. */
    long bitcount(String operation, String key) {
        return call(operation, () -> client.bitcount(key));
    }

    /** {@code BITCOUNT key start end}: the set bits of bytes start to end, inclusive. */
    long bitcount(String operation, String key, long start, long end) {
        return call(operation, () -> client.bitcount(key, start, end));
    }

    /** {@code GETRANGE key start end}, inclusive; shorter than asked at the string's end. */
    byte[] getrange(String operation, String key, long start, long end) {
        return call(operation, () -> client.getrange(key.getBytes(java.nio.charset.StandardCharsets.UTF_8), start, end));
    }

    /** {@code SETRANGE key offset bytes}. */
    void setrange(String operation, String key, long offset, byte[] bytes) {
        call(operation, () -> client.setrange(key.getBytes(java.nio.charset.StandardCharsets.UTF_8), offset, bytes));
    }

    /** {@code RENAME from to}; both keys must share a hash slot. */
    void rename(String operation, String from, String to) {
        call(operation, () -> client.rename(from, to));
    }

    /** {@code BITOP OR destination destination source}; both keys must share a hash slot. */
    void bitopOr(String operation, String destination, String source) {
        call(operation, () -> client.bitop(BitOP.OR, destination, destination, source));
    }

    /** {@code DEL key}, one command per key (keys of different slots cannot share one). */
    void del(String operation, List<String> keys) {
        call(operation, () -> {
            for (String key : keys) {
                client.del(key);
            }
            return null;
        });
    }

    /** {@code MEMORY USAGE key}: bytes the key and its value take in Redis, or 0 if absent. */
    long memoryUsage(String operation, String key) {
        Long bytes = call(operation, () -> client.memoryUsage(key));
        return bytes == null ? 0 : bytes;
    }

    /** Closes the client if the filter opened it itself; a client the user passed stays open. */
    @Override
    public void close() {
        if (ownsClient) {
            client.close();
        }
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

    private <R> R call(String operation, Supplier<R> command) {
        try {
            return command.get();
        } catch (JedisConnectionException e) {
            String tls = TlsFailure.describe(server, e);
            throw new RedisFilterException(server, filterName, operation, tls != null ? scrub(tls)
                    : "no answer from the server within the timeout, or it is unreachable (" + scrub(e.getMessage()) + ")",
                    scrubbed(e));
        } catch (JedisException e) {
            throw new RedisFilterException(server, filterName, operation,
                    "the server answered with an error: " + scrub(e.getMessage()), scrubbed(e));
        } catch (ClassCastException e) {
            throw new RedisFilterException(server, filterName, operation,
                    "the server answered with a value of an unexpected type", e);
        }
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
}
