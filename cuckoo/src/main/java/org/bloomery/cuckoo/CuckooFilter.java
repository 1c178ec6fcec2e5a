package org.bloomery.cuckoo;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.StampedLock;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * A cuckoo filter (Fan, Andersen, Kaminsky, Mitzenmacher, CoNEXT 2014), kind {@code "cuckoo"}: each
 * insertion stores an f-bit fingerprint of the item in one of its two buckets of b slots, the
 * second bucket derived from the first and the fingerprint alone, so fingerprints can be moved
 * ("kicked") to make room. It supports deletion at fewer bits per item than a counting Bloom
 * filter, and fewer than a classic Bloom filter at most targets of 0.22% and below and at every
 * target below 0.05% (13.76 against 14.38 bits per item at 0.1%, measured at b = 4), but more at
 * 1% (10.58 against 9.59).
 * Because f is a whole number of bits, the advantage comes and goes as p falls: just below each
 * 2b / 2^f a new bit is paid for.
 *
 * <h2>Sizing</h2>
 * From {@code FilterSpec.of(n, p)}: b = 4 slots per bucket; f = ceil(log2(2b / p)) bits, clamped to
 * [4, 32] ([6, 32] for b = 2); and the fewest buckets (any count, not only a power of two) that
 * hold n + 16 fingerprints (n + 32 for b = 2) at a load of at most 0.945 (0.84 for b = 2, 0.975
 * for b = 8; lower for fingerprints under 7 bits). Those loads are about 0.01 below where
 * insertion first fails in large tables, and the 16 extra items cover small tables' wider spread,
 * so adding n distinct items does not fail. The false-positive rate at load α is
 * {@code 1 - (1 - 2^-f)^(2bα)}, about {@code 2bα / 2^f}; at full load that is about 0.95 of
 * {@code 2b / 2^f <= p}. Options: {@code bucketSize} (2, 4 or 8), {@code fingerprintBits} (4..32,
 * overrides the derived f), {@code maxKicks} (evictions per insertion before stashing, 0..65535,
 * default 500) and {@code expansion} (0..32768, default 0).
 *
 * <h2>When full</h2>
 * An insertion whose two buckets are full kicks a random fingerprint out of one of them to its
 * other bucket, and so on, up to {@code maxKicks} times; then the last evicted fingerprint goes to
 * a one-entry victim stash, so nothing is lost. While the stash is occupied, an insertion that
 * finds both its buckets full throws {@link FilterFullException} and changes nothing, unless
 * {@code expansion} is at least 1: then a new sub-table of the previous one's size times {@code
 * expansion} is added (at most {@value #MAX_SUB_TABLES} in all), new items go there, and queries
 * and removals look in every sub-table, newest first; {@link #expectedFpp()} compounds the
 * sub-tables' rates. One item may be held at most 2b times per sub-table: a further {@code add}
 * throws {@link FilterFullException}. A removal that frees a slot retries the stashed victim.
 *
 * <h2>Removal</h2>
 * {@link #remove} deletes one stored copy of the item's fingerprint, from the newest sub-table
 * holding a match. Remove only items that were added: an item never added whose fingerprint and
 * buckets collide with a stored item's removes that item's fingerprint, and that item is then
 * reported absent. Removing added items is exact, across sub-tables too: their buckets are nested
 * (see {@code PartialKeyHashing}), so a match deleted in place of the item's own copy belongs to an
 * item that the remaining copy still matches.
 *
 * <h2>Concurrency</h2>
 * Every operation is safe from many threads without outside locking ({@link Capability#CONCURRENT}),
 * and a query never misses an item whose {@code add} completed before the query began and whose
 * {@code remove} or {@link #clear} has not begun. Queries ({@link #mightContain}, {@link
 * #mightContainHash}) take no lock in the common case: they read optimistically, validate the
 * stamps of a global lock and of their two buckets' stripe locks (64 stripes), and retry once under
 * read locks if a validation fails. Additions that find a free slot and removals hold the global
 * lock shared and their buckets' stripes exclusively, so they run in parallel on different stripes.
 * Kick chains, growth, stash changes and {@link #clear} hold the global lock exclusively, so a query
 * never observes a fingerprint in transit. {@link #writeTo} blocks writers, not queries.
 *
 * @param <T> the item type
 */
public final class CuckooFilter<T> extends AbstractFilter<T> {
    /** Most sub-tables one filter grows to. */
    static final int MAX_SUB_TABLES = 32;

    /** What the kind can do: a filter grows only with option {@code expansion} of at least 1. */
    static final Set<Capability> CAPABILITIES = Collections.unmodifiableSet(
            EnumSet.of(Capability.REMOVE, Capability.CONCURRENT, Capability.ADD, Capability.GROW));
    private static final Set<Capability> FIXED_SIZE_CAPABILITIES =
            Collections.unmodifiableSet(EnumSet.of(Capability.REMOVE, Capability.CONCURRENT, Capability.ADD));

    /** Keys per pass of a batch query, as in the Bloom family's batch. */
    private static final int BATCH_CHUNK = 32;

    /** Outcomes of the shared-lock steps; counts of copies are never negative. */
    private static final int RETRY = -1;
    private static final int NEEDS_EXCLUSIVE = -2;
    private static final int ADDED_NEW = 1;
    private static final int ADDED_COPY = 2;
    private static final int REMOVED = 1;
    private static final int NOT_FOUND = 0;

    /** What {@link #underStripeLocks} does. */
    private enum Step {
        /** {@link #addIfFree}, with the stripes locked exclusively. */
        ADD,
        /** {@link #removeFromBuckets}, with the stripes locked exclusively. */
        REMOVE,
        /** Counts every copy, with the stripes locked shared. */
        COUNT,
        /** Counts the copies in the newest sub-table holding any, with the stripes locked shared. */
        FIND
    }

    private final CuckooShape shape;
    private final int bucketSize;
    private final int fingerprintBits;
    private final BucketLocks locks = new BucketLocks();
    /** The sub-tables, newest first; replaced, never mutated, under the exclusive global lock. */
    private volatile CuckooTable[] tables;
    /** Insertions that found both buckets full, then kicked or grew; written under the exclusive global lock. */
    private volatile long kickChains;

    private CuckooFilter(FilterSpec spec, KeyHasher<? super T> hasher, CuckooShape shape, CuckooTable[] tables) {
        super(CuckooProvider.KIND, spec, hasher);
        this.shape = shape;
        this.bucketSize = shape.bucketSize();
        this.fingerprintBits = shape.fingerprintBits();
        this.tables = tables;
    }

    /**
     * Builds an empty cuckoo filter sized for the spec (see the class description for the sizing
     * rule and the options).
     *
     * @param spec expected insertions, target fpp and options
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for an unknown option or a value out of range, naming it and
     *     the allowed range, or for more expected insertions than one table can hold
     */
    public static <T> CuckooFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        CuckooShape shape = CuckooShape.of(spec);
        CuckooTable first = CuckooTable.empty(shape.buckets(), shape.expansion(), 0, shape.bucketSize(),
                shape.fingerprintBits());
        return new CuckooFilter<>(spec, hasher, shape, new CuckooTable[] {first});
    }

    /**
     * Reads a filter written by {@link #writeTo}.
     *
     * @param in the stream at the start of the envelope
     * @param hasher the hasher it was written with
     * @param <T> the item type
     * @return the filter
     * @throws InvalidFilterDataException if the data is not a valid cuckoo filter for its spec
     * @throws IOException if the stream fails
     */
    static <T> CuckooFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(hasher, "hasher");
        return Envelope.read(in, CuckooProvider.KIND, hasher, (spec, reading, data) -> readBody(spec, reading, data));
    }

    @Override
    public boolean addHash(long hash) {
        int fingerprint = fingerprint(hash);
        int outcome = underStripeLocks(Step.ADD, hash, fingerprint);
        return outcome == NEEDS_EXCLUSIVE ? exclusively(Step.ADD, hash, fingerprint) : outcome == ADDED_NEW;
    }

    @Override
    public boolean mightContainHash(long hash) {
        int fingerprint = fingerprint(hash);
        StampedLock global = locks.global();
        long stamp = global.tryOptimisticRead();
        if (stamp != 0L) {
            int answer = probeOptimistically(tables, hash, fingerprint);
            if (answer != RETRY && global.validate(stamp)) {
                return answer > 0;
            }
        }
        return underStripeLocks(Step.FIND, hash, fingerprint) > 0;
    }

    /**
     * {@inheritDoc}
     *
     * <p>One optimistic read of the global lock covers the whole batch, validated once at the end;
     * a batch that a kick chain or a resize overlapped is answered by single queries. The keys go in
     * chunks of {@value #BATCH_CHUNK}: a first pass reads every key's two buckets in the newest
     * sub-table, two independent reads per key, so the CPU has the chunk's cache misses in flight
     * together; a key found there is present (its fingerprint was in a bucket while no kick ran). A
     * second pass asks the others as a single query does, from buckets then in cache: stash, older
     * sub-tables and stripe stamps included, so that no answer "absent" is taken from a bucket in
     * change.
     */
    @Override
    public void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        StampedLock global = locks.global();
        long stamp = global.tryOptimisticRead();
        if (stamp != 0L) {
            CuckooTable[] current = tables;
            CuckooTable newest = current[0];
            for (int start = from; start < to; start += BATCH_CHUNK) {
                int end = Math.min(to, start + BATCH_CHUNK);
                for (int i = start; i < end; i++) {
                    long hash = hashes[i];
                    int fingerprint = fingerprint(hash);
                    int first = newest.firstBucket(hash);
                    out[i] = newest.bucketsHold(first, newest.alternateBucket(first, fingerprint), fingerprint);
                }
                for (int i = start; i < end; i++) {
                    if (!out[i]) {
                        long hash = hashes[i];
                        int answer = probeOptimistically(current, hash, fingerprint(hash));
                        out[i] = answer == RETRY ? mightContainHash(hash) : answer > 0;
                    }
                }
            }
            if (global.validate(stamp)) {
                return;
            }
        }
        for (int i = from; i < to; i++) {
            out[i] = mightContainHash(hashes[i]);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>Deletes one copy of the item's fingerprint from the newest sub-table holding it. Remove
     * only items that were added: removing an item never added can delete another item whose
     * fingerprint collides with it.
     */
    @Override
    public boolean removeHash(long hash) {
        int fingerprint = fingerprint(hash);
        int outcome = underStripeLocks(Step.REMOVE, hash, fingerprint);
        return outcome == NEEDS_EXCLUSIVE ? exclusively(Step.REMOVE, hash, fingerprint) : outcome == REMOVED;
    }

    /**
     * How many copies of the item the filter holds: the copies of its fingerprint in its two buckets
     * (counted once when they coincide) and the stash, over every sub-table. May over-count when
     * another item's fingerprint collides.
     *
     * @param item the item, not null
     * @return the count, 0 if the item is definitely absent
     */
    public int count(T item) {
        return countHash(hasher.hash(item));
    }

    /**
     * {@link #count} for an item whose hash is already known.
     *
     * @param hash {@code hasher().hash(item)}
     * @return the count
     */
    public int countHash(long hash) {
        return underStripeLocks(Step.COUNT, hash, fingerprint(hash));
    }

    /**
     * The fraction of slots holding a fingerprint, over every sub-table (the stash not counted).
     *
     * @return the load, in [0, 1]
     */
    public double loadFactor() {
        long stored = 0;
        long slots = 0;
        for (CuckooTable table : tables) {
            stored += table.stored();
            slots += table.slotCount();
        }
        return (double) stored / slots;
    }

    /**
     * Slots per bucket, b.
     *
     * @return 2, 4 or 8
     */
    public int bucketSize() {
        return bucketSize;
    }

    /**
     * Fingerprint width, f.
     *
     * @return bits, in [4, 32]
     */
    public int fingerprintBits() {
        return fingerprintBits;
    }

    /**
     * Buckets over every sub-table.
     *
     * @return the bucket count
     */
    public long buckets() {
        long buckets = 0;
        for (CuckooTable table : tables) {
            buckets += table.buckets();
        }
        return buckets;
    }

    @Override
    public Set<Capability> capabilities() {
        return shape.expansion() == 0 ? FIXED_SIZE_CAPABILITIES : CAPABILITIES;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Exact when no update runs concurrently: the fingerprints stored, stashes included.
     */
    @Override
    public long approximateCount() {
        long count = 0;
        for (CuckooTable table : tables) {
            count += table.size();
        }
        return count;
    }

    /**
     * {@inheritDoc}
     *
     * <p>A query compares its fingerprint with the 2b slots of its two buckets in every sub-table,
     * each holding a fingerprint with probability equal to that sub-table's load α: the rate is
     * {@code 1 - (1 - 2^-f)^(2b * Σα)}, which for one sub-table is {@code 1 - (1 - 2^-f)^(2bα)}.
     */
    @Override
    public double expectedFpp() {
        double loads = 0;
        for (CuckooTable table : tables) {
            loads += table.load();
        }
        return -Math.expm1(2.0 * bucketSize * loads * Math.log1p(-Math.scalb(1.0, -fingerprintBits)));
    }

    @Override
    public long bitSize() {
        long bits = 0;
        for (CuckooTable table : tables) {
            bits += table.bitSize();
        }
        return bits;
    }

    /** Removes every item and every sub-table but the first. */
    @Override
    public void clear() {
        StampedLock global = locks.global();
        long stamp = global.writeLock();
        try {
            CuckooTable[] current = tables;
            CuckooTable first = current[current.length - 1];
            first.clear();
            tables = new CuckooTable[] {first};
        } finally {
            global.unlockWrite(stamp);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>The body: b (byte), f (byte), maxKicks (int), expansion (int), the sub-table count (byte),
     * then per sub-table, oldest first, its bucket count (int), its stash (long: bucket in the high
     * half, fingerprint in the low half, 0 when empty) and its slots (bytes for f = 8, shorts for
     * f = 16, otherwise {@code ceil(slots * f / 64)} longs of packed fingerprints, low bits first),
     * and last the number of fingerprints held (long).
     */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        StampedLock global = locks.global();
        long stamp = global.readLock();
        try {
            locks.lock(-1L, false);
            try {
                CuckooTable[] current = tables;
                long bodyLength = 1 + 1 + 4 + 4 + 1 + Long.BYTES;
                for (CuckooTable table : current) {
                    bodyLength += Integer.BYTES + table.serializedBytes();
                }
                Envelope.write(out, this, bodyLength, data -> writeBody(data, current));
            } finally {
                locks.unlock(-1L, false);
            }
        } finally {
            global.unlockRead(stamp);
        }
    }

    @Override
    protected String describe() {
        return "b=" + bucketSize + ", f=" + fingerprintBits + ", buckets=" + buckets()
                + ", subTables=" + tables.length + ", count=" + approximateCount() + ", load=" + loadFactor()
                + ", expectedFpp=" + expectedFpp() + ", kickChains=" + kickChains;
    }

    /**
     * Insertions so far that found both their buckets full, and so kicked or grew the filter.
     *
     * @return the count
     */
    long kickChains() {
        return kickChains;
    }

    private int fingerprint(long hash) {
        return PartialKeyHashing.fingerprint(hash, fingerprintBits);
    }

    /** The stripes of the item's buckets in every sub-table. */
    private static long stripesOf(CuckooTable[] current, long hash, int fingerprint) {
        long stripes = 0L;
        for (CuckooTable table : current) {
            int first = table.firstBucket(hash);
            stripes |= BucketLocks.stripeBit(first) | BucketLocks.stripeBit(table.alternateBucket(first, fingerprint));
        }
        return stripes;
    }

    /**
     * Runs one step holding the global lock shared and the stripes of the item's buckets in every
     * sub-table, exclusively for a write. A step never waits for another lock while holding these.
     */
    private int underStripeLocks(Step step, long hash, int fingerprint) {
        boolean write = step == Step.ADD || step == Step.REMOVE;
        StampedLock global = locks.global();
        long stamp = global.readLock();
        try {
            CuckooTable[] current = tables;
            long stripes = stripesOf(current, hash, fingerprint);
            locks.lock(stripes, write);
            try {
                switch (step) {
                    case ADD:
                        return addIfFree(current, hash, fingerprint);
                    case REMOVE:
                        return removeFromBuckets(current, hash, fingerprint);
                    case COUNT:
                        return countHeld(current, hash, fingerprint, false);
                    default:
                        return countHeld(current, hash, fingerprint, true);
                }
            } finally {
                locks.unlock(stripes, write);
            }
        } finally {
            global.unlockRead(stamp);
        }
    }

    /** Runs the slow path of an add or a remove holding the global lock exclusively. */
    private boolean exclusively(Step step, long hash, int fingerprint) {
        StampedLock global = locks.global();
        long stamp = global.writeLock();
        try {
            return step == Step.ADD ? addExclusive(hash, fingerprint) : removeExclusive(hash, fingerprint);
        } finally {
            global.unlockWrite(stamp);
        }
    }

    /** Looks for the item under optimistic stripe stamps: 1 if found, 0 if not, RETRY if a stripe changed. */
    private int probeOptimistically(CuckooTable[] current, long hash, int fingerprint) {
        for (CuckooTable table : current) {
            int first = table.firstBucket(hash);
            int second = table.alternateBucket(first, fingerprint);
            StampedLock firstStripe = locks.stripe(first);
            StampedLock secondStripe = locks.stripe(second);
            long firstStamp = firstStripe.tryOptimisticRead();
            long secondStamp = secondStripe.tryOptimisticRead();
            boolean found = table.contains(first, second, fingerprint);
            if (firstStamp == 0L || secondStamp == 0L
                    || !firstStripe.validate(firstStamp) || !secondStripe.validate(secondStamp)) {
                return RETRY;
            }
            if (found) {
                return 1;
            }
        }
        return 0;
    }

    /** Copies held over every sub-table; with {@code firstOnly}, stops at the first sub-table holding any. */
    private static int countHeld(CuckooTable[] current, long hash, int fingerprint, boolean firstOnly) {
        int copies = 0;
        for (CuckooTable table : current) {
            int first = table.firstBucket(hash);
            copies += table.copies(first, table.alternateBucket(first, fingerprint), fingerprint);
            if (firstOnly && copies > 0) {
                break;
            }
        }
        return copies;
    }

    /** The fast path of add: a free slot in the newest sub-table, under its buckets' stripe locks. */
    private int addIfFree(CuckooTable[] current, long hash, int fingerprint) {
        CuckooTable newest = current[0];
        int first = newest.firstBucket(hash);
        int second = newest.alternateBucket(first, fingerprint);
        int copies = newest.copies(first, second, fingerprint);
        checkCopies(copies);
        boolean seen = copies > 0 || current.length > 1 && countHeld(current, hash, fingerprint, true) > 0;
        if (!newest.insertFree(first, second, fingerprint)) {
            return NEEDS_EXCLUSIVE;
        }
        return seen ? ADDED_COPY : ADDED_NEW;
    }

    /** The slow path of add, under the exclusive global lock: kicks, the stash, growth. */
    private boolean addExclusive(long hash, int fingerprint) {
        CuckooTable[] current = tables;
        CuckooTable target = current[0];
        int first = target.firstBucket(hash);
        int second = target.alternateBucket(first, fingerprint);
        checkCopies(target.copies(first, second, fingerprint));
        boolean seen = countHeld(current, hash, fingerprint, true) > 0;
        if (!target.insertFree(first, second, fingerprint)) {
            if (target.stashOccupied()) {
                target = grow(current);
                first = target.firstBucket(hash);
                second = target.alternateBucket(first, fingerprint);
            }
            kickChains++;
            target.insertWithKicks(first, second, fingerprint, shape.maxKicks());
        }
        return !seen;
    }

    private void checkCopies(int copies) {
        if (copies >= 2 * bucketSize) {
            throw new FilterFullException("cuckoo filter already holds " + copies
                    + " copies of this item, the most its two buckets of " + bucketSize + " slots allow (2b)");
        }
    }

    /** Adds a sub-table, or throws if the filter may not grow; changes nothing before it can succeed. */
    private CuckooTable grow(CuckooTable[] current) {
        CuckooTable newest = current[0];
        if (shape.expansion() == 0) {
            throw new FilterFullException("cuckoo filter is full: " + approximateCount() + " fingerprints in "
                    + newest.slotCount() + " slots (load " + newest.load()
                    + ") and the victim stash is occupied; set option 'expansion' to 1 or more to let it grow");
        }
        int level = newest.level() + 1;
        long buckets = CuckooTable.buckets(shape.buckets(), shape.expansion(), level);
        if (current.length == MAX_SUB_TABLES || buckets > CuckooShape.maxBuckets(bucketSize)) {
            throw new FilterFullException("cuckoo filter is full: " + approximateCount() + " fingerprints in "
                    + current.length + " sub-tables, and another of " + buckets + " buckets would exceed the limit of "
                    + MAX_SUB_TABLES + " sub-tables or " + CuckooShape.maxBuckets(bucketSize) + " buckets");
        }
        CuckooTable grown;
        try {
            grown = CuckooTable.empty(shape.buckets(), shape.expansion(), level, bucketSize, fingerprintBits);
        } catch (IllegalArgumentException | OutOfMemoryError e) {
            // The heap check leaves headroom; should the allocation still fail, nothing has changed yet.
            throw new FilterFullException("cuckoo filter is full: " + approximateCount() + " fingerprints in "
                    + current.length + " sub-tables, and the heap has no room for another of " + buckets
                    + " buckets: " + e.getMessage());
        }
        CuckooTable[] next = new CuckooTable[current.length + 1];
        next[0] = grown;
        System.arraycopy(current, 0, next, 1, current.length);
        tables = next;
        return grown;
    }

    /**
     * The fast path of remove, under the item's stripe locks: deletes from the newest sub-table
     * whose buckets hold the fingerprint, unless that sub-table's stash is involved (it holds the
     * fingerprint, or a victim that the freed slot should take back), which needs the exclusive lock.
     */
    private static int removeFromBuckets(CuckooTable[] current, long hash, int fingerprint) {
        for (CuckooTable table : current) {
            int first = table.firstBucket(hash);
            int second = table.alternateBucket(first, fingerprint);
            if (table.stashOccupied()) {
                if (table.contains(first, second, fingerprint)) {
                    return NEEDS_EXCLUSIVE;
                }
            } else if (table.deleteFromBuckets(first, second, fingerprint)) {
                return REMOVED;
            }
        }
        return NOT_FOUND;
    }

    /** The slow path of remove, under the exclusive global lock. */
    private boolean removeExclusive(long hash, int fingerprint) {
        for (CuckooTable table : tables) {
            int first = table.firstBucket(hash);
            int second = table.alternateBucket(first, fingerprint);
            if (table.deleteFromBuckets(first, second, fingerprint)) {
                table.reinsertVictim(shape.maxKicks());
                return true;
            }
            if (table.stashHolds(first, second, fingerprint)) {
                table.clearStash();
                return true;
            }
        }
        return false;
    }

    private void writeBody(FilterDataOutput out, CuckooTable[] current) throws IOException {
        out.writeByte(bucketSize);
        out.writeByte(fingerprintBits);
        out.writeInt(shape.maxKicks());
        out.writeInt(shape.expansion());
        out.writeByte(current.length);
        long count = 0;
        for (int i = current.length - 1; i >= 0; i--) {
            out.writeInt(current[i].buckets());
            current[i].writeTo(out);
            count += current[i].size();
        }
        out.writeLong(count);
    }

    private static <T> CuckooFilter<T> readBody(FilterSpec spec, KeyHasher<? super T> hasher, FilterDataInput in)
            throws IOException {
        CuckooShape shape = CuckooShape.of(spec);
        int bucketSize = shape.bucketSize();
        int bits = shape.fingerprintBits();
        in.readUnsignedByte("bucketSize", bucketSize, bucketSize);
        in.readUnsignedByte("fingerprintBits", bits, bits);
        in.readInt("maxKicks", shape.maxKicks(), shape.maxKicks());
        in.readInt("expansion", shape.expansion(), shape.expansion());
        int count = in.readUnsignedByte("sub-table count", 1, shape.expansion() == 0 ? 1 : MAX_SUB_TABLES);
        CuckooTable[] tables = new CuckooTable[count];
        long held = 0;
        for (int i = 0; i < count; i++) {
            long buckets = CuckooTable.buckets(shape.buckets(), shape.expansion(), i);
            if (buckets > CuckooShape.maxBuckets(bucketSize)) {
                throw new InvalidFilterDataException("sub-table " + i + " would have " + buckets
                        + " buckets, more than the limit of " + CuckooShape.maxBuckets(bucketSize));
            }
            in.readInt("buckets of sub-table " + i, (int) buckets, (int) buckets);
            CuckooTable table = CuckooTable.readFrom(in, shape.buckets(), shape.expansion(), i, bucketSize, bits);
            tables[count - 1 - i] = table;
            held += table.size();
        }
        in.readLong("fingerprint count", held, held);
        return new CuckooFilter<>(spec, hasher, shape, tables);
    }
}
