package org.bloomery.redis;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntToLongFunction;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.bloom.BlockedProbes;
import org.bloomery.bloom.BloomShape;
import org.bloomery.api.spi.Envelope;
import org.bloomery.bloom.BlockedProbes;
import org.bloomery.bloom.BloomShape;

/**
 * A Bloom filter whose cells live in Redis, shared by every process that opens the same name:
 * kind {@code "redis-classic"} (bits, as the in-process {@code classic} kind) or {@code
 * "redis-counting"} (4-bit saturating counters, as the in-process {@code counting} kind). The size
 * m, the probes k and every probe position are the in-process kind's for the same spec; only where
 * the cells live differs, so a snapshot ({@link #writeTo}) is an in-process filter that answers
 * exactly as this one did.
 *
 * <p>Each single-item operation is one Lua script ({@code EVALSHA}), atomic on the server, that
 * first checks the cells key it touches (its type, its length and the filter's identity at its
 * end) and then runs the operation: a classic add is one {@code BITFIELD ... SET u1} that sets the
 * k bits and returns their old values; a counting add is one {@code BITFIELD ... OVERFLOW SAT
 * INCRBY u4}, which raises the k counters and leaves a counter at 15 there; a query is one {@code
 * BITFIELD ... GET}; a counting remove changes nothing when a counter is 0 and otherwise lowers the
 * counters below 15. The batch methods send up to 100 items of one shard per script run and up to
 * 10,000 items per pipeline: one round trip per 10,000 items.
 *
 * <p>Keys: the metadata hash {@code <prefix>{<name>}:meta} (kind, format, identity, hasher id, m,
 * k, shards, spec; never a credential) and the cells {@code <prefix>{<name>}:cells:0}: m bits or
 * 4m bits that hold byte for byte the words of the in-process kind's snapshot body, then a {@link
 * CellsTrailer} (an 8-byte {@link UploadStamp} naming the upload that wrote the key, 0 before any
 * upload, and the filter's {@link Identity}). With S > 1 shards (blocked layout), shard s is {@code
 * <prefix>{<tag of s>}:cells:<s>}: its range of blocks, then the trailer.
 *
 * <p><b>Failures.</b> An operation the server does not answer within the timeout, refuses, or
 * answers with an error throws {@link RedisFilterException}; one that finds a cells key missing,
 * of another type or length, or of another filter (deleted, lost in a restart, truncated,
 * overwritten, or replaced by a new filter of the same name) throws {@link RedisDataLostException}
 * and changes nothing. A query never answers "absent" for a failure, and no command creates a
 * cells key: only the filter's creation does, with its metadata. {@link #close} closes the client
 * if the filter opened it from a URI, never a client the user passed in.
 *
 * <p><b>Thread safety.</b> Every method may be called from many threads ({@link
 * Capability#CONCURRENT}), and from many processes at once ({@link Capability#SHARED}): each
 * single-item operation is atomic on the server, so a query never sees half an add or remove.
 * Batches are atomic per script run of up to 100 items, not as a whole; a failed batch add says
 * which items it applied ({@link RedisFilterException#firstUnconfirmed()}); a batch query answers
 * from one upload whole (see {@link #mightContainAllHashes}). {@link #writeTo}, {@link #clear} and the counts read the cells
 * in chunks, so updates racing with them may or may not be included.
 *
 * <p>{@link #spec()} is the spec the filter was opened with, a password in option {@code uri}
 * shown as {@code ****}.
 *
 * @param <T> the item type
 */
