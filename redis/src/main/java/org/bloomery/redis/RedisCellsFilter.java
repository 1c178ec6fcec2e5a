package org.bloomery.redis;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.api.spi.Envelope;
import org.bloomery.bloom.BloomShape;

/**
 * A Bloom filter whose cells live in Redis, shared by every process that opens the same name:
 * kind {@code "redis-classic"} (bits, as the in-process {@code classic} kind) or {@code
 * "redis-counting"} (4-bit saturating counters, as the in-process {@code counting} kind). The size
 * m, the probes k and every probe position are the in-process kind's for the same spec; only where
 * the cells live differs, so a snapshot ({@link #writeTo}) is an in-process filter that answers
 * exactly as this one did.
 *
 * <p>Each add and remove is one Lua script ({@code EVALSHA}, {@link CellsCommands}), atomic on the
 * server, that first checks the cells key it touches (its type, its length, the filter's identity
 * at its end, and that its write epoch is not below the one this handle has seen) and then runs the
 * operation, raising the epoch: a classic add is one {@code BITFIELD ... SET u1} that sets the k
 * bits and returns their old values; a counting add is one {@code BITFIELD ... OVERFLOW SAT INCRBY
 * u4}, which raises the k counters and leaves a counter at 15 there; a counting remove changes
 * nothing when a counter is 0 and otherwise lowers the counters below 15. A query is one {@code
 * BITFIELD_RO ... GET} that reads the identity and the epoch with the probes. The batch methods
 * ({@link CellsBatch}) send up to 100 items of one shard per script run and up to 10,000 items per
 * pipeline: one round trip per 10,000 items. With option {@code minReplicas}, every add, remove
 * and pipeline of a batch add is followed by {@code WAIT} on the same connection ({@link
 * Durability}).
 *
 * <p>Keys: the metadata hash {@code <prefix>{<name>}:meta} (kind, format, identity, hasher id, m,
 * k, shards, spec; never a credential) and the cells {@code <prefix>{<name>}:cells:0}: m bits or
 * 4m bits that hold byte for byte the words of the in-process kind's snapshot body, then a {@link
 * KeyTrailer} (an 8-byte {@link UploadStamp} naming the upload that wrote the key, 0 before any
 * upload, the 8-byte write epoch, and the filter's {@link Identity}). With S > 1 shards (blocked layout), shard s is {@code
 * <prefix>{<tag of s>}:cells:<s>}: its range of blocks, then the trailer.
 *
 * <p><b>Failures.</b> An operation the server does not answer within the timeout, refuses, or
 * answers with an error throws {@link RedisFilterException}; one that finds a cells key missing,
 * of another type or length, or of another filter (deleted, lost in a restart, truncated,
 * overwritten, or replaced by a new filter of the same name) throws {@link RedisDataLostException}
 * and changes nothing; so does one that finds a key rolled back below the state this handle has
 * seen ({@link Epochs}: a failover to a lagging replica, a restart from an older snapshot), after
 * which the handle fails every call until it is opened again. A write that fewer replicas than
 * option {@code minReplicas} acknowledged throws {@link RedisFilterException} naming the count,
 * and is applied on the master. A query never answers "absent" for a failure, and no command creates a
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
    /** Pause before a batch query that met shards of different uploads reads them again. */
    private static final long RETRY_PAUSE_NANOS = 1_000_000L;

    private final RedisStore store;
    private final RedisCellsOptions options;
    private final CellKind cells;
    private final FilterKeys keys;
    private final BloomShape shape;
    private final long m;
    private final int k;
    /** The filter's identity, which every cells key ends with. */
    private final Identity identity;
    private final CellsCommands commands;
    private final CellsBatch batches;

    private RedisCellsFilter(RedisStore store, RedisCellsOptions options, FilterSpec spec, KeyHasher<? super T> hasher,
            Identity identity) {
        super(options.cells().kind(), Location.shownSpec(spec), hasher);
        this.store = store;
        this.options = options;
        this.cells = options.cells();
        this.keys = FilterKeys.of(options.prefix(), options.name(), options.shards());
        this.shape = options.shape();
        this.m = shape.cells();
        this.k = shape.hashes();
        this.identity = identity;
        this.commands = new CellsCommands(store, options, keys.shards(), identity);
        this.batches = new CellsBatch(store, commands, options);
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
    static <T> RedisCellsFilter<T> open(RedisStore store, RedisCellsOptions options, FilterSpec spec, KeyHasher<? super T> hasher) {
        return new RedisCellsFilter<>(store, options, spec, hasher, CellsOpening.open(store, options, hasher.id()));
    }

    /** The shard an item lives in: 0 in the standard layout, else the one holding its block. */
    int shardOf(long hash) {
        return commands.shardOf(hash);
    }

    /** @return the filter's identity */
    Identity identity() {
        return identity;
    }

    // ---- single items ------------------------------------------------------------------------

    /**
     * {@inheritDoc} One atomic script; with option {@code minReplicas}, followed by {@code WAIT}.
     *
     * @throws RedisFilterException if the server fails, or fewer replicas than option {@code
     *     minReplicas} acknowledged the add (it is then applied on the master)
     * @throws RedisDataLostException if the cells key is damaged, or older than this handle has
     *     seen (rolled back); nothing is changed
     */
    @Override
    public boolean addHash(long hash) {
        return addedNew(commands.add("add", hash));
    }

    /**
     * {@inheritDoc} One {@code BITFIELD_RO}, which also reads the key's identity and epoch.
     *
     * @throws RedisDataLostException if the cells key is damaged, or older than this handle has
     *     seen (rolled back)
     */
    @Override
    public boolean mightContainHash(long hash) {
        return commands.query("query", hash);
    }

    /**
     * {@code redis-counting}: lowers the item's k counters by one each, except saturated ones (15),
     * in one atomic script (followed by {@code WAIT} with option {@code minReplicas}); {@code
     * redis-classic}: always refuses.
     *
     * @return false, with nothing changed, if any of the k counters is 0; true otherwise
     * @throws UnsupportedOperationException for {@code redis-classic}
     * @throws RedisDataLostException if the cells key is damaged or rolled back; nothing is changed
     */
    @Override
    public boolean removeHash(long hash) {
        if (cells == CellKind.BITS) {
            throw new UnsupportedOperationException("a " + cells.kind() + " filter cannot remove items, because its"
                    + " bits are shared between items; use kind 'redis-counting' to remove");
        }
        return commands.remove("remove", hash);
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
        long[] hashes = BatchRunner.hashesOf(hasher, items);
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
        return mightContainAllHashes(BatchRunner.hashesOf(hasher, items));
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
        batches.run(batches.start("add batch", hashes.length, true), hashes, false,
                (i, values) -> added[i] = addedNew(values));
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
        BatchRunner runner = batches.start("query batch", hashes.length, false);
        while (!batches.run(runner, hashes, true, (i, values) -> present[i] = CellsCommands.allNonZero(values))) {
            if (runner.passed()) {
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
        BatchRunner.answerRange(hashes, from, to, out, this::mightContainAllHashes);
    }

    /**
     * ORs a temporary key, holding no more than a shard's cells, into that shard, after the same
     * check as every command.
     *
     * @param shard the shard
     * @param temporary a key in the shard's hash slot
     */
    void mergeShard(int shard, String temporary) {
        commands.run("merge", shard, List.of(keys.shards().get(shard), temporary), "merge",
                Long.toString(commands.cellBytes(shard)));
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
        for (int s = 0; s < commands.shards(); s++) {
            long bytes = commands.cellBytes(s);
            if (cells == CellKind.BITS) {
                occupied += (Long) commands.run("count", s, List.of(keys.shards().get(s)), "count",
                        Long.toString(bytes - 1));
            } else {
                for (long from = 0; from < bytes; from += CHUNK_BYTES) {
                    for (byte b : commands.read("count", s, from, Math.min(bytes, from + CHUNK_BYTES))) {
                        occupied += ((b & 0x0F) != 0 ? 1 : 0) + ((b & 0xF0) != 0 ? 1 : 0);
                    }
                }
            }
        }
        return occupied;
    }

    /** m bits for {@code redis-classic}, 4·m for {@code redis-counting}: the bits held in Redis. */
    @Override
    public long bitSize() {
        return m * cells.bitsPerCell();
    }

    /**
     * Sets every cell to 0, each shard in one atomic script; adds racing with it may survive. The
     * script raises each shard's epoch, so other handles read the clear as a newer state, not as a
     * rollback.
     */
    @Override
    public void clear() {
        for (int s = 0; s < commands.shards(); s++) {
            commands.run("clear", s, List.of(keys.shards().get(s)), "clear", Long.toString(commands.cellBytes(s)));
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
        long bodyLength = BloomShape.CELLS_OFFSET + cells.bytesFor(m) + (bits ? Long.BYTES : 0);
        Envelope.write(out, cells.localKind(), hasher, options.localSpec(), bodyLength, body -> {
            body.writeLong(m);
            body.writeInt(k);
            body.writeByte(shape.layout().code());
            body.alignTo(Envelope.BODY_ALIGNMENT);
            long setBits = 0;
            for (int s = 0; s < commands.shards(); s++) {
                long bytes = commands.cellBytes(s);
                for (long from = 0; from < bytes; from += CHUNK_BYTES) {
                    byte[] chunk = commands.read("snapshot", s, from, Math.min(bytes, from + CHUNK_BYTES));
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

    RedisCellsOptions options() {
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
