package org.bloomery.cuckoo;

import java.util.function.ToLongFunction;
import org.bloomery.api.FilterFullException;

/**
 * A cuckoo filter's sub-tables, newest first, as one array: how it grows and what is counted over
 * every sub-table. The filter grows when its newest sub-table's stash is occupied (option {@code
 * expansion} of at least 1): a new sub-table of {@code expansion} times the previous one's
 * buckets, at most {@value CuckooFilter#MAX_SUB_TABLES} sub-tables and {@link
 * CuckooShape#maxBuckets} buckets each. An array is never changed once published; growth makes a
 * new one.
 */
final class SubTables {
    private SubTables() {
    }

    /**
     * The sub-tables with a new, empty one in front. Needs the exclusive global lock, as the caller
     * publishes the result; changes nothing itself.
     *
     * @param current the sub-tables, newest first
     * @param shape the filter's parameters
     * @return a new array: the new sub-table, then {@code current}
     * @throws FilterFullException if the filter may not grow (option {@code expansion} is 0), is at
     *     a limit, or the heap has no room for the new sub-table
     */
    static CuckooTable[] grown(CuckooTable[] current, CuckooShape shape) {
        CuckooTable newest = current[0];
        if (shape.expansion() == 0) {
            throw new FilterFullException("cuckoo filter is full: " + held(current) + " fingerprints in "
                    + newest.slotCount() + " slots (load " + newest.load()
                    + ") and the victim stash is occupied; set option 'expansion' to 1 or more to let it grow");
        }
        int level = newest.level() + 1;
        long buckets = CuckooTable.buckets(shape.buckets(), shape.expansion(), level);
        int maxBuckets = CuckooShape.maxBuckets(shape.bucketSize());
        if (current.length == CuckooFilter.MAX_SUB_TABLES || buckets > maxBuckets) {
            throw new FilterFullException("cuckoo filter is full: " + held(current) + " fingerprints in "
                    + current.length + " sub-tables, and another of " + buckets + " buckets would exceed the limit of "
                    + CuckooFilter.MAX_SUB_TABLES + " sub-tables or " + maxBuckets + " buckets");
        }
        CuckooTable grown;
        try {
            grown = CuckooTable.empty(shape.buckets(), shape.expansion(), level, shape.bucketSize(),
                    shape.fingerprintBits());
        } catch (IllegalArgumentException | OutOfMemoryError e) {
            // The heap check leaves headroom; should the allocation still fail, nothing has changed yet.
            throw new FilterFullException("cuckoo filter is full: " + held(current) + " fingerprints in "
                    + current.length + " sub-tables, and the heap has no room for another of " + buckets
                    + " buckets: " + e.getMessage());
        }
        CuckooTable[] next = new CuckooTable[current.length + 1];
        next[0] = grown;
        System.arraycopy(current, 0, next, 1, current.length);
        return next;
    }

    /**
     * Fingerprints held over every sub-table, stashes included.
     *
     * @param tables the sub-tables
     * @return the count
     */
    static long held(CuckooTable[] tables) {
        return sum(tables, CuckooTable::size);
    }

    /**
     * One quantity added up over every sub-table.
     *
     * @param tables the sub-tables
     * @param quantity a sub-table's part
     * @return the sum
     */
    static long sum(CuckooTable[] tables, ToLongFunction<CuckooTable> quantity) {
        long sum = 0;
        for (CuckooTable table : tables) {
            sum += quantity.applyAsLong(table);
        }
        return sum;
    }

    /**
     * Copies of an item's fingerprint in its buckets and the stash, over every sub-table, as {@link
     * CuckooTable#copies} counts them. Needs its buckets' stripes locked, or the global lock.
     *
     * @param tables the sub-tables, newest first
     * @param hash the item's hash
     * @param fingerprint its fingerprint
     * @param firstOnly stop at the first sub-table holding any
     * @return the count
     */
    static int copies(CuckooTable[] tables, long hash, int fingerprint, boolean firstOnly) {
        int copies = 0;
        for (CuckooTable table : tables) {
            int first = table.firstBucket(hash);
            copies += table.copies(first, table.alternateBucket(first, fingerprint), fingerprint);
            if (firstOnly && copies > 0) {
                break;
            }
        }
        return copies;
    }
}