public final class RedisCellsFilter<T> extends AbstractFilter<T> {
    /** Bytes moved per command when reading or writing a whole shard. */
    static final int CHUNK_BYTES = 1 << 20;
    /**
     * Items per pipeline in a batch: one round trip carries them, so a batch costs about one round
     * trip per 10,000 items; it also bounds the memory a batch holds at once.
     */
    private static final int PIPELINE_ITEMS = 10_000;
    /**
     * Items of one shard per script run of a batch: at most 6,400 BITFIELD sub-commands (k is at
     * most 64), which the server runs in well under a millisecond, so no other client waits long.
     * A run is atomic: it checks the key and applies all its items, or fails and applies none.
     */
    private static final int ITEMS_PER_COMMAND = 100;
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
    /** Pause before a batch query that met shards of different uploads reads them again. */
    private static final long RETRY_PAUSE_NANOS = 1_000_000L;

    private final RedisStore store;
    private final RedisOptions options;
    private final CellKind cells;
    private final FilterKeys keys;
    private final BloomShape shape;
    private final long m;
    private final int k;
    private final byte[] fieldType;
    private final Sharding sharding;
    /** Blocks of the blocked layout; 0 in the standard layout. */
    private final long blocks;
    /** Whether batch queries compare the shards' {@link UploadStamp}s (more than one shard). */
    private final boolean stamped;
    /** The filter's identity, which every cells key ends with. */
    private final Identity identity;
    /** Each shard's cells in bytes. */
    private final long[] cellBytes;
    /** Each shard's key length in bytes, as {@link Scripts#CELLS} takes it. */
    private final byte[][] keyLength;
    private final byte[][] shardKeys;
    private final byte[] identityHex;
    /** The identity's hex digits as {@code BITFIELD GET i64} reads them, word by word. */
    private final long[] identityWords;

    private RedisCellsFilter(RedisStore store, RedisOptions options, FilterSpec spec, KeyHasher<? super T> hasher,
            Identity identity) {
        super(options.cells().kind(), Location.shownSpec(spec), hasher);
        this.store = store;
        this.options = options;
        this.cells = options.cells();
        this.keys = FilterKeys.of(options.prefix(), options.name(), options.shards());
        this.shape = options.shape();
        this.m = shape.cells();
        this.k = shape.hashes();
        this.fieldType = RedisStore.bytes(cells.fieldType());
        this.sharding = options.sharding();
        this.blocks = shape.blocks();
        this.stamped = UploadStamp.stamped(options.shards());
        this.identity = identity;
        this.identityHex = RedisStore.bytes(identity.hex());
        java.nio.ByteBuffer words = java.nio.ByteBuffer.wrap(identityHex);
        this.identityWords = new long[IDENTITY_WORDS];
        for (int w = 0; w < IDENTITY_WORDS; w++) {
            identityWords[w] = words.getLong();
        }
        int shardCount = keys.shards().size();
        this.cellBytes = new long[shardCount];
        this.keyLength = new byte[shardCount][];
        this.shardKeys = new byte[shardCount][];
        for (int s = 0; s < shardCount; s++) {
            cellBytes[s] = cells.bytesFor(sharding.cells(s));
            keyLength[s] = RedisStore.bytes(Long.toString(CellsTrailer.keyBytes(cellBytes[s])));
            shardKeys[s] = RedisStore.bytes(keys.shards().get(s));
        }
    }

    /**
     * Opens the filter named in the options, creating it if no filter has the name yet; see {@link
     * CellsOpening}.
     *
     * @throws IllegalArgumentException if a filter of that name exists with another kind, size,
     *     hasher or spec, naming the difference; nothing is changed
     * @throws RedisDataLostException if the name's keys are not a whole filter; nothing is changed
     * @throws RedisFilterException if a key of the filter holds another type of value (nothing is
     *     changed), or the server fails
     */
    static <T> RedisCellsFilter<T> open(RedisStore store, RedisOptions options, FilterSpec spec, KeyHasher<? super T> hasher) {
        return new RedisCellsFilter<>(store, options, spec, hasher, CellsOpening.open(store, options, hasher.id()));
    }

    /** @return the filter's identity */
    Identity identity() {
        return identity;
    }

    // ---- single items ------------------------------------------------------------------------

