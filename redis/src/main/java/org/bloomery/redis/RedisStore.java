package org.bloomery.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import redis.clients.jedis.util.JedisClusterCRC16;
import redis.clients.jedis.util.KeyValue;

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
                    for (byte[] key : waitKeys(keysOfRuns)) {
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
     * The keys whose {@code WAIT}s cover every connection of a pipeline: the first run's on a single
     * server or a pool (one connection per pipeline), one per hash slot in a Redis Cluster (a
     * connection per node; several slots of one node each wait on it, in turn).
     */
    private List<byte[]> waitKeys(List<List<byte[]>> keysOfRuns) {
        if (keysOfRuns.isEmpty()) {
            return List.of();
        }
        if (!(client instanceof JedisCluster)) {
            return List.of(keysOfRuns.get(0).get(0));
        }
        Map<Integer, byte[]> bySlot = new java.util.TreeMap<>();
        for (List<byte[]> keys : keysOfRuns) {
            bySlot.putIfAbsent(JedisClusterCRC16.getSlot(keys.get(0)), keys.get(0));
        }
        return new ArrayList<>(bySlot.values());
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
     * {@code CONFIG GET maxmemory-policy} on each node that serves one of the keys: in a Redis
     * Cluster (a {@link JedisCluster} client), once per hash slot of the keys, on the master that
     * serves it; else once, on the one server.
     *
     * @param operation what is being done
     * @param keys the keys
     * @return per key asked about, the policy of its node; a node that refuses the command (renamed
     *     or disabled, or denied by an ACL) or does not know the parameter is left out
     * @throws RedisFilterException if the server fails or refuses the credentials
     */
    Map<String, String> maxmemoryPolicies(String operation, List<String> keys) {
        Map<Integer, String> bySlot = new LinkedHashMap<>();
        for (String key : client instanceof JedisCluster ? keys : keys.subList(0, 1)) {
            bySlot.putIfAbsent(JedisClusterCRC16.getSlot(key), key);
        }
        Map<String, String> policies = new LinkedHashMap<>();
        for (String key : bySlot.values()) {
            Object reply;
            try {
                reply = call(operation, () -> client.sendCommand(key, Protocol.Command.CONFIG, "GET",
                        "maxmemory-policy"));
            } catch (RedisFilterException e) {
                if (refusedCommand(e.getCause())) {
                    continue;
                }
                throw e;
            }
            String policy = configValue(reply);
            if (policy != null) {
                policies.put(key, policy);
            }
        }
        return policies;
    }

    /**
     * Whether the server answered a command with an error that refuses the command itself (unknown,
     * renamed, or not permitted by an ACL), not the connection or the credentials.
     */
    private static boolean refusedCommand(Throwable cause) {
        String message = cause == null ? "" : String.valueOf(cause.getMessage());
        return cause instanceof JedisDataException && !message.startsWith("NOAUTH")
                && !message.startsWith("WRONGPASS");
    }

    /**
     * The value of the one parameter a {@code CONFIG GET} asked for: RESP2 answers a flat list of
     * name and value, RESP3 a map that Jedis reads as key-value pairs.
     */
    private static String configValue(Object reply) {
        if (!(reply instanceof List<?> list) || list.isEmpty()) {
            return null;
        }
        Object value = list.get(0) instanceof KeyValue<?, ?> pair ? pair.getValue()
                : list.size() >= 2 ? list.get(1) : null;
        return value instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8)
                : value == null ? null : value.toString();
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
        } catch (JedisException e) {
            throw failure(operation, e);
        } catch (ClassCastException e) {
            throw new RedisFilterException(server, filterName, operation,
                    "the server answered with a value of an unexpected type", e);
        }
    }

    /**
     * The exception a client failure maps to: {@link RedisDataLostException} for a script's
     * {@value #DAMAGED} reply (see {@link Scripts}), else a {@link RedisFilterException} saying
     * whether the server failed to answer or answered with an error.
     */
    RedisFilterException failure(String operation, JedisException e) {
        String message = e.getMessage();
        if (e instanceof JedisDataException && message != null && message.startsWith(DAMAGED + " ")) {
            String rest = message.substring(DAMAGED.length() + 1);
            int space = rest.indexOf(' ');
            String key = space < 0 ? rest : rest.substring(0, space);
            return new RedisDataLostException(server, filterName, operation, key, "key '" + key + "'"
                    + (space < 0 ? "" : rest.substring(space)), false);
        }
        if (e instanceof JedisDataException && message != null && message.startsWith(ROLLED_BACK + " ")) {
            String[] parts = message.substring(ROLLED_BACK.length() + 1).split(" ");
            return Epochs.rolledBack(this, operation, parts[0], Long.parseLong(parts[1]), Long.parseLong(parts[2]));
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
     * not what this handle opened.
     *
     * @param operation what was being done
     * @param key the key found missing or damaged
     * @param detail what is wrong with it
     * @return the exception
     */
    RedisDataLostException lost(String operation, String key, String detail) {
        return lost(operation, key, detail, false);
    }

    /** {@link #lost(String, String, String)}, saying whether the data was rolled back ({@link Epochs}). */
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
}
