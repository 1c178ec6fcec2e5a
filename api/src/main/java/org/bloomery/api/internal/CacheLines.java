package org.bloomery.api.internal;

/**
 * Where a {@code long[]}'s elements fall in 64-byte cache lines, for filters whose queries read a
 * block of words that should be one line, or two adjacent ones, rather than straddle one more.
 * A {@code long[]}'s first element lies a header's length (usually 16 bytes) after the array's
 * start, so an array's word 0 starts a cache line only if the array starts just before one. An
 * array that begins with {@link #LONG_ARRAY_PAD} unused words has its word {@code
 * LONG_ARRAY_PAD} at a line boundary whenever the array itself starts at one, which the G1, ZGC and
 * Shenandoah collectors guarantee for arrays of half a heap region or more: the large filters whose
 * lines miss the cache. Small arrays stay where the allocator puts them; they sit in cache.
 */
public final class CacheLines {
    /** Bytes of a cache line. */
    public static final int BYTES = 64;
    /**
     * Unused words before a {@code long[]}'s first used word: as many as bring the array's first
     * element, at {@code ARRAY_LONG_BASE_OFFSET} bytes from a line-aligned array start, to the next
     * line (6 with the usual 16-byte header).
     */
    public static final int LONG_ARRAY_PAD = (BYTES - longArrayBaseOffset() % BYTES) % BYTES / Long.BYTES;

    /** The usual header of a {@code long[]} on a 64-bit JVM, compressed class pointers or not. */
    private static final int USUAL_LONG_ARRAY_BASE_OFFSET = 16;

    private CacheLines() {
    }

    /**
     * {@code sun.misc.Unsafe.ARRAY_LONG_BASE_OFFSET}, read by reflection: a public constant of a
     * package every JDK exports, so no module needs to require jdk.unsupported for it and javac has
     * no internal API to warn of. A JVM without it gets the usual header: a wrong guess only costs
     * alignment, never an answer.
     */
    private static int longArrayBaseOffset() {
        try {
            return Class.forName("sun.misc.Unsafe").getField("ARRAY_LONG_BASE_OFFSET").getInt(null);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError notThere) {
            return USUAL_LONG_ARRAY_BASE_OFFSET;
        }
    }
}
