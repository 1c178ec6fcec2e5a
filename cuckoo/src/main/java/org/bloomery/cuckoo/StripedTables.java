package org.bloomery.cuckoo;

import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.locks.StampedLock;
import org.bloomery.api.FilterFullException;

/**
 * A cuckoo filter's sub-tables behind its {@link BucketLocks}: every read and change of the tables
 * goes through here, so the locking that {@link CuckooFilter}'s class description promises is in
 * one class. Queries read optimistically and fall back to read locks; adds that find a free slot
 * and removals that leave every stash alone hold the global lock shared and their buckets' stripes
 * exclusively; kick chains, growth, stash changes and {@link #clear} hold the global lock exclusively.
 */
final class StripedTables {
    /** Keys per pass of a batch query, as in the Bloom family's batch. */
    static final int BATCH_CHUNK = 32;

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

    /** What {@link #whileWritersWait} runs: reads the sub-tables, newest first, and changes nothing. */
    @FunctionalInterface
    interface TablesReader {
        void read(CuckooTable[] tables) throws IOException;
    }

    private final CuckooShape shape;
    private final int bucketSize;
    private final int fingerprintBits;
    private final BucketLocks locks = new BucketLocks();
    /** The sub-tables, newest first; replaced, never mutated, under the exclusive global lock. */
    private volatile CuckooTable[] tables;
    /** Insertions that found both buckets full, then kicked or grew; written under the exclusive global lock. */
    private volatile long kickChains;

    /** Puts sub-tables, newest first, behind a fresh set of locks. */
    StripedTables(CuckooShape shape, CuckooTable[] tables) {
        this.shape = shape;
        this.bucketSize = shape.bucketSize();
        this.fingerprintBits = shape.fingerprintBits();
        this.tables = tables;
    }

    /** @return the sub-tables now, newest first, for statistics; racing writers may change their contents */
    CuckooTable[] current() {
        return tables;
    }

    /** @return insertions so far that found both their buckets full, and so kicked or grew the filter */
    long kickChains() {
        return kickChains;
    }

    /**
     * Stores one copy of the item's fingerprint, in a free slot of the newest sub-table if its
     * buckets have one, else by kicks, the stash or growth.
     *
     * @param hash the item's hash
     * @return true if no sub-table held the item's fingerprint before
     * @throws FilterFullException if the item is held 2b times already, or the stash is occupied
     *     and the filter may not grow; nothing has changed then
     */
    boolean add(long hash) {
        int fingerprint = fingerprint(hash);
        int outcome = underStripeLocks(Step.ADD, hash, fingerprint);
        return outcome == NEEDS_EXCLUSIVE ? exclusively(Step.ADD, hash, fingerprint) : outcome == ADDED_NEW;
    }

    /**
     * Deletes one copy of the item's fingerprint from the newest sub-table holding it.
     *
     * @param hash the item's hash
     * @return false, with nothing changed, if no sub-table holds it
     */
    boolean remove(long hash) {
        int fingerprint = fingerprint(hash);
        int outcome = underStripeLocks(Step.REMOVE, hash, fingerprint);
        return outcome == NEEDS_EXCLUSIVE ? exclusively(Step.REMOVE, hash, fingerprint) : outcome == REMOVED;
    }

    /**
     * Whether a sub-table holds the item's fingerprint, in its buckets or its stash; lock-free
     * unless a writer changed the global lock or the buckets' stripes during the reading.
     *
     * @param hash the item's hash
     * @return false if the item is definitely absent
     */
    boolean mightContain(long hash) {
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
     * {@link #mightContain} of each hash in {@code [from, to)}, into the same index of {@code out}
     * (the bounds checked by the caller), under one optimistic read of the global lock.
     *
     * @param hashes the items' hashes
     * @param from the first index
     * @param to one past the last index
     * @param out the answers
     */
    void mightContainAll(long[] hashes, int from, int to, boolean[] out) {
        StampedLock global = locks.global();
        long stamp = global.tryOptimisticRead();
        if (stamp != 0L) {
            CuckooTable[] current = tables;
            CuckooTable newest = current[0];
            for (int start = from; start < to; start += BATCH_CHUNK) {
                int end = Math.min(to, start + BATCH_CHUNK);
                // Buckets only, two independent reads per key: the chunk's cache misses overlap, and
                // a fingerprint found in a bucket while no kick ran (validated below) is present.
                for (int i = start; i < end; i++) {
                    long hash = hashes[i];
                    int fingerprint = fingerprint(hash);
                    int first = newest.firstBucket(hash);
                    out[i] = newest.bucketsHold(first, newest.alternateBucket(first, fingerprint), fingerprint);
                }
                // The rest as a single query, stash, older sub-tables and stripe stamps included, so
                // that no "absent" is taken from a bucket in change.
                for (int i = start; i < end; i++) {
                    if (!out[i]) {
                        long hash = hashes[i];
                        int answer = probeOptimistically(current, hash, fingerprint(hash));
                        out[i] = answer == RETRY ? mightContain(hash) : answer > 0;
                    }
                }
            }
            if (global.validate(stamp)) {
                return;
            }
        }
        for (int i = from; i < to; i++) {
            out[i] = mightContain(hashes[i]);
        }
    }

    /**
     * Copies of the item's fingerprint in its two buckets (once when they coincide) and the stash,
     * over every sub-table.
     *
     * @param hash the item's hash
     * @return the count
     */
    int count(long hash) {
        return underStripeLocks(Step.COUNT, hash, fingerprint(hash));
    }

    /** Empties the first sub-table and drops the others, holding the global lock exclusively. */
    void clear() {
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
     * Hands the sub-tables to a reader while writers wait: the global lock and every stripe are held
     * shared, so queries go on.
     *
     * @param reader reads them
     * @throws IOException as the reader throws it
     */
    void whileWritersWait(TablesReader reader) throws IOException {
        Objects.requireNonNull(reader, "reader");
        StampedLock global = locks.global();
        long stamp = global.readLock();
        try {
            locks.lock(-1L, false);
            try {
                reader.read(tables);
            } finally {
                locks.unlock(-1L, false);
            }
        } finally {
            global.unlockRead(stamp);
        }
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
                        return SubTables.copies(current, hash, fingerprint, false);
                    default:
                        return SubTables.copies(current, hash, fingerprint, true);
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

    /** The fast path of add: a free slot in the newest sub-table, under its buckets' stripe locks. */
    private int addIfFree(CuckooTable[] current, long hash, int fingerprint) {
        CuckooTable newest = current[0];
        int first = newest.firstBucket(hash);
        int second = newest.alternateBucket(first, fingerprint);
        int copies = newest.copies(first, second, fingerprint);
        checkCopies(copies);
        boolean seen = copies > 0 || current.length > 1 && SubTables.copies(current, hash, fingerprint, true) > 0;
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
        boolean seen = SubTables.copies(current, hash, fingerprint, true) > 0;
        if (!target.insertFree(first, second, fingerprint)) {
            if (target.stashOccupied()) {
                CuckooTable[] grown = SubTables.grown(current, shape);
                tables = grown;
                target = grown[0];
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
}
