package org.bloomery.ribbon;

import java.util.function.Supplier;
import org.bloomery.api.spi.HeapBudget;

/**
 * The heap a build needs beyond the hashes it is given, checked before anything is allocated so
 * that a set too large for the heap is refused with a message, never an {@link OutOfMemoryError}.
 * The build sorts the hash array it owns in place (8 bytes per key, not counted here). Beyond it,
 * it allocates the solution (the finished filter's words) and one shard's banded system, 20 bytes
 * per row of a shard (two coefficient words and a 32-bit result), reused by every shard: at most
 * about 1.4 MB, whatever the number of keys.
 */
final class BuildMemory {
    private static final int BYTES_PER_ROW = 2 * Long.BYTES + Integer.BYTES;

    private BuildMemory() {
    }

    /**
     * Bytes allocated by a build at one size, beyond the hash array.
     *
     * @param layout the layout
     * @return the bytes of the solution and of one shard's system
     */
    static long bytesFor(RibbonLayout layout) {
        return (long) BYTES_PER_ROW * layout.shardSlots() + Long.BYTES * layout.words();
    }

    /**
     * Checks the heap, then allocates, turning an {@link OutOfMemoryError} that the check let
     * through (a fragmented heap can refuse large arrays) into the same refusal.
     *
     * @param items the keys to build from
     * @param needed bytes to check for, from {@link #bytesFor}; 0 when already checked
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
