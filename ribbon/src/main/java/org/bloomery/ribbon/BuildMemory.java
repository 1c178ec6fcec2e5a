package org.bloomery.ribbon;

import java.util.function.Supplier;
import org.bloomery.api.spi.HeapBudget;

/**
 * The heap a build needs beyond the hashes it is given, checked before anything is allocated so
 * that a set too large for the heap is refused with a message, never an {@link OutOfMemoryError}.
 * The build sorts the hash array it owns in place (8 bytes per key, not counted here). The banded
 * system takes 20 bytes per row (two coefficient words and a 32-bit result) and stays allocated
 * while the solution (r bits per row) is written from it. With about 1.05 rows per key at r = 7
 * that is about 22 bytes per key, plus the 8 of the hash array: 10^8 keys need about 3 GB.
 */
final class BuildMemory {
    private static final int BYTES_PER_ROW = 2 * Long.BYTES + Integer.BYTES;

    private BuildMemory() {
    }

    /**
     * Bytes allocated by a build, beyond the hash array.
     *
     * @param layout the layout of the first attempt
     * @return the bytes
     */
    static long bytesFor(RibbonLayout layout) {
        return (long) BYTES_PER_ROW * layout.slots() + (long) Long.BYTES * layout.words();
    }

    /**
     * Checks the heap, then allocates a build's arrays, turning an {@link OutOfMemoryError} that the
     * check let through (a fragmented heap can refuse large arrays) into the same refusal.
     *
     * @param items the keys to build from
     * @param needed bytes the build allocates, from {@link #bytesFor}
     * @param allocation allocates the arrays
     * @param <R> what holds them
     * @return the allocation's result
     * @throws IllegalArgumentException naming the bytes and the free heap when they do not fit
     */
    static <R> R allocating(long items, long needed, Supplier<R> allocation) {
        String what = String.format("building a ribbon filter of %,d keys (beyond the 8-byte hashes)", items);
        HeapBudget.require(needed, what);
        return HeapBudget.refusingOutOfMemory(what, allocation);
    }
}
