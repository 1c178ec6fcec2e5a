package org.bloomery.redis;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.bloomery.bloom.BlockedProbes;
import org.bloomery.bloom.BloomShape;

/**
 * The commands of {@code redis-classic} and {@code redis-counting} on their cells keys, encoded and
 * checked: the arguments of {@link Scripts#CELLS} and of a query's {@code BITFIELD_RO}, the checks
 * of every reply (the key's identity, {@link RedisDataLostException} for a damaged key) and of its
 * write epoch ({@link Epochs}). Shard s is the cells key {@code shardKeys[s]}; an unsharded filter
 * has shard 0 only.
 */
final class CellsCommands {
    private static final byte[] SET = RedisStore.bytes("set");
    private static final byte[] INCR = RedisStore.bytes("incr");
    private static final byte[] REMOVE = RedisStore.bytes("remove");
    private static final byte[] BITFIELD_GET = RedisStore.bytes("GET");
    private static final byte[] I64 = RedisStore.bytes("i64");
    /**
     * 64-bit words of the identity's hex digits that a query reads: the first two, 64 bits of the
     * identity, so a key of another filter passes with probability 2^-64 (the scripts compare all
     * 128), for two {@code GET}s rather than four in every query.
     */
    private static final int IDENTITY_WORDS = 2;

    private final RedisStore store;
    private final Epochs epochs;
    private final Durability durability;
    private final CellKind cells;
    private final BloomShape shape;
    private final int k;
    private final byte[] fieldType;
    private final Sharding sharding;
    /** Blocks of the blocked layout; 0 in the standard layout. */
    private final long blocks;
    private final List<String> keyNames;
    /** Each shard's cells in bytes. */
    private final long[] cellBytes;
    /** Each shard's key length in bytes, as {@link Scripts#CELLS} takes it. */
    private final byte[][] keyLength;
    private final byte[][] shardKeys;
    private final byte[] identityHex;
    /** The identity's hex digits as {@code BITFIELD GET i64} reads them, word by word. */
    private final long[] identityWords;

    CellsCommands(RedisStore store, RedisCellsOptions options, List<String> keyNames, Identity identity) {
        this.store = store;
        this.epochs = new Epochs(store, keyNames.size());
        this.durability = options.durability();
        this.cells = options.cells();
        this.shape = options.shape();
        this.k = shape.hashes();
        this.fieldType = RedisStore.bytes(cells.fieldType());
        this.sharding = options.sharding();
        this.blocks = shape.blocks();
        this.keyNames = keyNames;
        this.identityHex = RedisStore.bytes(identity.hex());
        ByteBuffer words = ByteBuffer.wrap(identityHex);
        this.identityWords = new long[IDENTITY_WORDS];
        for (int w = 0; w < IDENTITY_WORDS; w++) {
            identityWords[w] = words.getLong();
        }
        int shardCount = keyNames.size();
        this.cellBytes = new long[shardCount];
        this.keyLength = new byte[shardCount][];
        this.shardKeys = new byte[shardCount][];
        for (int s = 0; s < shardCount; s++) {
            cellBytes[s] = cells.bytesFor(sharding.cells(s));
            keyLength[s] = RedisStore.bytes(Long.toString(KeyTrailer.keyBytes(cellBytes[s])));
            shardKeys[s] = RedisStore.bytes(keyNames.get(s));
        }
    }

    /** @return the handle's epochs */
    Epochs epochs() {
        return epochs;
    }

    /** @return the number of shards */
    int shards() {
        return cellBytes.length;
    }

    /** @return a shard's cells in bytes */
    long cellBytes(int shard) {
        return cellBytes[shard];
    }

    /** @return a shard's key as bytes */
    byte[] key(int shard) {
        return shardKeys[shard];
    }

    /** The shard an item lives in: 0 in the standard layout, else the one holding its block. */
    int shardOf(long hash) {
        return blocks == 0 || sharding.shards() == 1 ? 0 : sharding.shardOfBlock(BlockedProbes.block(hash, blocks));
    }

    // ---- single items ------------------------------------------------------------------------

    /** One item's add: its k values (the old bits, or the new counters). */
    List<Long> add(String operation, long hash) {
        int shard = shardOf(hash);
        long seen = epochs.seen(operation, shard);
        Object reply = script(operation, shard, List.of(shardKeys[shard]),
                probeArgs(shard, addOp(), seen, 1, c -> hash), durability);
        return values(operation, shard, seen, (List<?>) reply);
    }

