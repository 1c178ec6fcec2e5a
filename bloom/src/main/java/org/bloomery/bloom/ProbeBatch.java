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
