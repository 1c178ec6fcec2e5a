package org.bloomery.cuckoo;

import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * One cuckoo hash table of fingerprints with its one-entry victim stash: the single-threaded
 * algorithm (insert with kicks, lookup, delete) on which {@link StripedTables} layers locking and
 * {@link SubTables} growth. The caller provides the exclusion each method documents.
 */
final class CuckooTable {
    /** Seed of the kick sequence; fixed so that equal histories give equal tables. */
    private static final long KICK_SEED = 0x2545F4914F6CDD1DL;

    private final BucketFingerprints slots;
    /** Bucket count at level 0; this table, at level {@code level}, has {@code base * expansion^level}. */
    private final int base;
    private final int expansion;
    private final int level;
    private final int buckets;
    private final int bucketSize;
    /** Fingerprints in slots, excluding the stash. */
    private final LongAdder stored = new LongAdder();
    /** The victim: {@code bucket << 32 | fingerprint}, or 0 when empty (a fingerprint is never 0). */
    private long stash;
    /** xorshift64 state for picking kick victims. */
    private long random;

    private CuckooTable(BucketFingerprints slots, int base, int expansion, int level, int bucketSize, long occupied,
            long stash) {
        this.slots = slots;
        this.base = base;
        this.expansion = expansion;
        this.level = level;
        this.buckets = slots.slots() / bucketSize;
        this.bucketSize = bucketSize;
        this.stash = stash;
        this.random = KICK_SEED ^ buckets;
        stored.add(occupied);
    }

    /**
     * An empty table of {@code buckets(base, expansion, level)} buckets.
     *
     * @param base the bucket count at level 0
     * @param expansion the growth factor between levels, at least 1 (any value at level 0)
     * @param level the table's level, with {@code buckets(base, expansion, level) * bucketSize <=
     *     MAX_SLOTS}
     * @param bucketSize slots per bucket: 2, 4 or 8
     * @param bits fingerprint width, in [4, 32]
     * @return the table
     */
    static CuckooTable empty(int base, int expansion, int level, int bucketSize, int bits) {
        int slots = (int) buckets(base, expansion, level) * bucketSize;
        return new CuckooTable(BucketFingerprints.allocate(bits, bucketSize, slots), base, expansion, level,
                bucketSize, 0L, 0L);
    }

    /**
     * The bucket count at a level.
     *
     * @param base the bucket count at level 0
     * @param expansion the growth factor between levels, in [0, 32768]
     * @param level the level
     * @return {@code base * expansion^level}, or some value above {@link Integer#MAX_VALUE} when
     *     that is larger
     */
    static long buckets(int base, int expansion, int level) {
        long buckets = base;
        for (int i = 0; i < level && buckets <= Integer.MAX_VALUE; i++) {
            buckets *= expansion;
        }
        return buckets;
    }

    /**
     * Reads a table written by {@link #writeTo}.
     *
     * @param in the body, positioned after the bucket count
     * @param base the bucket count at level 0, already validated
     * @param expansion the growth factor between levels, already validated
     * @param level the table's level, its bucket count already validated
     * @param bucketSize slots per bucket, already validated
     * @param bits fingerprint width, already validated
     * @return the table
     * @throws IOException if the stash or the slots are invalid, or the data ends early
     */
    static CuckooTable readFrom(FilterDataInput in, int base, int expansion, int level, int bucketSize, int bits)
            throws IOException {
        int buckets = (int) buckets(base, expansion, level);
        long stash = in.readLong("stash", 0L, (long) (buckets - 1) << 32 | PartialKeyHashing.lowMask(bits));
        if (stash != 0L && (stashedFingerprint(stash) == 0 || Integer.toUnsignedLong(stashedFingerprint(stash))
                > PartialKeyHashing.lowMask(bits))) {
            throw new InvalidFilterDataException("the stash holds fingerprint " + Integer.toUnsignedString(
                    stashedFingerprint(stash)) + ", outside [1, 2^" + bits + ")");
        }
        BucketFingerprints slots = BucketFingerprints.readFrom(in, bits, bucketSize, buckets * bucketSize);
        return new CuckooTable(slots, base, expansion, level, bucketSize, slots.occupied(), stash);
    }