    /** One item's query: one {@code BITFIELD_RO} that reads its probes with the key's trailer. */
    boolean query(String operation, long hash) {
        int shard = shardOf(hash);
        long seen = epochs.seen(operation, shard);
        List<Long> values;
        try {
            values = store.readBitfield(operation, shardKeys[shard], readArgs(shard, 1, c -> hash, false));
        } catch (RedisFilterException e) {
            throw damage(operation, shard, e);
        }
        return allNonZero(checkedRead(operation, shard, values, false, seen));
    }

    /** One item's counting remove: false, with nothing changed, if a counter is 0. */
    boolean remove(String operation, long hash) {
        int shard = shardOf(hash);
        long seen = epochs.seen(operation, shard);
        List<?> reply = (List<?>) script(operation, shard, List.of(shardKeys[shard]),
                probeArgs(shard, REMOVE, seen, 1, c -> hash), durability);
        epochs.saw(operation, shard, keyNames.get(shard), seen, (Long) reply.get(0));
        return (Long) reply.get(1) == 1L;
    }

    // ---- encoding ----------------------------------------------------------------------------

    /** @return the {@link Scripts#CELLS} operation of an add: {@code set} bits or {@code incr} counters */
    byte[] addOp() {
        return cells == CellKind.BITS ? SET : INCR;
    }

    /**
     * The arguments of a probing run of {@link Scripts#CELLS} on a shard (an add, or a remove):
     * the key's length, the identity, the epoch seen, the operation, the BITFIELD type, then each
     * item's k offsets.
     */
    List<byte[]> probeArgs(int shard, byte[] op, long seen, int count, IntToLongFunction hashOf) {
        List<byte[]> args = new ArrayList<>(5 + count * k);
        args.add(keyLength[shard]);
        args.add(identityHex);
        args.add(RedisStore.bytes(Long.toString(seen)));
        args.add(op);
        args.add(fieldType);
        long[] offsets = new long[k];
        for (int c = 0; c < count; c++) {
            ProbeOffsets.fill(hashOf.applyAsLong(c), shape, sharding.firstCell(shard), cells, offsets);
            for (long offset : offsets) {
                args.add(RedisStore.bytes(Long.toString(offset)));
            }
        }
        return args;
    }

    /**
     * The arguments of a query's {@code BITFIELD_RO} on a shard: {@code GET t offset} for each
     * item's probes, then {@code GET i64} of the shard's upload stamp (when {@code stamp}), of its
     * write epoch, and of the first {@value #IDENTITY_WORDS} words of its identity ({@link
     * KeyTrailer}), so that the one command, atomic on the server, also says whether the key is
     * still this filter's and not older than the handle has seen, at no extra round trip: a key
     * deleted, truncated, overwritten or replaced reads another identity there (a missing or short
     * key reads zeros, which no identity's hex digits are).
     */
    byte[][] readArgs(int shard, int count, IntToLongFunction hashOf, boolean stamp) {
        byte[][] args = new byte[3 * (count * k + (stamp ? 1 : 0) + 1 + IDENTITY_WORDS)][];
        long[] offsets = new long[k];
        int a = 0;
        for (int c = 0; c < count; c++) {
            ProbeOffsets.fill(hashOf.applyAsLong(c), shape, sharding.firstCell(shard), cells, offsets);
            for (long offset : offsets) {
                args[a++] = BITFIELD_GET;
                args[a++] = fieldType;
                args[a++] = RedisStore.bytes(Long.toString(offset));
            }
        }
        long stampBit = cellBytes[shard] * 8;
        for (int w = stamp ? 0 : 1; w <= 1 + IDENTITY_WORDS; w++) {
            args[a++] = BITFIELD_GET;
            args[a++] = I64;
            args[a++] = RedisStore.bytes(Long.toString(stampBit + 64L * w));
        }
        return args;
    }

    // ---- checks ------------------------------------------------------------------------------

