package org.bloomery.bloom;

/**
 * The probe positions of the {@link BloomLayout#PATTERNED patterned} layout, from a key hash alone
 * (pattern-blocked Bloom filters, Lang, Neumann, Boncz, VLDB 2019). The array is a whole number of
 * 512-bit blocks, as in the {@link BlockedProbes blocked} layout; a key sets {@code kw = k / 2} bits
 * in each of two words of its block, one in each half, and each word's bits are a precomputed
 * pattern of the table for kw, rotated. So a query is one cache miss, two table loads, two rotates
 * and two word loads.
 *
 * <ul>
 *   <li>The block is {@link BlockedProbes#block}: {@code floor(hash * blocks / 2^64)}, the hash read
 *       as unsigned.
 *   <li>The first word is {@code w1 = hash & 3} ({@link #firstWord}), a word of the block's first
 *       half; the second is {@code w2 = 4 | ((hash >>> 2) & 3)} ({@link #secondWord}), a word of its
 *       second half.
 *   <li>Word w1's mask is {@code rotateLeft(T_kw[(hash >>> 4) & 255], (hash >>> 12) & 63)}, word
 *       w2's is {@code rotateLeft(T_kw[(hash >>> 18) & 255], (hash >>> 26) & 63)} ({@link #firstMask},
 *       {@link #secondMask}), with {@code T_kw} the {@link #table} for kw.
 * </ul>
 *
 * The low 32 bits of the hash give the words and masks; the block comes from its high bits, so the
 * two are independent. Each mask has exactly kw bits set.
 */
public final class PatternedProbes {
    /** The fewest probes a key may have: one in each of its two words. */
    public static final int MIN_HASHES = 2;
    /** Most bits a key sets in each of its two words. */
    public static final int MAX_WORD_HASHES = 16;
    /** Patterns per table: an 8-bit field of the hash picks one. */
    static final int PATTERNS = 256;
    /**
     * The generator's seed, before kw is added: the ASCII bytes of "Bloomery", big-endian. Part of the
     * file format.
     */
    private static final long SEED = 0x426C6F6F6D657279L;
    /** The SplitMix64 increment, the golden ratio's fraction in 64 bits. */
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    /** {@code TABLES[kw]} for kw in [1, 16]; entry 0 unused. */
    private static final long[][] TABLES = new long[MAX_WORD_HASHES + 1][];

    static {
        for (int kw = 1; kw <= MAX_WORD_HASHES; kw++) {
            TABLES[kw] = generate(kw);
        }
    }

    private PatternedProbes() {
    }

    /**
     * The pattern table for kw: 256 words, each with exactly kw bits set. Pattern after pattern, bit
     * after bit, each draw is the top 6 bits of the next output of a SplitMix64 generator seeded with
     * {@code SEED + kw}; a bit the pattern already has is skipped, so a pattern takes kw or more draws.
     * The tables are part of the file format: a test pins them.
     *
     * @param kw bits per pattern, in [1, 16]
     * @return the table; callers must not change it
     */
    static long[] table(int kw) {
        return TABLES[kw];
    }

    private static long[] generate(int kw) {
        long[] table = new long[PATTERNS];
        long state = SEED + kw;
        for (int i = 0; i < PATTERNS; i++) {
            long pattern = 0;
            while (Long.bitCount(pattern) < kw) {
                state += GOLDEN_GAMMA;
                pattern |= 1L << (splitMix64(state) >>> 58);
            }
            table[i] = pattern;
        }
        return table;
    }

    /** SplitMix64's output function (Steele, Lea, Flood 2014) of a state already advanced. */
    private static long splitMix64(long state) {
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * The word of the block that holds a key's first kw bits: the hash's low 2 bits.
     *
     * @param hash the key hash
     * @return w1 in [0, 4)
     */
    public static int firstWord(long hash) {
        return (int) hash & 3;
    }

    /**
     * The word of the block that holds a key's last kw bits: 4 plus the hash's bits 2 and 3.
     *
     * @param hash the key hash
     * @return w2 in [4, 8)
     */
    public static int secondWord(long hash) {
        return 4 | (int) (hash >>> 2) & 3;
    }

    /**
     * The bits of word w1 a key sets: table entry {@code (hash >>> 4) & 255} rotated left by bits 12
     * to 17 of the hash.
     *
     * @param hash the key hash
     * @param kw bits per word, {@code k / 2}, in [1, 16]
     * @return the mask, exactly kw bits set
     */
    public static long firstMask(long hash, int kw) {
        return Long.rotateLeft(TABLES[kw][(int) (hash >>> 4) & (PATTERNS - 1)], (int) (hash >>> 12));
    }

    /**
     * The bits of word w2 a key sets: table entry {@code (hash >>> 18) & 255} rotated left by bits 26
     * to 31 of the hash.
     *
     * @param hash the key hash
     * @param kw bits per word, {@code k / 2}, in [1, 16]
     * @return the mask, exactly kw bits set
     */
    public static long secondMask(long hash, int kw) {
        return Long.rotateLeft(TABLES[kw][(int) (hash >>> 18) & (PATTERNS - 1)], (int) (hash >>> 26));
    }
}
