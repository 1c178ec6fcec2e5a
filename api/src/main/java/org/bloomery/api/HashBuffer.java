package org.bloomery.api;

import java.util.Arrays;
import java.util.stream.LongStream;
import org.bloomery.api.spi.HeapBudget;

/**
 * A growable list of hashes: the accumulation of {@link Filters#toFilter}, checked against the heap
 * before each growth. Not thread-safe.
 */
final class HashBuffer {
    private long[] hashes = new long[16];
    private int size;

    void add(long hash) {
        if (size == hashes.length) {
            grow(size + 1);
        }
        hashes[size++] = hash;
    }

    /** Appends another buffer's hashes after this one's, keeping encounter order. */
    HashBuffer append(HashBuffer other) {
        if (size + (long) other.size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a collector can build from at most " + (Integer.MAX_VALUE - 8)
                    + " items; build from a long[] or an Iterable instead");
        }
        if (size + other.size > hashes.length) {
            grow(size + other.size);
        }
        System.arraycopy(other.hashes, 0, hashes, size, other.size);
        size += other.size;
        return this;
    }

    LongStream stream() {
        return Arrays.stream(hashes, 0, size);
    }

    int size() {
        return size;
    }

    private void grow(int needed) {
        if (needed > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a collector can build from at most " + (Integer.MAX_VALUE - 8)
                    + " items; build from a long[] or an Iterable instead");
        }
        int capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, 2L * hashes.length));
        // The copy sits beside the array it replaces until the copy is done.
        HeapBudget.require(Long.BYTES * ((long) capacity + hashes.length),
                "collecting " + needed + " hashes to build a filter");
        hashes = Arrays.copyOf(hashes, capacity);
    }
}
