package org.bloomery.redis;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.bloom.BlockedProbes;
import org.bloomery.api.bloom.BloomShape;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * A Bloom filter whose cells live in Redis, shared by every process that opens the same name:
 * kind {@code "redis-classic"} (bits, as the in-process {@code classic} kind) or {@code
 * "redis-counting"} (4-bit saturating counters, as the in-process {@code counting} kind). The size
 * m, the probes k and every probe position are the in-process kind's for the same spec; only where
 * the cells live differs, so a snapshot ({@link #writeTo}) is an in-process filter that answers
 * exactly as this one did.
 *
 * <p>Each single-item operation is one command, atomic on the server: a classic add is one {@code
 * BITFIELD ... SET u1} that sets the k bits and returns their old values; a counting add is one
 * {@code BITFIELD ... OVERFLOW SAT INCRBY u4}, which raises the k counters and leaves a counter at
 * 15 there; a query is one {@code BITFIELD_RO ... GET}; a counting remove is one Lua script that
 * changes nothing when a counter is 0 and otherwise lowers the counters below 15. The batch methods
 * send a whole batch in one pipeline: one round trip per batch.
 *
 * <p>Keys: the metadata hash {@code <prefix>{<name>}:meta} (kind, format, hasher id, m, k, shards,
 * spec; never a credential) and the cells {@code <prefix>{<name>}:cells:0}, a string of m bits or
 * 4m bits that holds byte for byte the words of the in-process kind's snapshot body. With S > 1
 * shards (blocked layout), shard s is {@code <prefix>{<tag of s>}:cells:<s>}: its range of blocks,
 * then an 8-byte {@link UploadStamp} naming the upload that wrote it (0 before any upload).
 *
 * <p><b>Failures.</b> An operation the server does not answer within the timeout, refuses, or
 * answers with an error throws {@link RedisFilterException}; a query never answers "absent" for a
 * failure. {@link #close} closes the client if the filter opened it from a URI, never a client the
 * user passed in.
 *
 * <p><b>Thread safety.</b> Every method may be called from many threads ({@link
 * Capability#CONCURRENT}), and from many processes at once ({@link Capability#SHARED}): each
 * single-item operation is atomic on the server, so a query never sees half an add or remove.
 * Batches are atomic per item, not as a whole; a batch query answers from one upload whole (see
 * {@link #mightContainAllHashes}). {@link #writeTo}, {@link #clear} and the counts read the cells
 * in chunks, so updates racing with them may or may not be included.
 *
 * @param <T> the item type
 */
public final class RedisFilter<T> implements MembershipFilter<T>, AutoCloseable {
    /** Bytes moved per command when reading or writing a whole shard. */
    static final int CHUNK_BYTES = 1 << 20;
    /** Items per pipeline in a batch, bounding the memory a batch holds at once. */
    private static final int PIPELINE_ITEMS = 10_000;
    /**
     * Items packed into one BITFIELD command of a batch: at most 6,400 sub-commands (k is at most
     * 64), which the server runs in well under a millisecond, so no other client waits long.
     */
    private static final int ITEMS_PER_COMMAND = 100;
    /** Pause before a batch query that met shards of different uploads reads them again. */
    private static final long RETRY_PAUSE_NANOS = 1_000_000L;

    private final RedisStore store;
    private final RedisOptions options;
    private final CellKind cells;
    private final FilterSpec spec;
    private final KeyHasher<? super T> hasher;
    private final FilterKeys keys;
    private final BloomShape shape;
    private final long m;
    private final int k;
    private final String fieldType;
    private final Sharding sharding;
    /** Blocks of the blocked layout; 0 in the standard layout. */
    private final long blocks;
    /** Whether the shards carry an {@link UploadStamp} (more than one shard). */
    private final boolean stamped;

    private RedisFilter(RedisStore store, RedisOptions options, FilterSpec spec, KeyHasher<? super T> hasher) {
        this.store = store;
        this.options = options;
        this.cells = options.cells();
        this.spec = Location.shownSpec(spec);
        this.hasher = hasher;
        this.keys = FilterKeys.of(options.prefix(), options.name(), options.shards());
        this.shape = options.shape();
        this.m = shape.cells();
        this.k = shape.hashes();
        this.fieldType = cells.fieldType();
        this.sharding = options.sharding();
        this.blocks = shape.blocks();
        this.stamped = UploadStamp.stamped(options.shards());
    }

    /**
     * Opens the filter named in the options, creating it if no filter has the name yet.
     *
     * @throws IllegalArgumentException if a filter of that name exists with another kind, size,
     *     hasher or spec, naming the difference; nothing is changed
     * @throws RedisFilterException if a key of the filter holds another type of value (nothing is
     *     changed), or the server fails
     */
    static <T> RedisFilter<T> open(RedisStore store, RedisOptions options, FilterSpec spec, KeyHasher<? super T> hasher) {
        RedisFilter<T> filter = new RedisFilter<>(store, options, spec, hasher);
        filter.checkKeyTypes("open");
        Map<String, String> wanted = Metadata.of(options, hasher.id());
        Object reply = store.script("open", Scripts.CREATE_METADATA, filter.keys.metadata(),
                wanted.entrySet().stream().flatMap(e -> java.util.stream.Stream.of(e.getKey(), e.getValue()))
                        .toArray(String[]::new));
        Map<String, String> stored = pairs(reply);
        if (!stored.isEmpty()) {
            Metadata.difference(stored, wanted).ifPresent(difference -> {
                throw new IllegalArgumentException("filter '" + options.name() + "' exists in Redis with a different "
                        + difference + "; open it with its own spec and hasher, or delete it first");
            });
            if (stored.containsKey(Metadata.SWITCHING)) {
                throw store.failure("open", "an upload is renaming the filter's shards one by one, or was interrupted"
                        + " doing so, so some shards may hold the old filter and some the new; try again once it"
                        + " is done, or upload again, or delete the filter");
            }
        }
        filter.ensureFullLength();
        return filter;
    }

    /**
     * Fails, touching nothing, if a key of this filter holds a value of another type: the metadata
     * must be a hash and the shards strings, or absent.
     */
    void checkKeyTypes(String operation) {
        checkType(operation, keys.metadata(), "hash", "metadata hash");
        for (String shard : keys.shards()) {
            checkType(operation, shard, "string", "cells");
        }
    }

    private void checkType(String operation, String key, String expected, String role) {
        String type = store.type(operation, key);
        if (!type.equals("none") && !type.equals(expected)) {
            throw store.failure(operation, "key '" + key + "' holds a " + type + ", not a Bloomery filter's " + role
                    + " (a " + expected + "); choose another name or prefix, or delete the key");
        }
    }

    /**
     * Extends each shard to its full length with zero bytes, so Redis holds the whole array from
     * the start (as the in-process kinds do): {@code INCRBY} of the last cell (or of a sharded
     * filter's stamp, after the cells) by 0 extends a short or missing string and changes no cell.
     */
    private void ensureFullLength() {
        for (int s = 0; s < keys.shards().size(); s++) {
            String[] extend = stamped
                    ? new String[] {"INCRBY", UploadStamp.FIELD_TYPE, Long.toString(stampOffset(s)), "0"}
                    : new String[] {"INCRBY", fieldType, Long.toString((sharding.cells(s) - 1) * cells.bitsPerCell()), "0"};
            store.bitfield("open", keys.shards().get(s), extend);
        }
    }

    /** The bit offset of shard s's {@link UploadStamp}, right after its cells. */
    private long stampOffset(int shard) {
        return UploadStamp.bitOffset(cells.bytesFor(sharding.cells(shard)));
    }

    private static Map<String, String> pairs(Object reply) {
        List<?> list = (List<?>) reply;
        Map<String, String> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i + 1 < list.size(); i += 2) {
            map.put(String.valueOf(list.get(i)), String.valueOf(list.get(i + 1)));
        }
        return map;
    }

    // ---- single items ------------------------------------------------------------------------

    @Override
    public boolean addHash(long hash) {
        int shard = shardOf(hash);
        return addedNew(store.bitfield("add", keys.shards().get(shard), addArgs(offsets(hash, shard))));
    }

    @Override
    public boolean mightContainHash(long hash) {
        int shard = shardOf(hash);
        return allNonZero(store.bitfieldReadonly("query", keys.shards().get(shard), queryArgs(offsets(hash, shard))));
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
        Object reply = store.script("remove", Scripts.REMOVE, keys.shards().get(shard), offsets(hash, shard));
        return ((Long) reply) == 1L;
    }

    // ---- batches -----------------------------------------------------------------------------

    /**
     * Adds many items, in one pipeline per 10,000 items: one round trip per batch rather than per
     * item, with up to 100 items of one shard in each command. Each item's add is atomic and sees
     * the items before it, exactly as single adds in order would; the batch as a whole is not
     * atomic.
     *
     * @param items the items, none null
     * @return how many of them were definitely new (as {@link #add} counts)
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
     */
    public boolean[] addAllHashes(long[] hashes) {
        boolean[] added = new boolean[hashes.length];
        batch("add batch", hashes, false, (i, values) -> added[i] = addedNew(values));
        return added;
    }

    /**
     * {@link #mightContainAll} for items whose hashes are known.
     *
     * <p>The whole batch answers from one upload: a sharded filter's batch reads each shard's
     * {@link UploadStamp} with its probes, and if an upload replaced some shards while the batch
     * read them (the stamps differ), the batch is read again, until the timeout (option {@code
     * timeoutMillis}) has passed, when it fails instead of answering from a mix.
     *
     * @param hashes {@code hasher().hash(item)} of each item
     * @return {@link #mightContainHash} of each, in order
     * @throws RedisFilterException if the server fails, or the shards still held different uploads
     *     after the timeout (an upload renaming shards one by one was interrupted)
     */
    public boolean[] mightContainAllHashes(long[] hashes) {
        boolean[] present = new boolean[hashes.length];
        long start = System.nanoTime();
        long timeout = options.location().timeoutMillis() * 1_000_000L;
        while (!batch("query batch", hashes, true, (i, values) -> present[i] = allNonZero(values))) {
            if (System.nanoTime() - start > timeout) {
                throw store.failure("query batch", "the shards held different uploads throughout the timeout of "
                        + options.location().timeoutMillis() + " ms: an upload renaming them one by one is slow or"
                        + " was interrupted; upload again, or delete the filter");
            }
            LockSupport.parkNanos(RETRY_PAUSE_NANOS);
        }
        return present;
    }

    /**
     * {@inheritDoc} Sent as one pipeline per 10,000 hashes, as {@link #mightContainAllHashes}.
     */
    @Override
    public void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        boolean[] answers = mightContainAllHashes(java.util.Arrays.copyOfRange(hashes, from, to));
        System.arraycopy(answers, 0, out, from, answers.length);
    }

    @FunctionalInterface
    private interface BatchResult {
        void accept(int index, List<Long> values);
    }

    /**
     * Sends a batch as pipelines of {@value #PIPELINE_ITEMS} items. Within a pipeline the items of
     * one shard are packed, in their order, {@value #ITEMS_PER_COMMAND} to a BITFIELD command: one
     * command runs its sub-commands in order, so each item sees exactly the items before it, as
     * with one command per item, and the server parses one command instead of a hundred. A
     * read-only command of a sharded filter also reads its shard's upload stamp.
     *
     * @return false if the commands of a read-only batch read different upload stamps (the batch
     *     stopped there, its results partial); else true
     */
    private boolean batch(String operation, long[] hashes, boolean readonly, BatchResult result) {
        int shardCount = keys.shards().size();
        boolean checkStamps = readonly && stamped;
        Long stamp = null;
        for (int from = 0; from < hashes.length; from += PIPELINE_ITEMS) {
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
            int[] next = java.util.Arrays.copyOf(starts, shardCount);
            for (int i = 0; i < n; i++) {
                order[next[shardOf[i]]++] = i;
            }
            List<String> commandKeys = new ArrayList<>();
            List<String[]> commandArgs = new ArrayList<>();
            List<int[]> commandItems = new ArrayList<>();
            for (int s = 0; s < shardCount; s++) {
                for (int first = starts[s]; first < starts[s + 1]; first += ITEMS_PER_COMMAND) {
                    int count = Math.min(ITEMS_PER_COMMAND, starts[s + 1] - first);
                    int[] items = new int[count];
                    List<String> args = new ArrayList<>(2 + 4 * k * count);
                    if (!readonly && cells == CellKind.NIBBLES) {
                        args.add("OVERFLOW");
                        args.add("SAT");
                    }
                    for (int c = 0; c < count; c++) {
                        items[c] = order[first + c];
                        for (String offset : offsets(hashes[from + items[c]], s)) {
                            appendProbe(args, offset, readonly);
                        }
                    }
                    if (checkStamps) {
                        args.add("GET");
                        args.add(UploadStamp.FIELD_TYPE);
                        args.add(Long.toString(stampOffset(s)));
                    }
                    commandKeys.add(keys.shards().get(s));
                    commandArgs.add(args.toArray(String[]::new));
                    commandItems.add(items);
                }
            }
            List<List<Long>> replies = store.bitfields(operation, commandKeys.toArray(String[]::new),
                    commandArgs.toArray(String[][]::new), readonly);
            for (int command = 0; command < replies.size(); command++) {
                List<Long> values = replies.get(command);
                int[] items = commandItems.get(command);
                if (checkStamps) {
                    long shardStamp = values.get(items.length * k);
                    if (stamp == null) {
                        stamp = shardStamp;
                    } else if (stamp != shardStamp) {
                        return false;
                    }
                }
                for (int c = 0; c < items.length; c++) {
                    result.accept(from + items[c], values.subList(c * k, (c + 1) * k));
                }
            }
        }
        return true;
    }

    /** One probe's sub-command: {@code GET}, or the add's {@code SET ... 1} / {@code INCRBY ... 1}. */
    private void appendProbe(List<String> args, String offset, boolean readonly) {
        args.add(readonly ? "GET" : cells == CellKind.BITS ? "SET" : "INCRBY");
        args.add(fieldType);
        args.add(offset);
        if (!readonly) {
            args.add("1");
        }
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

    /** The BITFIELD offsets of the item's k cells in its shard's string, in probe order. */
    private String[] offsets(long hash, int shard) {
        return ProbeOffsets.of(hash, shape, sharding.firstCell(shard), cells);
    }

    /**
     * Classic: {@code SET u1 offset 1} per probe, answering the old bits. Counting: {@code OVERFLOW
     * SAT} then {@code INCRBY u4 offset 1} per probe, answering the new values: a counter at 15
     * stays at 15, and one probed twice is raised twice, as in the in-process kind.
     */
    private String[] addArgs(String[] offsets) {
        boolean bits = cells == CellKind.BITS;
        String[] args = new String[(bits ? 0 : 2) + 4 * k];
        int a = 0;
        if (!bits) {
            args[a++] = "OVERFLOW";
            args[a++] = "SAT";
        }
        for (String offset : offsets) {
            args[a++] = bits ? "SET" : "INCRBY";
            args[a++] = fieldType;
            args[a++] = offset;
            args[a++] = "1";
        }
        return args;
    }

    private String[] queryArgs(String[] offsets) {
        String[] args = new String[3 * k];
        for (int i = 0, a = 0; i < k; i++) {
            args[a++] = "GET";
            args[a++] = fieldType;
            args[a++] = offsets[i];
        }
        return args;
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
        for (int s = 0; s < keys.shards().size(); s++) {
            String shard = keys.shards().get(s);
            if (cells == CellKind.BITS) {
                occupied += stamped ? store.bitcount("count", shard, 0, cells.bytesFor(sharding.cells(s)) - 1)
                        : store.bitcount("count", shard);
            } else {
                long bytes = cells.bytesFor(sharding.cells(s));
                for (long from = 0; from < bytes; from += CHUNK_BYTES) {
                    for (byte b : store.getrange("count", shard, from, Math.min(bytes, from + CHUNK_BYTES) - 1)) {
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

    /** Sets every cell to 0, each shard in one atomic script; adds racing with it may survive. */
    @Override
    public void clear() {
        for (int s = 0; s < keys.shards().size(); s++) {
            store.script("clear", Scripts.CLEAR, keys.shards().get(s), Long.toString(cells.bytesFor(sharding.cells(s))));
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
        long cellBytes = cells.bytesFor(m);
        boolean bits = cells == CellKind.BITS;
        long bodyLength = Long.BYTES + Integer.BYTES + Byte.BYTES + cellBytes + (bits ? Long.BYTES : 0);
        Envelope.write(out, cells.localKind(), hasher, options.localSpec(), bodyLength, body -> {
            body.writeLong(m);
            body.writeInt(k);
            body.writeByte(shape.layout().code());
            long setBits = 0;
            for (int s = 0; s < keys.shards().size(); s++) {
                setBits += copyShard(keys.shards().get(s), cells.bytesFor(sharding.cells(s)), body);
            }
            if (bits) {
                body.writeLong(setBits);
            }
        });
    }

    /** Copies one shard into a snapshot body; a string shorter than its size reads as zeros. */
    private long copyShard(String shard, long shardBytes, FilterDataOutput body) throws IOException {
        long setBits = 0;
        for (long from = 0; from < shardBytes; from += CHUNK_BYTES) {
            int length = (int) Math.min(CHUNK_BYTES, shardBytes - from);
            byte[] chunk = store.getrange("snapshot", shard, from, from + length - 1);
            if (chunk.length != length) {
                chunk = java.util.Arrays.copyOf(chunk, length);
            }
            for (byte b : chunk) {
                setBits += Integer.bitCount(b & 0xFF);
            }
            body.writeBytes(chunk, 0, length);
        }
        return setBits;
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
    public String kind() {
        return cells.kind();
    }

    /** @return the spec the filter was opened with; a password in option {@code uri} shows as {@code ****} */
    @Override
    public FilterSpec spec() {
        return spec;
    }

    @Override
    public KeyHasher<? super T> hasher() {
        return hasher;
    }

    @Override
    public String toString() {
        return "RedisFilter[kind=" + cells.kind() + ", name=" + options.name() + ", server=" + store.server()
                + ", m=" + m + ", k=" + k + ", shards=" + options.shards() + ", hasher=" + hasher.id() + "]";
    }
}