    @Override
    public boolean addHash(long hash) {
        int shard = shardOf(hash);
        return addedNew(probes("add", shard, addOp(), hash));
    }

    @Override
    public boolean mightContainHash(long hash) {
        int shard = shardOf(hash);
        List<Long> values;
        try {
            values = store.readBitfield("query", shardKeys[shard], readArgs(shard, 1, c -> hash, false));
        } catch (RedisFilterException e) {
            throw damage("query", shard, e);
        }
        return allNonZero(checkedRead("query", shard, values, false));
    }

    /**
     * {@code redis-counting}: lowers the item's k counters by one each, except saturated ones (15),
     * in one atomic script; {@code redis-classic}: always refuses.
     *
     * @return false, with nothing changed, if any of the k counters is 0; true otherwise
     * @throws UnsupportedOperationException for {@code redis-classic}
     */
    @Override
    public boolean removeHash(long hash) {
        if (cells == CellKind.BITS) {
            throw new UnsupportedOperationException("a " + cells.kind() + " filter cannot remove items, because its"
                    + " bits are shared between items; use kind 'redis-counting' to remove");
        }
        int shard = shardOf(hash);
        return (Long) store.scriptBytes("remove", Scripts.CELLS, List.of(shardKeys[shard]),
                probeArgs(shard, REMOVE, 1, c -> hash)) == 1L;
    }

    /** One item's add by {@link Scripts#CELLS}: its k values, after the key's stamp. */
    private List<Long> probes(String operation, int shard, byte[] op, long hash) {
        List<?> reply = (List<?>) store.scriptBytes(operation, Scripts.CELLS, List.of(shardKeys[shard]),
                probeArgs(shard, op, 1, c -> hash));
        return values(reply);
    }

    // ---- batches -----------------------------------------------------------------------------

    /**
     * Adds many items, in one pipeline per 10,000 items (one round trip per 10,000 items rather
     * than per item), with up to 100 items of one shard in each script run. Each item's add sees
     * the items before it, exactly as single adds in order would; each run is atomic, the batch as
     * a whole is not: if it fails, {@link RedisFilterException#firstUnconfirmed()} says how far it
     * got. The whole call has one deadline, option {@code timeoutMillis}.
     *
     * @param items the items, none null
     * @return how many of them were definitely new (as {@link #add} counts)
     * @throws RedisFilterException as {@link #addAllHashes}
     */
    public int addAll(Collection<? extends T> items) {
        long[] hashes = hashes(items);
        int added = 0;
        for (boolean isNew : addAllHashes(hashes)) {
            added += isNew ? 1 : 0;
        }
        return added;
    }

    /**
     * Queries many items, in one pipeline per 10,000 items.
     *
     * @param items the items, none null
     * @return {@link #mightContain} of each, in order
     */
    public boolean[] mightContainAll(Collection<? extends T> items) {
        return mightContainAllHashes(hashes(items));
    }

    /**
     * {@link #addAll} for items whose hashes are known.
     *
     * @param hashes {@code hasher().hash(item)} of each item
     * @return for each, whether it was definitely new
     * @throws RedisFilterException if the server fails or the call passes its deadline (option
     *     {@code timeoutMillis}, for the whole call); {@link RedisFilterException#firstUnconfirmed()}
     *     says which items were applied
     * @throws RedisDataLostException as {@link RedisFilterException}, when the filter's data in
     *     Redis is not the data this handle opened
     */
    public boolean[] addAllHashes(long[] hashes) {
        boolean[] added = new boolean[hashes.length];
        batch("add batch", hashes, false, deadline(), (i, values) -> added[i] = addedNew(values));
        return added;
    }

