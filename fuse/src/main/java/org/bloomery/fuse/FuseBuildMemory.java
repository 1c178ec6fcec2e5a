package org.bloomery.fuse;

import java.util.function.Supplier;
import org.bloomery.api.spi.HeapBudget;

/**
 * The heap a build needs beyond the hashes it is given, checked before anything is allocated so
 * that a set too large for the heap is refused with a message, never an {@link OutOfMemoryError}.
 * The build turns the hash array it owns into the items' mixed hashes in place (8 bytes per item,
 * not counted here). While peeling, per slot: a 1-byte count, a 4-byte XOR of item indexes and a
 * 4-byte queue entry; per item: a 4-byte index and a 1-byte position on the peeling stack; and two
 * int arrays of one entry per block for the partition (at most 2^13 blocks, 64 KiB, left out). The
 * peeling arrays per slot are released before the fingerprints (1, 2 or 4 bytes per slot) are
 * allocated. With about 1.13 slots per item that is about 15.2 bytes per item, plus the 8 of the
 * hash array the build owns: 10^8 items need about 2.3 GB, and about 3.1 GB when the caller keeps
 * its own copy of the hashes.
 */
final class FuseBuildMemory {
    private FuseBuildMemory() {
    }

    /**
     * Bytes allocated by a build, beyond the hash array.
     *
     * @param items distinct items (or hashes given, before duplicates are removed)
     * @param layout the layout for them
     * @param bits fingerprint bits
     * @return the bytes
     */
    static long bytesFor(long items, FuseLayout layout, int bits) {
        long peeling = (long) (Byte.BYTES + Integer.BYTES + Integer.BYTES) * layout.arrayLength();
        long stack = (long) (Integer.BYTES + Byte.BYTES) * items;
        long fingerprints = (long) (bits / 8) * layout.arrayLength();
        return Math.max(peeling, fingerprints) + stack;
    }

    /**
     * Refuses a build this JVM's heap cannot hold, through the one heap check every kind makes.
     *
     * @param items the items to build from
     * @param needed bytes the build allocates, from {@link #bytesFor}
     * @throws IllegalArgumentException naming the bytes and the free heap when they do not fit
     */
    static void requireHeap(long items, long needed) {
        HeapBudget.require(needed, String.format("building a fuse filter of %,d items (beyond the 8-byte hashes)", items));
    }

    /**
     * Allocates a build's arrays, turning an {@link OutOfMemoryError} (a fragmented heap can refuse
     * large arrays that the check let through) into a refusal like {@link #requireHeap}. Nothing
     * else holds the arrays yet, so the failed allocation leaves no state behind.
     *
     * @param items the items to build from
     * @param needed bytes the build allocates
     * @param allocation allocates the arrays
     * @param <R> what holds them
     * @return the allocation's result
     * @throws IllegalArgumentException if the heap cannot give them
     */
    static <R> R allocating(long items, long needed, Supplier<R> allocation) {
        return HeapBudget.refusingOutOfMemory(String.format("building a fuse filter of %,d items needs about %,d MiB of heap"
                + " beyond the hashes", items, needed >> 20), allocation);
    }
}
