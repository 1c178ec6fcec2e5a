package org.bloomery.api.spi;

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
    public static final int LONG_ARRAY_PAD =
            (BYTES - sun.misc.Unsafe.ARRAY_LONG_BASE_OFFSET % BYTES) % BYTES / Long.BYTES;

    private CacheLines() {
    }
}