    /**
     * {@link #mightContainAll} for items whose hashes are known.
     *
     * <p>The whole batch answers from one upload: a sharded filter's batch reads each shard's
     * {@link UploadStamp} with its probes, and if an upload replaced some shards while the batch
     * read them (the stamps differ), the batch is read again, until the call's deadline (option
     * {@code timeoutMillis}) has passed, when it fails instead of answering from a mix.
     *
     * @param hashes {@code hasher().hash(item)} of each item
     * @return {@link #mightContainHash} of each, in order
     * @throws RedisFilterException if the server fails, the call passes its deadline, or the shards
     *     still held different uploads then (an upload renaming them one by one was interrupted)
     */
    public boolean[] mightContainAllHashes(long[] hashes) {
        boolean[] present = new boolean[hashes.length];
        long deadline = deadline();
        while (!batch("query batch", hashes, true, deadline, (i, values) -> present[i] = allNonZero(values))) {
            if (System.nanoTime() - deadline > 0) {
                throw store.failure("query batch", "the shards held different uploads throughout the timeout of "
                        + options.location().timeoutMillis() + " ms: an upload renaming them one by one is slow or"
                        + " was interrupted; upload again, or delete the filter");
            }
            LockSupport.parkNanos(RETRY_PAUSE_NANOS);
        }
        return present;
    }

