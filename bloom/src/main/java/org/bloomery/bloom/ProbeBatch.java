package org.bloomery.bloom;

/**
 * How the batch queries of every probe strategy walk their keys: in chunks of {@value #CHUNK}, each
 * pass over a chunk making one independent read per key, so the CPU keeps the chunk's cache misses
 * in flight together instead of waiting on one key at a time.
 */
public final class ProbeBatch {
    /**
     * Keys per pass of a batch query: enough independent reads to fill the CPU's miss buffers, few
     * enough that their cache lines are still in the first-level cache for the next pass. At most
     * 64, so {@link #known} fits a chunk's answers in one long.
     */
    public static final int CHUNK = 32;

    private ProbeBatch() {
    }

    /**
     * The answers of a chunk that are already true, as bits.
     *
     * @param out the answers
     * @param start the chunk's first index, inclusive
     * @param end its last index, exclusive, at most {@code start + 64}
     * @return bit {@code i - start} set for each {@code out[i]} in [start, end) that is true
     */
    public static long known(boolean[] out, int start, int end) {
        long known = 0;
        for (int i = start; i < end; i++) {
            known |= (out[i] ? 1L : 0L) << (i - start);
        }
        return known;
    }
}