    /**
     * Bytes {@link #writeTo} writes.
     *
     * @return the byte count
     */
    long serializedBytes() {
        return Long.BYTES + slots.serializedBytes();
    }

    /**
     * Writes the stash and the slots. Needs the shared global lock and every stripe's read lock.
     *
     * @param out the body
     * @throws IOException if the stream fails
     */
    void writeTo(FilterDataOutput out) throws IOException {
        out.writeLong(stash);
        slots.writeTo(out);
    }

    /** @return the bucket count */
    int buckets() {
        return buckets;
    }

    /** @return this table's level: 0 for the first sub-table, one more for each later one */
    int level() {
        return level;
    }

    /** @return the slot count */
    int slotCount() {
        return slots.slots();
    }

    /** @return bits allocated for the slots */
    long bitSize() {
        return slots.bitSize();
    }

    /** @return fingerprints in the slots, the stash not counted */
    long stored() {
        return stored.sum();
    }

    /** @return fingerprints held, in the slots and the stash */
    long size() {
        return stored.sum() + (stash != 0L ? 1 : 0);
    }

    /** @return the fraction of slots holding a fingerprint */
    double load() {
        return (double) stored() / slots.slots();
    }

    /**
     * The item's first bucket here.
     *
     * @param hash the key hash
     * @return the bucket
     */
    int firstBucket(long hash) {
        return PartialKeyHashing.firstBucket(hash, base, expansion, level);
    }

    /**
     * The other bucket of a fingerprint held in {@code bucket}.
     *
     * @param bucket the bucket
     * @param fingerprint the fingerprint
     * @return the alternate bucket
     */
    int alternateBucket(int bucket, int fingerprint) {
        int offset = PartialKeyHashing.fingerprintOffset(fingerprint, base, expansion, level);
        return PartialKeyHashing.alternateBucket(bucket, offset, buckets);
    }

    /**
     * Whether either bucket or the stash holds the fingerprint. Safe under optimistic reading: it
     * only reads, at indexes fixed by its arguments.
     *
     * @param first the item's first bucket
     * @param second its alternate bucket
     * @param fingerprint its fingerprint
     * @return true if found
     */
    boolean contains(int first, int second, int fingerprint) {
        return slots.containsEither(first, second, fingerprint) || stashHolds(first, second, fingerprint);
    }

    /**
     * Whether either bucket holds the fingerprint, without the stash: the first pass of a batch
     * query. Safe under optimistic reading, as {@link #contains}.
     *
     * @param first the item's first bucket
     * @param second its alternate bucket
     * @param fingerprint its fingerprint
     * @return true if found in a bucket
     */
    boolean bucketsHold(int first, int second, int fingerprint) {
        return slots.containsEither(first, second, fingerprint);
    }

    /**
     * Copies of the fingerprint in the two buckets (one bucket, when they coincide) and the stash.
     *
     * @param first the item's first bucket
     * @param second its alternate bucket
     * @param fingerprint its fingerprint
     * @return the count, in [0, 2 * bucketSize + 1]
     */
    int copies(int first, int second, int fingerprint) {
        int copies = slots.count(first, fingerprint);
        if (second != first) {
            copies += slots.count(second, fingerprint);
        }
        return stashHolds(first, second, fingerprint) ? copies + 1 : copies;
    }

    /**
     * Puts the fingerprint in a free slot of the first bucket, else of the second. Needs the
     * stripe write locks of both buckets.
     *
     * @param first the item's first bucket
     * @param second its alternate bucket
     * @param fingerprint its fingerprint
     * @return false, with nothing changed, if both buckets are full
     */
    boolean insertFree(int first, int second, int fingerprint) {
        if (slots.insert(first, fingerprint) || slots.insert(second, fingerprint)) {
            stored.increment();
            return true;
        }
        return false;
    }

