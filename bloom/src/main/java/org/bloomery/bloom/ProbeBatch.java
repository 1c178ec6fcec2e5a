package org.bloomery.bloom;

import org.bloomery.api.internal.CacheLines;

/**
 * How the batch queries and bulk writes of the block layouts walk their keys: in chunks of
 * {@value #CHUNK}, each chunk in three passes, so that the CPU keeps the chunk's cache misses in
 * flight together instead of waiting on one key at a time.
 *
 * <ol>
 *   <li>Locate: each key's block, from its hash alone, into a per-thread scratch array. Nothing
 *       here misses the cache.
 *   <li>Touch: one load of each block, from the scratch, in a loop of a few instructions per key
 *       whose loads depend on nothing loaded.
 *   <li>Test or write each key in its block, now in cache or on its way.
 * </ol>
 *
 * <p>A miss keeps every later instruction from retiring, so one thread overlaps only the misses
 * whose instructions fit together in the CPU's reorder buffer. Testing each key as it comes holds
 * only the few keys whose tests fill that buffer. Touching while also hashing each block's place
 * (a 128-bit product and its correction per key) holds more, but fewer than a loop of loads alone:
 * locating the blocks in a pass of their own is what lets the touch pass keep as many misses in
 * flight as independent reads of an array do. Java has no prefetch instruction; a load whose
 * value is only {@link #keep kept} is the nearest thing.
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
    /**
     * Each thread's scratch for one chunk: the first word of each key's block. Per thread, so that
     * concurrent batches share nothing and no batch allocates.
     */
    private static final ThreadLocal<long[]> BLOCKS = ThreadLocal.withInitial(() -> new long[CHUNK]);
    /** Written only in {@link #keep}'s never-taken branch. */
    private static long sink;

    private ProbeBatch() {
    }

    /**
     * This thread's scratch array of {@value #CHUNK} words, for a walk that writes where a chunk's
     * keys lie ({@link #locate}) before it loads them ({@link #touch}); the counting kind's blocked
     * walks use it too. Its contents are the caller's only until the caller's next batch call.
     *
     * @return the calling thread's array, allocated on its first use
     */
    public static long[] scratch() {
        return BLOCKS.get();
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
     * {@link BitProbing#probesSet(BloomLayout, BitArray, long[], int, int, int, boolean[])} in a
     * block layout (blocked or sectored): each key tested as {@link BitProbing#probesSet} does, chunk
     * by chunk, after the chunk's blocks are located and touched, its answer stored without a branch
     * on the loaded words or on earlier answers.
     */
    static void probesSet(BloomLayout layout, BitArray bits, long[] hashes, int from, int to, int k, boolean[] out) {
        inChunks(layout, bits, hashes, from, to, k, out, ProbeBatch::chunkSet);
    }

    /**
     * {@link BitProbing#orProbesSet} in a block layout (blocked or sectored): as {@link #probesSet},
     * but a key already answered true keeps its answer and its block is not read. That branch is on
     * earlier answers, not on loaded words.
     */
    static void orProbesSet(BloomLayout layout, BitArray bits, long[] hashes, int from, int to, int k, boolean[] out) {
        inChunks(layout, bits, hashes, from, to, k, out, ProbeBatch::orChunkSet);
    }

    /**
     * A bulk build's writes in a block layout (blocked or sectored): each key's bits written
     * plainly ({@link WordWrite#PLAIN}), chunk by chunk, after the chunk's blocks are located and
     * touched. The bits turned on, uncounted.
     */
    static long orProbesPlain(BloomLayout layout, BitArray bits, long[] hashes, int from, int to, int k) {
        return inChunks(layout, bits, hashes, from, to, k, null, ProbeBatch::orChunkPlain);
    }

    private static long chunkSet(BloomLayout layout, BitArray bits, long[] blocks, long[] hashes, int start,
            int count, int k, boolean[] out) {
        for (int i = 0; i < count; i++) {
            long base = blocks[i];
            out[start + i] = BitProbing.blockProbesSet(layout, bits.page(base), BitArray.slot(base),
                    hashes[start + i], k);
        }
        return 0;
    }

    private static long orChunkSet(BloomLayout layout, BitArray bits, long[] blocks, long[] hashes, int start,
            int count, int k, boolean[] out) {
        for (int i = 0; i < count; i++) {
            if (!out[start + i]) {
                long base = blocks[i];
                out[start + i] = BitProbing.blockProbesSet(layout, bits.page(base), BitArray.slot(base),
                        hashes[start + i], k);
            }
        }
        return 0;
    }

    private static long orChunkPlain(BloomLayout layout, BitArray bits, long[] blocks, long[] hashes, int start,
            int count, int k, boolean[] unused) {
        long changed = 0;
        for (int i = 0; i < count; i++) {
            long base = blocks[i];
            changed += BitProbing.orBlockProbes(layout, bits.page(base), BitArray.slot(base), hashes[start + i], k,
                    WordWrite.PLAIN);
        }
        return changed;
    }

    /** What a walk does with one chunk of keys, once their blocks are located and touched: test or write them. */
    @FunctionalInterface
    private interface ChunkPass {
        long run(BloomLayout layout, BitArray bits, long[] blocks, long[] hashes, int start, int count, int k,
                boolean[] out);
    }

    /**
     * Walks keys {@code [from, to)} of a block layout in chunks of {@value #CHUNK}: each chunk's
     * blocks located and touched, then the chunk tested or written.
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
        long[] blocks = scratch();
        long touched = 0;
        long sum = 0;
        for (int start = from; start < to; start += CHUNK) {
            int count = Math.min(CHUNK, to - start);
            touched ^= locateAndTouch(bits, hashes, start, count, blocks);
            sum += pass.run(layout, bits, blocks, hashes, start, count, k, out);
        }
        keep(touched);
        return sum;
    }

    /**
     * Locates and touches the blocks of keys {@code [start, start + count)} of a bit array, so that
     * their cache misses are in flight together before anything tests or writes them.
     *
     * @param bits the array, a whole number of blocks
     * @param hashes the key hashes
     * @param start the first key, inclusive
     * @param count the keys, at most {@value #CHUNK}
     * @param blocks receives each key's first word at {@code [0, count)}
     * @return the loaded words XORed, for {@link #keep}
     */
    private static long locateAndTouch(BitArray bits, long[] hashes, int start, int count, long[] blocks) {
        locate(hashes, start, count, bits.bitSize() >>> 6, blocks);
        if (bits.onePage()) {
            // The common case (up to 2^33 bits), with no choice of page left in the loop of loads.
            return touch(bits.firstPage(), blocks, count);
        }
        long touched = 0;
        for (int i = 0; i < count; i++) {
            long base = blocks[i];
            touched ^= bits.page(base)[BitArray.slot(base)];
        }
        return touched;
    }

    /**
     * The locating pass of a walk: writes the first word of each key's 512-bit block ({@link
     * BlockedProbes#firstWord}), for keys {@code [start, start + count)}, into {@code blocks}.
     *
     * @param hashes the key hashes
     * @param start the first key, inclusive
     * @param count the keys, at most {@value #CHUNK}
     * @param words the words of the array the blocks divide, a positive multiple of 8
     * @param blocks receives each key's first word at {@code [0, count)}
     */
    public static void locate(long[] hashes, int start, int count, long words, long[] blocks) {
        for (int i = 0; i < count; i++) {
            blocks[i] = BlockedProbes.firstWord(hashes[start + i], words);
        }
    }

    /**
     * The touching pass of a walk: loads word {@code blocks[i]} for each i below {@code count} from
     * an array whose word 0 follows {@link CacheLines#LONG_ARRAY_PAD} unused elements, in a loop
     * that does nothing else, so that one thread keeps as many of their misses in flight as it can.
     *
     * @param padded the array, word w at index {@code LONG_ARRAY_PAD + w}
     * @param blocks word indexes, below 2^31 minus the padding
     * @param count how many
     * @return the loaded words XORed, for {@link #keep}
     */
    public static long touch(long[] padded, long[] blocks, int count) {
        long touched = 0;
        for (int i = 0; i < count; i++) {
            touched ^= padded[CacheLines.LONG_ARRAY_PAD + (int) blocks[i]];
        }
        return touched;
    }

    /**
     * Uses the words a touch pass loaded (XORed) in a branch the compiler cannot prove is never
     * taken, so that it keeps those loads, whose values nothing else reads. The branch writes a static
     * field only when the words XOR to one fixed 64-bit value, so threads never contend on it in
     * practice, and one compare per batch is all it costs.
     *
     * @param touched the words a walk's touch passes ({@link #touch}) loaded, XORed
     */
    public static void keep(long touched) {
        if (touched == UNLIKELY) {
            sink = touched;
        }
    }
}
