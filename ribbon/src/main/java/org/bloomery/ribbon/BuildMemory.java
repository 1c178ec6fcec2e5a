package org.bloomery.ribbon;

import java.util.Arrays;
import java.util.function.Supplier;
import org.bloomery.api.spi.HeapBudget;

/**
 * The heap a build needs beyond the hashes it is given, checked before anything is allocated so
 * that a set too large for the heap is refused with a message, never an {@link OutOfMemoryError}.
 * The build sorts the hash array it owns in place (8 bytes per key, not counted here) with
 * {@link UnsignedSort}, which allocates nothing on any JDK. Beyond it, it allocates the solution
 * (the finished filter's words), one shard's banded system, 12 bytes per row of its largest shard (a coefficient word and a 32-bit result), reused by every shard
 * (about 50 KB, whatever the number of keys), and 25 bytes of bookkeeping per shard of about
 * 3,000 keys.
 */
final class BuildMemory {
    /**
     * Bookkeeping per shard: where its keys begin, its groups and first group (twice: the layout and
     * the filter), its seed and its seed's ordinal.
     */
    private static final int BYTES_PER_SHARD = 4 * Integer.BYTES + Long.BYTES + 1;

    private BuildMemory() {
    }

    /**
     * Bytes allocated by a build at one set of shard sizes, beyond the hash array.
     *
     * @param layout the layout
     * @return the bytes of the solution, of the largest shard's system and of the shards'
     *     bookkeeping
     */
    static long bytesFor(NarrowLayout layout) {
        return (long) Banding.BYTES_PER_ROW * layout.mostShardGroups() * RibbonLayout.GROUP_ROWS
                + (long) Long.BYTES * layout.words() + (long) BYTES_PER_SHARD * layout.shards();
    }

    /**
     * Bytes a build of n distinct keys allocates beyond the hash array, before the keys are known:
     * as {@link #bytesFor(NarrowLayout)} with every shard at its first size for an even share.
     *
     * @param items n, in [0, {@link RibbonLayout#MAX_ITEMS}]
     * @param bits the result bits
     * @return the bytes
     */
    static long bytesFor(long items, ResultBits bits) {
        int shards = NarrowLayout.shardsFor(items);
        int[] groups = new int[shards];
        Arrays.fill(groups, NarrowLayout.groupsFor((int) ((items + shards - 1) / shards)));
        return bytesFor(NarrowLayout.of(groups, bits));
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