    /**
     * Removes one copy of the fingerprint from the first bucket, else the second (not the stash).
     * Needs the stripe write locks of both buckets.
     *
     * @param first the item's first bucket
     * @param second its alternate bucket
     * @param fingerprint its fingerprint
     * @return false, with nothing changed, if neither bucket holds it
     */
    boolean deleteFromBuckets(int first, int second, int fingerprint) {
        if (slots.delete(first, fingerprint) || slots.delete(second, fingerprint)) {
            stored.decrement();
            return true;
        }
        return false;
    }

    /**
     * Whether the stash holds the fingerprint for one of these buckets. Stable under the shared
     * global lock, since only the exclusive holder changes the stash.
     *
     * @param first the item's first bucket
     * @param second its alternate bucket
     * @param fingerprint its fingerprint
     * @return true if the stash holds this item's fingerprint
     */
    boolean stashHolds(int first, int second, int fingerprint) {
        long victim = stash;
        if (victim == 0L || stashedFingerprint(victim) != fingerprint) {
            return false;
        }
        int bucket = stashedBucket(victim);
        return bucket == first || bucket == second;
    }

    /** @return whether the stash holds a victim */
    boolean stashOccupied() {
        return stash != 0L;
    }

    /** Empties the stash. Needs the exclusive global lock. */
    void clearStash() {
        stash = 0L;
    }

    /**
     * Inserts by cuckoo kicks: puts the fingerprint in a random slot of one of its buckets, moves
     * the fingerprint it evicts to that one's alternate bucket, and so on, until an evicted
     * fingerprint finds a free slot or {@code maxKicks} evictions have been made; then the last
     * evicted fingerprint goes to the stash. Either way every fingerprint held before is still
     * held. Needs the exclusive global lock and an empty stash.
     *
     * @param first the item's first bucket
     * @param second its alternate bucket
     * @param fingerprint its fingerprint
     * @param maxKicks most evictions before stashing
     */
    void insertWithKicks(int first, int second, int fingerprint, int maxKicks) {
        if (insertFree(first, second, fingerprint)) {
            return;
        }
        int bucket = (nextRandom() & 1) == 0 ? first : second;
        int homeless = fingerprint;
        for (int kick = 0; kick < maxKicks; kick++) {
            int slot = bucket * bucketSize + (nextRandom() & (bucketSize - 1));
            homeless = slots.swap(slot, homeless);
            bucket = alternateBucket(bucket, homeless);
            if (slots.insert(bucket, homeless)) {
                stored.increment();
                return;
            }
        }
        stash = (long) bucket << 32 | Integer.toUnsignedLong(homeless);
    }

    /**
     * Moves the stash's victim back into the slots if kicks find it room, as after a removal;
     * otherwise the stash ends up holding a victim again (perhaps another one). Needs the
     * exclusive global lock.
     *
     * @param maxKicks most evictions before stashing
     */
    void reinsertVictim(int maxKicks) {
        long victim = stash;
        if (victim == 0L) {
            return;
        }
        stash = 0L;
        int fingerprint = stashedFingerprint(victim);
        int bucket = stashedBucket(victim);
        insertWithKicks(bucket, alternateBucket(bucket, fingerprint), fingerprint, maxKicks);
    }

    /** Empties the slots and the stash. Needs the exclusive global lock. */
    void clear() {
        slots.clear();
        stored.reset();
        stash = 0L;
    }

    /** The next value of the xorshift64 sequence; kicks need speed and spread, not secrecy. */
    private int nextRandom() {
        long x = random;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        random = x;
        return (int) (x >>> 32);
    }

    private static int stashedFingerprint(long victim) {
        return (int) victim;
    }

    private static int stashedBucket(long victim) {
        return (int) (victim >>> 32);
    }
}
