package org.bloomery.api.spi;

import java.util.function.Supplier;

/**
 * The one check every kind makes before it allocates a filter's arrays, whether creating, growing
 * or reading: does the heap still have room for this many bytes? The room is
 * {@code Runtime.maxMemory()} minus the memory in use, less a headroom of 1/16 of the maximum heap
 * (at least 8 MiB), so that an allocation that only just fits, which the collector may still be
 * unable to place, is refused instead of ending in {@link OutOfMemoryError}. Memory in use counts
 * garbage not yet collected, so when the bytes seem not to fit the check asks for one collection
 * and looks again before refusing.
 *
 * <p>Each caller turns a refusal into its own exception: {@link IllegalArgumentException} when
 * creating ({@link #require}), {@link org.bloomery.api.FilterFullException} when growing and
 * {@link org.bloomery.api.InvalidFilterDataException} when reading ({@link #shortfall}).
 */
public final class HeapBudget {
    private static final long MIN_HEADROOM = 8L << 20;

    private HeapBudget() {
    }

    /**
     * Checks that {@code bytes} more can be allocated.
     *
     * @param bytes the bytes about to be allocated, at least 0
     * @param what what they are for, for the message (e.g. {@code "a bit array of 2^37 bits"})
     * @throws IllegalArgumentException naming the bytes and the free heap when they do not fit
     */
    public static void require(long bytes, String what) {
        String shortfall = shortfall(bytes, what);
        if (shortfall != null) {
            throw new IllegalArgumentException(shortfall);
        }
    }

    /**
     * Why {@code bytes} more cannot be allocated, or null when they can.
     *
     * @param bytes the bytes about to be allocated, at least 0
     * @param what what they are for, for the message
     * @return null when they fit; otherwise a sentence naming the bytes, the free heap and the headroom
     */
    public static String shortfall(long bytes, String what) {
        if (fits(bytes)) {
            return null;
        }
        // Garbage counts as memory in use: collect once before calling the heap full.
        System.gc();
        if (fits(bytes)) {
            return null;
        }
        Runtime runtime = Runtime.getRuntime();
        return what + " needs " + bytes + " bytes, but only " + free(runtime) + " bytes of heap are free"
                + " (Runtime.maxMemory() " + runtime.maxMemory() + " minus memory in use), and "
                + headroom(runtime) + " of them are kept as headroom; give the JVM a larger -Xmx or ask for less";
    }

    /**
     * Runs one large allocation, turning an {@link OutOfMemoryError} (a fragmented heap can refuse
     * a large array that {@link #require} let through) into a refusal. Nothing else holds the
     * array yet, so the failed allocation leaves no state behind.
     *
     * @param what what the memory is for, for the message
     * @param allocation allocates
     * @param <R> the result
     * @return the allocation's result
     * @throws IllegalArgumentException naming {@code what} and the maximum heap if the heap cannot place it
     */
    public static <R> R refusingOutOfMemory(String what, Supplier<R> allocation) {
        try {
            return allocation.get();
        } catch (OutOfMemoryError e) {
            IllegalArgumentException refusal = new IllegalArgumentException(what + ": the "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MiB maximum heap could not give it; give the JVM a"
                    + " larger -Xmx or build from fewer items");
            refusal.initCause(e);
            throw refusal;
        }
    }

    private static boolean fits(long bytes) {
        Runtime runtime = Runtime.getRuntime();
        return bytes <= free(runtime) - headroom(runtime);
    }

    private static long free(Runtime runtime) {
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }

    private static long headroom(Runtime runtime) {
        return Math.max(MIN_HEADROOM, runtime.maxMemory() / 16);
    }
}
