package org.bloomery.bloom;

/**
 * How the batch queries of every probe strategy walk their keys: in chunks of {@value #CHUNK}, each
 * pass over a chunk making one independent read per key, so the CPU keeps the chunk's cache misses
 * in flight together instead of waiting on one key at a time.
 *
 * <p>The block layouts first {@link #touchBlocks touch} each key's block: a loop of a few
 * instructions per key, one load each, whose loads depend on nothing loaded, so the out-of-order
 * window holds many keys' misses at once. A second pass then tests each key from its block, now in
 * cache or on its way. A loop that tested each key as it went would hold only the few keys whose
 * test instructions fill that window (a miss keeps every later instruction from retiring), and so
 * overlap few misses. Java has no prefetch instruction; a load whose value is only {@link #keep
 * kept} is the nearest thing.
 */
public final class ProbeBatch {
    /**
     * Keys per pass of a batch query: enough independent reads to fill the CPU's miss buffers, few
     * enough that their cache lines (4 KiB) are still in the first-level cache for the next pass.
     * At most 64, so {@link #known} fits a chunk's answers in one long.
     */
    public static final int CHUNK = 64;

    /** A value the touched words are as good as never XOR to; see {@link #keep}. */
    private static final long UNLIKELY = 0x5DEECE66DL * 0x9E3779B97F4A7C15L;
    /** Written only in {@link #keep}'s never-taken branch. */
    private static long sink;

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

    /**
     * {@link BitProbing#orProbesSet} in a block layout (blocked or sectored): each key tested as {@link
     * BitProbing#probesSet} does, chunk by chunk, the next chunk's blocks touched first, its answer
     * stored without a branch on the loaded words. The only branch per key skips keys already
     * answered true, on earlier answers, not on loaded words.
     */
    static void orProbesSet(BloomLayout layout, BitArray bits, long[] hashes, int from, int to, int k, boolean[] out) {
        inChunks(layout, bits, hashes, from, to, k, out, ProbeBatch::orChunkSet);
    }

    /**
     * A bulk build's writes in a block layout (blocked or sectored): each key's bits written
     * plainly ({@link WordWrite#PLAIN}), chunk by chunk, the next chunk's blocks touched first. The
     * bits turned on, uncounted.
     */
    static long orProbesPlain(BloomLayout layout, BitArray bits, long[] hashes, int from, int to, int k) {
        return inChunks(layout, bits, hashes, from, to, k, null, ProbeBatch::orChunkPlain);
    }

    private static long orChunkSet(BloomLayout layout, BitArray bits, long[] hashes, int start, int end, int k,
            boolean[] out) {
        for (int i = start; i < end; i++) {
            if (!out[i]) {
                out[i] = BitProbing.probesSet(layout, bits, hashes[i], k);
            }
        }
        return 0;
    }

    private static long orChunkPlain(BloomLayout layout, BitArray bits, long[] hashes, int start, int end, int k,
            boolean[] unused) {
        long changed = 0;
        for (int i = start; i < end; i++) {
            changed += BitProbing.orBlockProbes(layout, bits, hashes[i], k, WordWrite.PLAIN);
        }
        return changed;
    }

    /** What a walk does with one chunk of keys, once their blocks are touched: test or write them. */
    @FunctionalInterface
    private interface ChunkPass {
        long run(BloomLayout layout, BitArray bits, long[] hashes, int start, int end, int k, boolean[] out);
    }

    /**
     * Walks keys {@code [from, to)} of a block layout in chunks of {@value #CHUNK}: the next chunk's
     * blocks are touched in a tight loop of loads while this chunk is tested or written, so many of
     * their misses are in flight at once.
     *
     * @param layout the block layout
     * @param bits the array, a whole number of blocks
     * @param hashes the key hashes
     * @param from the first key, inclusive
     * @param to the last key, exclusive
     * @param k probes per key
     * @param out the answers of a query pass; null for a write pass
     * @param pass what to do with each chunk
     * @return the sum of what the passes returned
     */
    private static long inChunks(BloomLayout layout, BitArray bits, long[] hashes, int from, int to, int k,
            boolean[] out, ChunkPass pass) {
        long touched = touchBlocks(bits, hashes, from, Math.min(to, from + CHUNK));
        long sum = 0;
        for (int start = from; start < to; start += CHUNK) {
            int end = Math.min(to, start + CHUNK);
            touched ^= touchBlocks(bits, hashes, end, Math.min(to, end + CHUNK));
            sum += pass.run(layout, bits, hashes, start, end, k, out);
        }
        keep(touched);
        return sum;
    }

    /**
     * Loads word 0 of each key's 512-bit block, for keys {@code [start, end)}, so that the blocks'
     * cache misses are in flight together before anything tests or writes them.
     *
     * @param bits the array, a whole number of blocks
     * @param hashes the key hashes
     * @param start the first key, inclusive
     * @param end the last key, exclusive
     * @return the loaded words XORed, for {@link #keep}
     */
    private static long touchBlocks(BitArray bits, long[] hashes, int start, int end) {
        long words = bits.bitSize() >>> 6;
        long touched = 0;
        for (int i = start; i < end; i++) {
            long base = BlockedProbes.firstWord(hashes[i], words);
            touched ^= bits.page(base)[BitArray.slot(base)];
        }
        return touched;
    }

    /**
     * Uses the touched words in a branch the compiler cannot prove is never taken, so it keeps the
     * loads of {@link #touchBlocks}, whose values nothing else reads. The branch writes a static
     * field only when the words XOR to one fixed 64-bit value, so threads never contend on it in
     * practice, and one compare per batch is all it costs.
     *
     * @param touched what {@link #touchBlocks} returned, XORed over the batch
     */
    private static void keep(long touched) {
        if (touched == UNLIKELY) {
            sink = touched;
        }
    }
}