    /**
     * {@inheritDoc} Sent as {@link #mightContainAllHashes}: one round trip per 10,000 hashes.
     */
    @Override
    public void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        boolean[] answers = mightContainAllHashes(Arrays.copyOfRange(hashes, from, to));
        System.arraycopy(answers, 0, out, from, answers.length);
    }

    @FunctionalInterface
    private interface BatchResult {
        void accept(int index, List<Long> values);
    }

    /** @return the deadline of a call that starts now, in {@link System#nanoTime()} */
    private long deadline() {
        return System.nanoTime() + options.location().timeoutMillis() * 1_000_000L;
    }

    /**
     * Sends a batch as pipelines of {@value #PIPELINE_ITEMS} items, each started only before the
     * deadline. Within a pipeline the items of one shard go, in their order, {@value
     * #ITEMS_PER_COMMAND} to a run of {@link Scripts#CELLS}: one run applies its probes in order, so
     * each item sees exactly the items before it, as with one command per item. A run of a sharded
     * filter also answers its shard's upload stamp.
     *
     * @return false if the runs of a read-only batch read different upload stamps (the batch
     *     stopped there, its results partial); else true
     * @throws RedisFilterException if a run or the pipeline fails, or the deadline passes; for an
     *     add, with the batch's progress ({@link RedisFilterException#firstUnconfirmed()})
     */
    private boolean batch(String operation, long[] hashes, boolean readonly, long deadline, BatchResult result) {
        int shardCount = keys.shards().size();
        boolean checkStamps = readonly && stamped;
        byte[] op = readonly ? null : addOp();
        boolean[] applied = readonly ? null : new boolean[hashes.length];
        Long stamp = null;
        for (int from = 0; from < hashes.length; from += PIPELINE_ITEMS) {
            // The first pipeline always goes: the caller starts a batch only before its deadline.
            if (from > 0 && System.nanoTime() - deadline > 0) {
                throw progress(store.failure(operation, "the call passed its deadline of "
                        + options.location().timeoutMillis() + " ms (option timeoutMillis) after " + from + " of "
                        + hashes.length + " items; send smaller batches or raise the timeout"), applied);
            }
            int n = Math.min(PIPELINE_ITEMS, hashes.length - from);
            // Counting sort of the items by shard, keeping their order within each shard.
            int[] shardOf = new int[n];
            int[] starts = new int[shardCount + 1];
            for (int i = 0; i < n; i++) {
                shardOf[i] = shardOf(hashes[from + i]);
                starts[shardOf[i] + 1]++;
            }
            for (int s = 0; s < shardCount; s++) {
                starts[s + 1] += starts[s];
            }
            int[] order = new int[n];
            int[] next = Arrays.copyOf(starts, shardCount);
            for (int i = 0; i < n; i++) {
                order[next[shardOf[i]]++] = from + i;
            }
            List<List<byte[]>> runKeys = new ArrayList<>();
            List<List<byte[]>> runArgs = new ArrayList<>();
            List<byte[][]> readArgs = new ArrayList<>();
            List<byte[]> readKeys = new ArrayList<>();
            List<int[]> runItems = new ArrayList<>();
            List<Integer> runShards = new ArrayList<>();
            for (int s = 0; s < shardCount; s++) {
                for (int first = starts[s]; first < starts[s + 1]; first += ITEMS_PER_COMMAND) {
                    int[] items = Arrays.copyOfRange(order, first, Math.min(starts[s + 1], first + ITEMS_PER_COMMAND));
                    if (readonly) {
                        readKeys.add(shardKeys[s]);
                        readArgs.add(readArgs(s, items.length, c -> hashes[items[c]], checkStamps));
                    } else {
                        runKeys.add(List.of(shardKeys[s]));
                        runArgs.add(probeArgs(s, op, items.length, c -> hashes[items[c]]));
                    }
                    runItems.add(items);
                    runShards.add(s);
                }
            }
            List<Object> replies;
            try {
                replies = readonly ? store.readBitfields(operation, readKeys, readArgs)
                        : store.scriptsLoaded(operation, Scripts.CELLS, runKeys, runArgs);
            } catch (RedisFilterException e) {
                throw progress(e, applied);
            }
            RedisFilterException failed = null;
            for (int run = 0; run < replies.size(); run++) {
                int shard = runShards.get(run);
                if (replies.get(run) instanceof RedisFilterException failure) {
                    failed = failed == null ? readonly ? damage(operation, shard, failure) : failure : failed;
                    continue;
                }
                List<?> reply = (List<?>) replies.get(run);
                int[] items = runItems.get(run);
                List<Long> values;
                if (readonly) {
                    @SuppressWarnings("unchecked")
                    List<Long> read = (List<Long>) reply;
                    values = checkedRead(operation, shard, read, checkStamps);
                    if (checkStamps) {
                        Long shardStamp = read.get(items.length * k);
                        if (stamp == null) {
                            stamp = shardStamp;
                        } else if (!stamp.equals(shardStamp)) {
                            return false;
                        }
                    }
                } else {
                    values = values(reply);
                }
                for (int c = 0; c < items.length; c++) {
                    result.accept(items[c], values.subList(c * k, (c + 1) * k));
                    if (applied != null) {
                        applied[items[c]] = true;
                    }
                }
            }
            if (failed != null) {
                throw progress(failed, applied);
            }
        }
        return true;
    }

    /** A batch add's failure with its progress: the first item not known to be applied. */
    private static RedisFilterException progress(RedisFilterException failure, boolean[] applied) {
        if (applied == null) {
            return failure;
        }
        int first = 0;
        while (first < applied.length && applied[first]) {
            first++;
        }
        return failure.inBatch(first);
    }

    private long[] hashes(Collection<? extends T> items) {
        long[] hashes = new long[items.size()];
        int i = 0;
        for (T item : items) {
            hashes[i++] = hasher.hash(item);
        }
        return hashes;
    }

    // ---- commands ----------------------------------------------------------------------------

    /** The shard an item lives in: 0 in the standard layout, else the one holding its block. */
    int shardOf(long hash) {
        return blocks == 0 || sharding.shards() == 1 ? 0 : sharding.shardOfBlock(BlockedProbes.block(hash, blocks));
    }

    /** @return the {@link Scripts#CELLS} operation of an add: {@code set} bits or {@code incr} counters */
    private byte[] addOp() {
        return cells == CellKind.BITS ? SET : INCR;
    }

    /**
     * The arguments of a probing run of {@link Scripts#CELLS} on a shard (an add, or a remove):
     * the key's length, the identity, the operation, the BITFIELD type, then each item's k offsets.
     */
    private List<byte[]> probeArgs(int shard, byte[] op, int count, IntToLongFunction hashOf) {
        List<byte[]> args = new ArrayList<>(4 + count * k);
        args.add(keyLength[shard]);
        args.add(identityHex);
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
     * item's probes, then {@code GET i64} of the shard's upload stamp (when {@code stamp}), and of
     * the first {@value #IDENTITY_WORDS} words of its identity ({@link CellsTrailer}), so that the
     * one command, atomic on the server, also says whether the key is still this filter's: a key
     * deleted, truncated, overwritten or replaced reads another identity there (a missing or short
     * key reads zeros, which no identity's hex digits are).
     */
    private byte[][] readArgs(int shard, int count, IntToLongFunction hashOf, boolean stamp) {
        byte[][] args = new byte[3 * (count * k + (stamp ? 1 : 0) + IDENTITY_WORDS)][];
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
        for (int w = stamp ? 0 : 1; w <= IDENTITY_WORDS; w++) {
            args[a++] = BITFIELD_GET;
            args[a++] = I64;
            args[a++] = RedisStore.bytes(Long.toString(stampBit + 64L * w));
        }
        return args;
    }

    /**
     * The probe values of a query's reply, after checking the identity it read with them.
     *
     * @throws RedisDataLostException if the key does not hold this filter's identity
     */
    private List<Long> checkedRead(String operation, int shard, List<Long> read, boolean stamp) {
        int probes = read.size() - (stamp ? 1 : 0) - IDENTITY_WORDS;
        int identityAt = read.size() - IDENTITY_WORDS;
        for (int w = 0; w < IDENTITY_WORDS; w++) {
            if (read.get(identityAt + w) != identityWords[w]) {
                throw damage(operation, shard, null);
            }
        }
        return read.subList(0, probes);
    }

    /**
     * What is wrong with a shard that a query found not to be this filter's (or that answered an
     * error, such as WRONGTYPE): {@link Scripts#CELLS}' check says, naming the key and the damage.
     * A failure that is not about the key (the server is unreachable) is returned as it is.
     */
    private RedisFilterException damage(String operation, int shard, RedisFilterException failure) {
        if (failure != null && !String.valueOf(failure.getMessage()).contains("WRONGTYPE")) {
            return failure;
        }
        try {
            cellsRun(operation, shard, List.of(keys.shards().get(shard)), "check");
        } catch (RedisDataLostException lost) {
            return lost;
        }
        return store.lost(operation, keys.shards().get(shard), "did not hold this filter's identity when it was"
                + " read: it was deleted, truncated, overwritten or replaced, and written again since");
    }

    /**
     * The values of a probing run's reply: after the stamp, one list per BITFIELD call of the
     * script, concatenated.
     */
    @SuppressWarnings("unchecked")
    private static List<Long> values(List<?> reply) {
        if (reply.size() == 2) {
            return (List<Long>) reply.get(1);
        }
        List<Long> values = new ArrayList<>();
        for (int call = 1; call < reply.size(); call++) {
            values.addAll((List<Long>) reply.get(call));
        }
        return values;
    }

    /** A run of {@link Scripts#CELLS} on a shard that does not probe: {@code read}, {@code count}, ... */
    private Object cellsRun(String operation, int shard, List<String> keysOfRun, String... opAndArgs) {
        List<byte[]> args = new ArrayList<>(2 + opAndArgs.length);
        args.add(keyLength[shard]);
        args.add(identityHex);
        for (String arg : opAndArgs) {
            args.add(RedisStore.bytes(arg));
        }
        List<byte[]> runKeys = new ArrayList<>(keysOfRun.size());
        for (String key : keysOfRun) {
            runKeys.add(RedisStore.bytes(key));
        }
        return store.scriptBytes(operation, Scripts.CELLS, runKeys, args);
    }

    /**
     * ORs a temporary key, holding no more than a shard's cells, into that shard, after the same
     * check as every command.
     *
     * @param shard the shard
     * @param temporary a key in the shard's hash slot
     */
    void mergeShard(int shard, String temporary) {
        cellsRun("merge", shard, List.of(keys.shards().get(shard), temporary), "merge", Long.toString(cellBytes[shard]));
    }

    /**
     * Whether an add's reply shows an item that was definitely new: a classic bit that was 0, or a
     * counter that the add raised to 1 (it was 0; a counter probed twice answers 1 only for its
     * first raise).
     */
    private boolean addedNew(List<Long> values) {
        long fresh = cells == CellKind.BITS ? 0L : 1L;
        for (Long value : values) {
            if (value == fresh) {
                return true;
            }
        }
        return false;
    }

    private static boolean allNonZero(List<Long> values) {
        for (Long value : values) {
            if (value == 0L) {
                return false;
            }
        }
        return true;
    }

    // ---- the filter as a whole -----------------------------------------------------------------

    /**
     * Classic: the Swamidass–Baldi estimate from the set bits ({@code BITCOUNT} of each shard, done
     * by the server); counting: the same estimate from the non-zero counters, counted by reading
     * the shards in 1 MiB chunks.
     */
    @Override
    public long approximateCount() {
        return shape.estimateCount(occupied());
    }

    /** {@code (occupied / m)^k}, as the in-process kind computes it. */
    @Override
    public double expectedFpp() {
        return shape.fppFromOccupied(occupied());
    }

    private long occupied() {
        long occupied = 0;
        for (int s = 0; s < cellBytes.length; s++) {
            if (cells == CellKind.BITS) {
                occupied += (Long) cellsRun("count", s, List.of(keys.shards().get(s)), "count",
                        Long.toString(cellBytes[s] - 1));
            } else {
                for (long from = 0; from < cellBytes[s]; from += CHUNK_BYTES) {
                    for (byte b : read("count", s, from, Math.min(cellBytes[s], from + CHUNK_BYTES))) {
                        occupied += ((b & 0x0F) != 0 ? 1 : 0) + ((b & 0xF0) != 0 ? 1 : 0);
                    }
                }
            }
        }
        return occupied;
    }

    /** Bytes {@code [from, to)} of a shard's cells. */
    private byte[] read(String operation, int shard, long from, long to) {
        byte[] chunk = (byte[]) cellsRun(operation, shard, List.of(keys.shards().get(shard)), "read",
                Long.toString(from), Long.toString(to - 1));
        if (chunk.length != to - from) {
            throw store.lost(operation, keys.shards().get(shard), "answered " + chunk.length + " bytes where its cells"
                    + " hold " + (to - from) + " from byte " + from);
        }
        return chunk;
    }

    /** m bits for {@code redis-classic}, 4·m for {@code redis-counting}: the bits held in Redis. */
    @Override
    public long bitSize() {
        return m * cells.bitsPerCell();
    }

    /** Sets every cell to 0, each shard in one atomic script; adds racing with it may survive. */
    @Override
    public void clear() {
        for (int s = 0; s < cellBytes.length; s++) {
            cellsRun("clear", s, List.of(keys.shards().get(s)), "clear", Long.toString(cellBytes[s]));
        }
    }

    /**
     * Writes a snapshot in the envelope of the matching in-process kind ({@code classic} or {@code
     * counting}), with the spec that kind is built from (the Redis options, such as the URI, are
     * left out): {@link org.bloomery.api.Filters#readFrom} then gives an in-process filter that
     * answers every query exactly as this one did when the snapshot was taken. The cells are read
     * in 1 MiB chunks, so concurrent updates may or may not be included.
     *
     * @throws RedisFilterException if the server fails; the stream may then hold a partial envelope
     */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        boolean bits = cells == CellKind.BITS;
        long bodyLength = Long.BYTES + Integer.BYTES + Byte.BYTES + cells.bytesFor(m) + (bits ? Long.BYTES : 0);
        Envelope.write(out, cells.localKind(), hasher, options.localSpec(), bodyLength, body -> {
            body.writeLong(m);
            body.writeInt(k);
            body.writeByte(shape.layout().code());
            long setBits = 0;
            for (int s = 0; s < cellBytes.length; s++) {
                for (long from = 0; from < cellBytes[s]; from += CHUNK_BYTES) {
                    byte[] chunk = read("snapshot", s, from, Math.min(cellBytes[s], from + CHUNK_BYTES));
                    for (byte b : chunk) {
                        setBits += Integer.bitCount(b & 0xFF);
                    }
                    body.writeBytes(chunk, 0, chunk.length);
                }
            }
            if (bits) {
                body.writeLong(setBits);
            }
        });
    }

    /**
     * {@code redis-classic}: adds every item of an in-process {@code classic} filter, or of another
     * {@code redis-classic} one (bitwise OR on the server, {@code BITOP OR}). The other filter's
     * snapshot is written to a temporary key next to each shard and OR-ed in, so concurrent adds
     * are never lost.
     *
     * @param other a classic or redis-classic filter with the same m, k, layout and hasher id; not
     *     changed
     * @throws IllegalArgumentException if it is another kind or differs in m, k or hasher,
     *     naming the difference; this filter is then unchanged
     * @throws UnsupportedOperationException for {@code redis-counting}
     * @throws RedisFilterException if the server fails; this filter is then unchanged
     */
    @Override
    public void mergeFrom(MembershipFilter<T> other) {
        Objects.requireNonNull(other, "other");
        if (cells != CellKind.BITS) {
            throw new UnsupportedOperationException("kind '" + cells.kind() + "' cannot merge; only 'redis-classic'"
                    + " merges, from an in-process 'classic' filter");
        }
        if (!other.kind().equals(cells.localKind()) && !other.kind().equals(cells.kind())) {
            throw new IllegalArgumentException("cannot merge a '" + other.kind() + "' filter into '" + cells.kind()
                    + "'; only a '" + cells.localKind() + "' or '" + cells.kind() + "' filter merges");
        }
        if (!other.hasher().id().equals(hasher.id())) {
            throw new IllegalArgumentException("cannot merge filters that differ in hasher id ('" + hasher.id()
                    + "' here, '" + other.hasher().id() + "' in the other)");
        }
        try {
            Transfer.merge(this, other);
        } catch (InvalidFilterDataException e) {
            throw new IllegalArgumentException("cannot merge: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Deletes every key of the filter: the metadata first, so that no new opener finds it, then the
     * shards. The filter answers "absent" for everything afterwards, until it is opened again.
     */
    public void delete() {
        store.del("delete", keys.all());
    }

    /**
     * Bytes the filter's keys take in Redis ({@code MEMORY USAGE} of each, summed): the cells plus
     * Redis's own overhead per key.
     *
     * @return the bytes
     */
    public long memoryUsage() {
        long total = 0;
        for (String key : keys.all()) {
            total += store.memoryUsage("memory usage", key);
        }
        return total;
    }

    /** @return the filter's name, shared by every process that opens it */
    public String name() {
        return options.name();
    }

    /** @return the filter's Redis keys: the metadata hash first, then the shards in order */
    public List<String> keys() {
        return keys.all();
    }

    /** @return the number of probes per item, k */
    public int hashes() {
        return k;
    }

    /** @return the number of cells, m: bits or counters */
    public long cells() {
        return m;
    }

    RedisStore store() {
        return store;
    }

    FilterKeys filterKeys() {
        return keys;
    }

    RedisOptions options() {
        return options;
    }

    /** Releases the connection if this filter opened it from a URI; a client passed in stays open. */
    @Override
    public void close() {
        store.close();
    }

    @Override
    public Set<Capability> capabilities() {
        return cells.capabilities();
    }

    @Override
    protected String describe() {
        return "name=" + options.name() + ", server=" + store.server()
                + ", m=" + m + ", k=" + k + ", shards=" + options.shards();
    }
}
