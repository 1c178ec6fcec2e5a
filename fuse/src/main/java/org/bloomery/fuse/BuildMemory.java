package org.bloomery.fuse;

/**
 * The heap a build needs beyond the hashes it is given, checked before anything is allocated so
 * that a set too large for the heap is refused with a message, never an {@link OutOfMemoryError}.
 * While peeling, per slot: a 1-byte count, a 4-byte XOR of item indexes and a 4-byte queue entry;
 * per item: a 4-byte index and a 1-byte position on the peeling stack. The peeling arrays per slot
 * are released before the fingerprints (1, 2 or 4 bytes per slot) are allocated. With about 1.13
 * slots per item that is about 15.2 bytes per item, plus the 8 of the hash array the build owns:
 * 10^8 items need about 2.3 GB, and about 3.1 GB when the caller keeps its own copy of the hashes.
 */
final class BuildMemory {
    private BuildMemory() {
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
     * Refuses a build the heap cannot hold.
     *
     * @param items the items to build from
     * @param needed bytes the build allocates, from {@link #bytesFor}
     * @param available bytes the heap can still give
     * @param maxHeap the heap's limit, for the message
     * @throws IllegalArgumentException if {@code needed > available}, stating both and how to fix it
     */
    static void require(long items, long needed, long available, long maxHeap) {
        if (needed > available) {
            throw new IllegalArgumentException(String.format(
                    "building a fuse filter of %,d items needs about %,d MiB of heap beyond the hashes (%,d bytes"
                            + " per item), but only %,d MiB of the %,d MiB maximum are free; raise -Xmx or build"
                            + " from fewer items",
                    items, needed >> 20, items == 0 ? 0 : needed / items, available >> 20, maxHeap >> 20));
        }
    }

    /**
     * Refuses a build this JVM's heap cannot hold. Garbage counts as used until collected, so when
     * the heap looks too small a collection is requested once before refusing.
     *
     * @param items the items to build from
     * @param needed bytes the build allocates
     * @throws IllegalArgumentException if the heap cannot give them
     */
    static void requireHeap(long items, long needed) {
        Runtime runtime = Runtime.getRuntime();
        if (withMargin(needed) <= available(runtime)) {
            return;
        }
        System.gc();
        require(items, withMargin(needed), available(runtime), runtime.maxMemory());
    }

    /**
     * Allocates a build's arrays, turning an {@link OutOfMemoryError} (a fragmented heap can refuse
     * large arrays that the check let through) into the same refusal as {@link #require}. Nothing
     * else holds the arrays yet, so the failed allocation leaves no state behind.
     *
     * @param items the items to build from
     * @param needed bytes the build allocates
     * @param allocation allocates the arrays
     * @param <R> what holds them
     * @return the allocation's result
     * @throws IllegalArgumentException if the heap cannot give them
     */
    static <R> R allocating(long items, long needed, java.util.function.Supplier<R> allocation) {
        try {
            return allocation.get();
        } catch (OutOfMemoryError e) {
            Runtime runtime = Runtime.getRuntime();
            IllegalArgumentException refusal = new IllegalArgumentException(String.format(
                    "building a fuse filter of %,d items needs about %,d MiB of heap beyond the hashes, more than"
                            + " the %,d MiB maximum could give; raise -Xmx or build from fewer items",
                    items, needed >> 20, runtime.maxMemory() >> 20));
            refusal.initCause(e);
            throw refusal;
        }
    }

    /** Large arrays need whole free regions of the heap: ask for a tenth more, plus 64 MiB. */
    private static long withMargin(long needed) {
        return needed + needed / 10 + (64L << 20);
    }

    private static long available(Runtime runtime) {
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }
}
