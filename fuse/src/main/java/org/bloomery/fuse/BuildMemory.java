package org.bloomery.fuse;

/**
 * The heap a build needs beyond the hashes it is given, checked before anything is allocated so
 * that a set too large for the heap is refused with a message, never an {@link OutOfMemoryError}.
 * Per slot: a 1-byte count, an 8-byte XOR of hashes and a 4-byte queue entry while peeling, and
 * the fingerprint itself (1, 2 or 4 bytes); per item: an 8-byte hash and a 1-byte position on the
 * peeling stack. With about 1.13 slots per item that is about 24 bytes per item at 8-bit
 * fingerprints, plus the 8 of the hash array: 10^8 items need about 3.2 GB.
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
        long perSlot = Byte.BYTES + Long.BYTES + Integer.BYTES + bits / 8;
        long perItem = Long.BYTES + Byte.BYTES;
        return perSlot * layout.arrayLength() + perItem * items;
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
        if (needed <= available(runtime)) {
            return;
        }
        System.gc();
        require(items, needed, available(runtime), runtime.maxMemory());
    }

    private static long available(Runtime runtime) {
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }
}
