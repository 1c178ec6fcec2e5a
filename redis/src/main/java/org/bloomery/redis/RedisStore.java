package org.bloomery.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
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
    /**
     * The code a script's error reply starts with when the filter's data is not what the handle
     * opened, followed by the key and what is wrong with it.
     */
    static final String DAMAGED = "BLOOMERY-DAMAGED";
    /**
     * The code a script's error reply starts with when a key's epoch is below the one the handle
     * has seen ({@link Epochs}), followed by the key, its epoch and the epoch seen.
     */
    static final String ROLLED_BACK = "BLOOMERY-ROLLEDBACK";
    private final UnifiedJedis client;
    private final boolean ownsClient;
    private final String server;
    private final String filterName;
    private final StoreFailures failures;

    RedisStore(UnifiedJedis client, boolean ownsClient, String server, String filterName, String secret) {
        this.client = client;
        this.ownsClient = ownsClient;
        this.server = server;
        this.filterName = filterName;
        this.failures = new StoreFailures(server, filterName, secret);
    }

    /** @return the server as {@code host:port}, or a description of the user's client */
    String server() {
        return server;
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
     * @return the script's reply if it ran; empty if it was refused for spanning slots, having
     *     changed nothing
     */
    Optional<Object> scriptAcrossSlots(String operation, LuaScript script, List<String> keys, List<String> args) {
        try {
            return Optional.ofNullable(script(operation, script, keys, args));
        } catch (RedisFilterException e) {
            if (spansSlots(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /**
     * Runs a script by {@code EVALSHA} with binary keys and arguments (so an argument can carry
     * packed offsets or raw bytes), loading it after {@code NOSCRIPT} as {@link #script(String,
     * LuaScript, String, String...)} does. Bulk replies come back as {@code byte[]}.
     */
    Object scriptBytes(String operation, LuaScript script, List<byte[]> keys, List<byte[]> args) {
        return call(operation, () -> {
            try {
                return client.evalsha(script.sha1Bytes(), keys, args);
            } catch (JedisNoScriptException e) {
                client.scriptLoad(script.source(), new String(keys.get(0), StandardCharsets.UTF_8));
                return client.evalsha(script.sha1Bytes(), keys, args);
            }
        });
    }

    /**
     * {@link #scriptBytes(String, LuaScript, List, List)} for a write that, when {@code durability}
     * asks, is followed by {@code WAIT} on the same connection, in one pipeline.
     *
     * @throws RedisFilterException also when fewer replicas than asked acknowledged the write
     */
    Object scriptBytes(String operation, LuaScript script, List<byte[]> keys, List<byte[]> args,
            Durability durability) {
        if (!durability.waits()) {
            return scriptBytes(operation, script, keys, args);
        }
        Object reply = scripts(operation, script, List.of(keys), List.of(args), durability).get(0);
        if (reply == NO_SCRIPT) {
            loadScript(operation, script, new String(keys.get(0), StandardCharsets.UTF_8));
            reply = scripts(operation, script, List.of(keys), List.of(args), durability).get(0);
        }
        if (reply instanceof RedisFilterException failure) {
            throw failure;
        }
        return reply;
    }

    /**
     * {@link #script(String, LuaScript, List, List)} for a write that, when {@code durability} asks,
     * is followed by {@code WAIT} on the same connection, in one pipeline.
     *
     * @throws RedisFilterException also when fewer replicas than asked acknowledged the write
     */
    Object script(String operation, LuaScript script, List<String> keys, List<String> args, Durability durability) {
        if (!durability.waits()) {
            return script(operation, script, keys, args);
        }
        return scriptBytes(operation, script, byteList(keys), byteList(args), durability);
    }

    /**
     * {@link #scriptAcrossSlots} for a write that, when {@code durability} asks, is followed by
     * {@code WAIT} on the same connection, in one pipeline.
     */
    Optional<Object> scriptAcrossSlots(String operation, LuaScript script, List<String> keys, List<String> args,
            Durability durability) {
        if (!durability.waits()) {
            return scriptAcrossSlots(operation, script, keys, args);
        }
        try {
            return Optional.ofNullable(script(operation, script, keys, args, durability));
        } catch (RedisFilterException e) {
            if (spansSlots(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private static boolean spansSlots(RedisFilterException e) {
        Throwable cause = e.getCause();
        String message = cause == null ? "" : String.valueOf(cause.getMessage());
        return cause instanceof JedisClusterOperationException && message.contains("same hashslot")
                || cause instanceof JedisDataException && message.startsWith("CROSSSLOT");
    }

    private static List<byte[]> byteList(List<String> texts) {
        List<byte[]> bytes = new ArrayList<>(texts.size());
        for (String text : texts) {
            bytes.add(bytes(text));
        }
        return bytes;
    }

    /**
     * Many runs of one script in one pipeline: one round trip per node. Keys and arguments are
     * bytes, so a run can carry a packed binary argument. Each run's reply comes back in order: its
     * value, {@link #NO_SCRIPT} when the server answered {@code NOSCRIPT} (the caller loads the
     * script with {@link #loadScript} and resends it), or the {@link RedisFilterException} the
     * server's error reply maps to. A failure of the connection itself throws, and then any run
     * may or may not have been applied.
     */
    List<Object> scripts(String operation, LuaScript script, List<List<byte[]>> keys, List<List<byte[]>> args,
            Durability durability) {
        return pipelined(operation, pipeline -> {
            List<Response<?>> responses = new ArrayList<>(args.size());
            for (int run = 0; run < args.size(); run++) {
                responses.add(pipeline.evalsha(script.sha1Bytes(), keys.get(run), args.get(run)));
            }
            return responses;
        }, durability, keys);
    }

    /**
     * {@code BITFIELD_RO key GET ...} once per key, in one pipeline: one round trip per node. Each
     * command's values (one per GET) come back in order, or the {@link RedisFilterException} its
     * error reply maps to; a failure of the connection itself throws.
     */
    List<Object> readBitfields(String operation, List<byte[]> keys, List<byte[][]> args) {
        return pipelined(operation, pipeline -> {
            List<Response<?>> responses = new ArrayList<>(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                responses.add(pipeline.bitfieldReadonly(keys.get(i), args.get(i)));
            }
            return responses;
        }, Durability.NONE, List.of());
    }

    /** {@code BITFIELD_RO key GET ...}: one value per GET. */
    List<Long> readBitfield(String operation, byte[] key, byte[][] args) {
        return call(operation, () -> client.bitfieldReadonly(key, args));
    }

    // Held as AbstractPipeline: Jedis 5 deprecates the PipelineBase that pipelined() returns, and
    // Jedis 6 returns AbstractPipeline itself.
    /**
     * Sends commands in one pipeline and collects each one's reply, or its failure, in order. When
     * {@code durability} asks, a {@code WAIT} follows them on each connection that sent them (one
     * per node, routed by a key of {@code keysOfRuns}); if a {@code WAIT} counted fewer replicas
     * than asked, that failure is thrown.
     */
    private List<Object> pipelined(String operation, Function<AbstractPipeline, List<Response<?>>> send,
            Durability durability, List<List<byte[]>> keysOfRuns) {
        return call(operation, () -> {
            List<Response<?>> responses;
            List<Response<Long>> waits = new ArrayList<>();
            try (AbstractPipeline pipeline = client.pipelined()) {
                responses = send.apply(pipeline);
                if (durability.waits()) {
                    for (byte[] key : Durability.waitKeys(clustered(), keysOfRuns)) {
                        waits.add(pipeline.waitReplicas(key, durability.minReplicas(),
                                durability.replicaTimeoutMillis()));
                    }
                }
                pipeline.sync();
            }
            List<Object> replies = new ArrayList<>(responses.size());
            for (Response<?> response : responses) {
                try {
                    replies.add(response.get());
                } catch (JedisNoScriptException e) {
                    replies.add(NO_SCRIPT);
                } catch (JedisDataException e) {
                    replies.add(failure(operation, e));
                } catch (IllegalStateException e) {
                    // A cluster pipeline leaves the commands of a node it could not reach without a
                    // reply; whether such a command ran is unknown.
                    replies.add(new RedisFilterException(server, filterName, operation,
                            "no answer from the server within the timeout, or it is unreachable (no reply to a"
                                    + " pipelined command)", e));
                }
            }
            // Too few acknowledgements fail the whole pipeline, even beside another failure: none
            // of its writes is confirmed. A pipeline whose every script was refused (NOSCRIPT)
            // wrote nothing, and is sent again.
            if (!waits.isEmpty() && replies.stream().anyMatch(reply -> reply != NO_SCRIPT)) {
                long acknowledged = Long.MAX_VALUE;
                for (Response<Long> wait : waits) {
                    acknowledged = Math.min(acknowledged, wait.get());
                }
                if (acknowledged < durability.minReplicas()) {
                    throw durability.unconfirmed(this, operation, acknowledged);
                }
            }
            return replies;
        });
    }

    /**
     * {@link #scripts}, with every run the server answered {@code NOSCRIPT} sent again once the
     * script is loaded on its key's node (such a run did nothing), until every run has its reply or
     * failure.
     */
    List<Object> scriptsLoaded(String operation, LuaScript script, List<List<byte[]>> keys, List<List<byte[]>> args,
            Durability durability) {
        List<Object> replies = new ArrayList<>(scripts(operation, script, keys, args, durability));
        while (true) {
            List<Integer> again = new ArrayList<>();
            for (int run = 0; run < replies.size(); run++) {
                if (replies.get(run) == NO_SCRIPT) {
                    again.add(run);
                }
            }
            if (again.isEmpty()) {
                return replies;
            }
            List<List<byte[]>> keysAgain = new ArrayList<>(again.size());
            List<List<byte[]>> argsAgain = new ArrayList<>(again.size());
            for (int run : again) {
                loadScript(operation, script, new String(keys.get(run).get(0), StandardCharsets.UTF_8));
                keysAgain.add(keys.get(run));
                argsAgain.add(args.get(run));
            }
            List<Object> resent = scripts(operation, script, keysAgain, argsAgain, durability);
            for (int i = 0; i < again.size(); i++) {
                replies.set(again.get(i), resent.get(i));
            }
        }
    }

    /** @return the UTF-8 bytes of a key */
    static byte[] bytes(String key) {
        return key.getBytes(StandardCharsets.UTF_8);
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

    /** {@code GETRANGE key start end}, inclusive; shorter than asked at the string's end. */
    byte[] getrange(String operation, String key, long start, long end) {
        return call(operation, () -> client.getrange(key.getBytes(StandardCharsets.UTF_8), start, end));
    }

    /** {@code SETRANGE key offset bytes}. */
    void setrange(String operation, String key, long offset, byte[] bytes) {
        call(operation, () -> client.setrange(key.getBytes(StandardCharsets.UTF_8), offset, bytes));
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

    /**
     * Checks that the client can pipeline commands, which every batch and the opening of an
     * existing filter need: Jedis's pooled, cluster and Sentinel clients can; a {@code UnifiedJedis}
     * over one {@code Connection} (or a socket factory) cannot.
     *
     * @throws RedisFilterException naming the clients that work, if this one cannot pipeline, or if
     *     the server fails
     */
    void requirePipelining(String operation) {
        call(operation, () -> {
            AbstractPipeline probe;
            try {
                probe = client.pipelined();
            } catch (IllegalStateException e) {
                throw new RedisFilterException(server, filterName, operation, "the " + client.getClass().getName()
                        + " given cannot pipeline commands, which batches and opening need (it runs over a single"
                        + " Connection); pass a JedisPooled, a JedisCluster, a JedisSentineled, or a UnifiedJedis over"
                        + " a ConnectionProvider (a pool)", null);
            }
            probe.close();
            return null;
        });
    }

    /**
     * {@code CONFIG GET parameter} on the node that serves a key (in a Redis Cluster, the master of
     * its slot; else the one server).
     *
     * @param operation what is being done
     * @param key the key whose node is asked
     * @param parameter the configuration parameter
     * @return the reply (RESP2's flat list of name and value, or RESP3's key-value pairs); empty if
     *     the node refuses the command itself (renamed or disabled, or denied by an ACL)
     * @throws RedisFilterException if the server fails or refuses the credentials
     */
    Optional<Object> configGet(String operation, String key, String parameter) {
        try {
            return Optional.ofNullable(call(operation, () -> client.sendCommand(key, Protocol.Command.CONFIG, "GET",
                    parameter)));
        } catch (RedisFilterException e) {
            Throwable cause = e.getCause();
            String message = cause == null ? "" : String.valueOf(cause.getMessage());
            if (cause instanceof JedisDataException && !message.startsWith("NOAUTH")
                    && !message.startsWith("WRONGPASS")) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** Whether the client is a Redis Cluster's, whose keys live on several nodes. */
    boolean clustered() {
        return client instanceof JedisCluster;
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
        return failures.failure(operation, detail);
    }

    private <R> R call(String operation, Supplier<R> command) {
        try {
            return command.get();
        } catch (JedisException e) {
            throw failure(operation, e);
        } catch (ClassCastException e) {
            throw failures.unexpectedType(operation, e);
        }
    }

    /** The exception a client failure maps to ({@link StoreFailures#failure(String, JedisException)}). */
    RedisFilterException failure(String operation, JedisException e) {
        return failures.failure(operation, e);
    }

    /**
     * A failure, found by this client rather than the server, that the filter's data in Redis is
     * not what this handle opened.
     *
     * @param operation what was being done
     * @param key the key found missing or damaged
     * @param detail what is wrong with it
     * @return the exception
     */
    RedisDataLostException lost(String operation, String key, String detail) {
        return failures.lost(operation, key, detail, false);
    }

    /** {@link #lost(String, String, String)}, saying whether the data was rolled back ({@link Epochs}). */
    RedisDataLostException lost(String operation, String key, String detail, boolean rolledBack) {
        return failures.lost(operation, key, detail, rolledBack);
    }
}
