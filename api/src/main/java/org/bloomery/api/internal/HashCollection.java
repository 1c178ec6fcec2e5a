package org.bloomery.api.internal;

import org.bloomery.api.spi.HeapBudget;
import java.util.Arrays;
import java.util.Spliterator;
import java.util.function.LongUnaryOperator;
import java.util.stream.LongStream;

/**
 * For the static kinds, which need every hash before they build: collects a stream of hashes into
 * an array the build owns, checking the heap before each allocation. A stream of known size is
 * copied into one array of that size, checked together with the build that follows; one of unknown
 * size grows by half at a time, each step checked (and an allocation the check let through but the
 * heap could not place is refused the same way), so a set too large for the heap is refused with an
 * {@link IllegalArgumentException}, never an {@link OutOfMemoryError}.
 */
public final class HashCollection {
    private HashCollection() {
    }

    /**
     * The stream's hashes.
     *
     * @param hashes the stream, consumed
     * @param kind the kind about to build, for the messages
     * @param maxItems the most hashes the kind takes, at most {@code Integer.MAX_VALUE - 8}
     * @param buildBytes the bytes the build allocates beyond the hashes, for a number of hashes
     * @return a new array holding every hash, in encounter order
     * @throws IllegalArgumentException if the heap cannot hold them (and the build), or there are
     *     more than {@code maxItems}
     */
    public static long[] collect(LongStream hashes, String kind, long maxItems, LongUnaryOperator buildBytes) {
        Spliterator.OfLong source = hashes.spliterator();
        long size = source.getExactSizeIfKnown();
        if (size >= 0) {
            requireItems(size, kind, maxItems);
            HeapBudget.require(Long.BYTES * size + buildBytes.applyAsLong(size),
                    String.format("building a %s filter of %,d items (with a copy of their 8-byte hashes)", kind, size));
            long[] all = new long[(int) size];
            int[] next = {0};
            source.forEachRemaining((long hash) -> all[next[0]++] = hash);
            return all;
        }
        long[][] buffer = {new long[1024]};
        int[] count = {0};
        source.forEachRemaining((long hash) -> {
            if (count[0] == buffer[0].length) {
                requireItems(count[0] + 1L, kind, maxItems);
                int capacity = (int) Math.min(maxItems, buffer[0].length + (buffer[0].length >> 1));
                String what = String.format("collecting more than %,d hashes to build a %s filter", count[0], kind);
                // Counted twice: the copy must fit beside the array it replaces, in whole heap regions.
                HeapBudget.require(2L * Long.BYTES * capacity, what);
                long[] full = buffer[0];
                buffer[0] = HeapBudget.refusingOutOfMemory(what, () -> Arrays.copyOf(full, capacity));
            }
            buffer[0][count[0]++] = hash;
        });
        return Arrays.copyOf(buffer[0], count[0]);
    }

    private static void requireItems(long items, String kind, long maxItems) {
        if (items > maxItems) {
            throw new IllegalArgumentException("a " + kind + " filter holds at most " + maxItems
                    + " distinct items, got " + items + " hashes or more");
        }
    }
}
