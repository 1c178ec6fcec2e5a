package org.bloomery.fuse;

import java.util.Arrays;
import java.util.Spliterator;
import java.util.stream.LongStream;
import org.bloomery.api.spi.HeapBudget;

/**
 * Collects a stream of hashes into an array the build owns, checking the heap before each
 * allocation: a stream of known size is copied into one array of that size, checked together with
 * the build that follows; one of unknown size grows by half at a time, each step checked (and an
 * allocation the check let through but the heap could not place is refused the same way).
 */
final class HashCollection {
    private HashCollection() {
    }

    /**
     * The stream's hashes.
     *
     * @param hashes the stream, consumed
     * @param bits fingerprint bits, for the estimate of the build that follows
     * @return a new array holding every hash, in encounter order
     * @throws IllegalArgumentException if the heap cannot hold them (and the build), or there are
     *     more than {@link FuseLayout#MAX_ITEMS}
     */
    static long[] collect(LongStream hashes, int bits) {
        Spliterator.OfLong source = hashes.spliterator();
        long size = source.getExactSizeIfKnown();
        if (size >= 0) {
            requireItems(size);
            long build = BuildMemory.bytesFor(size, FuseLayout.forItems(size), bits);
            HeapBudget.require(Long.BYTES * size + build,
                    String.format("building a fuse filter of %,d items (with a copy of their 8-byte hashes)", size));
            long[] all = new long[(int) size];
            int[] next = {0};
            source.forEachRemaining((long hash) -> all[next[0]++] = hash);
            return all;
        }
        long[][] buffer = {new long[1024]};
        int[] count = {0};
        source.forEachRemaining((long hash) -> {
            if (count[0] == buffer[0].length) {
                requireItems(count[0] + 1L);
                int capacity = (int) Math.min(FuseLayout.MAX_ITEMS, buffer[0].length + (buffer[0].length >> 1));
                String what = String.format("collecting more than %,d hashes to build a fuse filter", count[0]);
                // Counted twice: the copy must fit beside the array it replaces, in whole heap regions.
                HeapBudget.require(2L * Long.BYTES * capacity, what);
                long[] full = buffer[0];
                buffer[0] = BuildMemory.refusingOutOfMemory(what, () -> Arrays.copyOf(full, capacity));
            }
            buffer[0][count[0]++] = hash;
        });
        return Arrays.copyOf(buffer[0], count[0]);
    }

    private static void requireItems(long items) {
        if (items > FuseLayout.MAX_ITEMS) {
            throw new IllegalArgumentException("a fuse filter holds at most " + FuseLayout.MAX_ITEMS
                    + " distinct items, got " + items + " hashes or more");
        }
    }
}
