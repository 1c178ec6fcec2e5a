package org.bloomery.cuckoo;

import java.util.concurrent.locks.StampedLock;

/**
 * The cuckoo filter's locks: one global {@link StampedLock} and {@value #STRIPES} stripe locks, the
 * stripe of a bucket being its index modulo {@value #STRIPES} in every sub-table. Writers that touch
 * only an item's own two buckets hold the global lock shared and their stripes exclusively; a writer
 * that moves fingerprints between arbitrary buckets (kicks, growth, stash changes, clear) holds the
 * global lock exclusively. Readers read optimistically and validate the global stamp and their
 * stripes' stamps. Locks are always taken global first, then stripes in ascending order, so no two
 * lock holders can deadlock.
 */
final class BucketLocks {
    /** Stripe count: a power of two no larger than 64, so a set of stripes fits in one long. */
    static final int STRIPES = 64;

    private final StampedLock global = new StampedLock();
    private final StampedLock[] stripes = new StampedLock[STRIPES];

    BucketLocks() {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new StampedLock();
        }
    }

    /**
     * The stripe guarding a bucket.
     *
     * @param bucket the bucket
     * @return its stripe lock
     */
    StampedLock stripe(int bucket) {
        return stripes[bucket & (STRIPES - 1)];
    }

    /**
     * The stripe set holding one bucket's stripe.
     *
     * @param bucket the bucket
     * @return a one-bit mask, bit {@code bucket mod 64}
     */
    static long stripeBit(int bucket) {
        return 1L << (bucket & (STRIPES - 1));
    }

    /** @return the global lock */
    StampedLock global() {
        return global;
    }

    /**
     * Locks a set of stripes, in ascending order.
     *
     * @param mask the stripes, one bit each
     * @param exclusive write locks if true, read locks if false
     */
    void lock(long mask, boolean exclusive) {
        for (long rest = mask; rest != 0L; rest &= rest - 1) {
            StampedLock stripe = stripes[Long.numberOfTrailingZeros(rest)];
            if (exclusive) {
                stripe.writeLock();
            } else {
                stripe.readLock();
            }
        }
    }

    /**
     * Unlocks a set of stripes locked by {@link #lock} with the same arguments. The stamp-free
     * release is safe because this thread holds each of these locks.
     *
     * @param mask the stripes, one bit each
     * @param exclusive as given to {@link #lock}
     */
    void unlock(long mask, boolean exclusive) {
        for (long rest = mask; rest != 0L; rest &= rest - 1) {
            StampedLock stripe = stripes[Long.numberOfTrailingZeros(rest)];
            if (exclusive) {
                stripe.tryUnlockWrite();
            } else {
                stripe.tryUnlockRead();
            }
        }
    }
}
