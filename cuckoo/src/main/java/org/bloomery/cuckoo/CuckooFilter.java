package org.bloomery.cuckoo;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.AbstractFilter;

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

    private final CuckooShape shape;
    private final int bucketSize;
    private final int fingerprintBits;
    /** The sub-tables behind their locks, through which every read and change goes. */
    private final StripedTables tables;

    /**
     * A filter over sub-tables already made, as {@link #create} and {@link CuckooCodec} make them.
     *
     * @param spec the spec
     * @param hasher maps items to hashes
     * @param shape the parameters derived from the spec
     * @param tables the sub-tables, newest first, at least one
     */
    CuckooFilter(FilterSpec spec, KeyHasher<? super T> hasher, CuckooShape shape, CuckooTable[] tables) {
        super(CuckooProvider.KIND, spec, hasher);
        this.shape = shape;
        this.bucketSize = shape.bucketSize();
        this.fingerprintBits = shape.fingerprintBits();
        this.tables = new StripedTables(shape, tables);
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
        return CuckooCodec.read(in, hasher);
    }

    @Override
    public boolean addHash(long hash) {
        return tables.add(hash);
    }

    @Override
    public boolean mightContainHash(long hash) {
        return tables.mightContain(hash);
    }

    /**
     * {@inheritDoc}
     *
     * <p>One optimistic read of the global lock covers the whole batch, validated once at the end;
     * a batch that a kick chain or a resize overlapped is answered by single queries. The keys go in
     * chunks of {@value StripedTables#BATCH_CHUNK}: a first pass reads every key's two buckets in the newest
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
        tables.mightContainAll(hashes, from, to, out);
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
        return tables.remove(hash);
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
        return tables.count(hash);
    }

    /**
     * The fraction of slots holding a fingerprint, over every sub-table (the stash not counted).
     *
     * @return the load, in [0, 1]
     */
    public double loadFactor() {
        CuckooTable[] current = tables.current();
        return (double) SubTables.sum(current, CuckooTable::stored) / SubTables.sum(current, CuckooTable::slotCount);
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
        return SubTables.sum(tables.current(), CuckooTable::buckets);
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
        return SubTables.held(tables.current());
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
        for (CuckooTable table : tables.current()) {
            loads += table.load();
        }
        return -Math.expm1(2.0 * bucketSize * loads * Math.log1p(-Math.scalb(1.0, -fingerprintBits)));
    }

    @Override
    public long bitSize() {
        return SubTables.sum(tables.current(), CuckooTable::bitSize);
    }

    /** Removes every item and every sub-table but the first. */
    @Override
    public void clear() {
        tables.clear();
    }

    /**
     * {@inheritDoc}
     *
     * <p>The body ({@code CuckooCodec}): b, f, maxKicks, expansion, the sub-tables oldest first,
     * each with its bucket count, stash and slots, and the number of fingerprints held.
     */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        CuckooCodec.write(out, this, tables);
    }

    @Override
    protected String describe() {
        return "b=" + bucketSize + ", f=" + fingerprintBits + ", buckets=" + buckets()
                + ", subTables=" + tables.current().length + ", count=" + approximateCount() + ", load="
                + loadFactor() + ", expectedFpp=" + expectedFpp() + ", kickChains=" + tables.kickChains();
    }

    /** @return the parameters derived from the spec */
    CuckooShape shape() {
        return shape;
    }

    /**
     * Insertions so far that found both their buckets full, and so kicked or grew the filter.
     *
     * @return the count
     */
    long kickChains() {
        return tables.kickChains();
    }
}