    /**
     * The probe values of a query's reply, after checking the identity
     * and the epoch it read with them.
     *
     * @param seen the epoch seen before the query was sent
     * @throws RedisDataLostException if the key does not hold this filter's identity, or is older
     *     than the handle has seen
     */
    List<Long> checkedRead(String operation, int shard, List<Long> read, boolean stamp, long seen) {
        int identityAt = read.size() - IDENTITY_WORDS;
        for (int w = 0; w < IDENTITY_WORDS; w++) {
            if (read.get(identityAt + w) != identityWords[w]) {
                throw damage(operation, shard, null);
            }
        }
        epochs.saw(operation, shard, keyNames.get(shard), seen, read.get(identityAt - 1));
        return read.subList(0, identityAt - 1 - (stamp ? 1 : 0));
    }

    /**
     * What is wrong with a shard that a query found not to be this filter's (or that answered an
     * error, such as WRONGTYPE): {@link Scripts#CELLS}' check says, naming the key and the damage.
     * A failure that is not about the key (the server is unreachable) is returned as it is.
     */
    RedisFilterException damage(String operation, int shard, RedisFilterException failure) {
        if (failure != null && !String.valueOf(failure.getMessage()).contains("WRONGTYPE")) {
            return failure;
        }
        try {
            run(operation, shard, List.of(keyNames.get(shard)), "check");
        } catch (RedisDataLostException lost) {
            return lost;
        }
        return store.lost(operation, keyNames.get(shard), "did not hold this filter's identity when it was"
                + " read: it was deleted, truncated, overwritten or replaced, and written again since");
    }

    /**
     * The values of a probing run's reply, after its epoch and the stamp: one list per BITFIELD
     * call of the script, concatenated.
     *
     * @param seen the epoch seen before the run was sent
     */
    @SuppressWarnings("unchecked")
    List<Long> values(String operation, int shard, long seen, List<?> reply) {
        epochs.saw(operation, shard, keyNames.get(shard), seen, (Long) reply.get(0));
        if (reply.size() == 3) {
            return (List<Long>) reply.get(2);
        }
        List<Long> values = new ArrayList<>();
        for (int call = 2; call < reply.size(); call++) {
            values.addAll((List<Long>) reply.get(call));
        }
        return values;
    }

    // ---- the shards as a whole -----------------------------------------------------------------

    /**
     * A run of {@link Scripts#CELLS} on a shard that does not probe ({@code check}, {@code read},
     * {@code count}, {@code clear}, {@code merge}), its epoch checked.
     *
     * @return the reply's value after the epoch, or null if it has none
     */
    Object run(String operation, int shard, List<String> keysOfRun, String... opAndArgs) {
        long seen = epochs.seen(operation, shard);
        List<byte[]> args = new ArrayList<>(3 + opAndArgs.length);
        args.add(keyLength[shard]);
        args.add(identityHex);
        args.add(RedisStore.bytes(Long.toString(seen)));
        for (String arg : opAndArgs) {
            args.add(RedisStore.bytes(arg));
        }
        List<byte[]> runKeys = new ArrayList<>(keysOfRun.size());
        for (String key : keysOfRun) {
            runKeys.add(RedisStore.bytes(key));
        }
        List<?> reply = (List<?>) script(operation, shard, runKeys, args, Durability.NONE);
        epochs.saw(operation, shard, keyNames.get(shard), seen, (Long) reply.get(0));
        return reply.size() > 1 ? reply.get(1) : null;
    }

    /** Bytes {@code [from, to)} of a shard's cells. */
    byte[] read(String operation, int shard, long from, long to) {
        byte[] chunk = (byte[]) run(operation, shard, List.of(keyNames.get(shard)), "read",
                Long.toString(from), Long.toString(to - 1));
        if (chunk.length != to - from) {
            throw store.lost(operation, keyNames.get(shard), "answered " + chunk.length + " bytes where its cells"
                    + " hold " + (to - from) + " from byte " + from);
        }
        return chunk;
    }

    /** A run of {@link Scripts#CELLS}, a rollback it meets noted on the handle. */
    private Object script(String operation, int shard, List<byte[]> keys, List<byte[]> args, Durability wait) {
        try {
            return store.scriptBytes(operation, Scripts.CELLS, keys, args, wait);
        } catch (RedisFilterException e) {
            throw epochs.note(e);
        }
    }

    static boolean allNonZero(List<Long> values) {
        for (Long value : values) {
            if (value == 0L) {
                return false;
            }
        }
        return true;
    }
}
