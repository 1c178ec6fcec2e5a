package org.bloomery.api;

import java.util.Arrays;
import org.bloomery.api.spi.HeapBudget;

/** The hashes of an array of {@code long} keys under {@link KeyHasher#longs()}, computed in parallel. */
final class LongKeyHashes {
    /** {@link Filters#PARALLEL_MIN_KEYS}: below it a fork and join costs more than hashing the keys. */
    static final int PARALLEL_MIN_KEYS = 1 << 16;

    private LongKeyHashes() {
    }

    /**
     * Hashes every key into a new array, in parallel past {@link #PARALLEL_MIN_KEYS} keys, after
     * checking that the heap holds it.
     *
     * @param keys the keys
     * @return {@code KeyHasher.hashLong(keys[i])} at index i
     * @throws IllegalArgumentException when the heap cannot hold the array
     */
    static long[] of(long[] keys) {
        String what = String.format("hashing %,d long keys (8 bytes each)", keys.length);
        HeapBudget.require((long) Long.BYTES * keys.length, what);
        long[] hashes = HeapBudget.refusingOutOfMemory(what, () -> new long[keys.length]);
        if (keys.length < PARALLEL_MIN_KEYS) {
            for (int i = 0; i < keys.length; i++) {
                hashes[i] = KeyHasher.hashLong(keys[i]);
            }
        } else {
            // A parallel stream's fork/join tasks: the pool the caller runs in, or the common pool.
            Arrays.parallelSetAll(hashes, i -> KeyHasher.hashLong(keys[i]));
        }
        return hashes;
    }
}
