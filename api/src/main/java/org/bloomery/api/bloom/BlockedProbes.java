package org.bloomery.api.bloom;

/**
 * The probe positions of the {@link BloomLayout#BLOCKED blocked} layout, from a key hash alone, for
 * every module that stores blocked bits (in a {@code long[]}, in Redis, in Spark). An array of
 * {@code blocks} blocks holds block {@code b} in words {@code [8b, 8b + 8)} (bits {@code [512b,
 * 512b + 512)}), so a block is one aligned 64-byte cache line.
 *
 * <ul>
 *   <li>The block is {@code floor(hash * blocks / 2^64)}, the hash read as unsigned
 *       ({@link #block}): it depends on the hash's high bits.
 *   <li>The cells inside it come from the low 32 bits: {@code s_0 = (int) hash}, and probe i
 *       ({@code i = 1..k}) is {@code s_i = s_(i-1) * 0x9E3779B9} (32-bit), taking the top
 *       {@code log2(blockCells)} bits of {@code s_i} ({@link #cell}). A 512-bit block of bits takes
 *       9 bits per probe; a block of 128 four-bit counters takes 7.
 * </ul>
 *
 * A caller iterates:
 *
 * <pre>{@code
 * long block = BlockedProbes.block(hash, blocks);
 * int s = BlockedProbes.seed(hash);
 * for (int i = 0; i < k; i++) { s = BlockedProbes.next(s); int bit = BlockedProbes.cell(s, 512); ... }
 * }</pre>
 *
 * or asks for the eight word masks at once ({@link #masks}) or the bit offsets ({@link #bits}).
 */
public final class BlockedProbes {
    /** Bits in one block: one 64-byte cache line. */
    public static final int BLOCK_BITS = 512;
    /** 64-bit words in one block. */
    public static final int BLOCK_WORDS = BLOCK_BITS / Long.SIZE;
    /** Odd 32-bit multiplier (the golden ratio's fraction) stepping the in-block probe state. */
    private static final int STEP = 0x9E3779B9;

    private BlockedProbes() {
    }

    /**
     * The block a key's probes lie in: {@code floor(hash * blocks / 2^64)}, hash unsigned.
     *
     * @param hash the key hash
     * @param blocks the number of blocks, positive
     * @return the block index in [0, blocks)
     */
    public static long block(long hash, long blocks) {
        return BloomProbes.unsignedMultiplyHigh(hash, blocks);
    }

    /**
     * The probe state before the first probe: the hash's low 32 bits, which the block index does
     * not use.
     *
     * @param hash the key hash
     * @return the state {@code s_0}
     */
    public static int seed(long hash) {
        return (int) hash;
    }

    /**
     * The next probe state, {@code s * 0x9E3779B9} in 32-bit arithmetic.
     *
     * @param state the previous state
     * @return the state of the next probe
     */
    public static int next(int state) {
        return state * STEP;
    }

    /**
     * The cell of a probe inside its block: the top {@code log2(blockCells)} bits of the state.
     *
     * @param state a probe state from {@link #next}
     * @param blockCells cells per block, a power of two in [2, 2^31], e.g. 512 bits or 128 counters
     * @return the cell in [0, blockCells)
     */
    public static int cell(int state, int blockCells) {
        return state >>> (Integer.numberOfLeadingZeros(blockCells) + 1);
    }

    /**
     * The eight word masks of a key in a block of 512 bits: bit {@code j} of {@code masks[w]} is
     * set when one of the k probes is bit {@code 64w + j} of the block. Probes may coincide, so a
     * key sets between 1 and k bits.
     *
     * @param hash the key hash
     * @param k probes, at least 1
     * @param masks receives the masks in {@code [0, 8)}; overwritten
     * @throws IndexOutOfBoundsException if {@code masks} is shorter than 8
     */
    public static void masks(long hash, int k, long[] masks) {
        java.util.Arrays.fill(masks, 0, BLOCK_WORDS, 0L);
        int s = seed(hash);
        for (int i = 0; i < k; i++) {
            s = next(s);
            int bit = cell(s, BLOCK_BITS);
            masks[bit >>> 6] |= 1L << bit;
        }
    }

    /**
     * The k bit offsets of a key inside its 512-bit block, in probe order (possibly repeated). The
     * key's bits in the whole array are {@code 512 * block(hash, blocks) + bits[i]}.
     *
     * @param hash the key hash
     * @param k probes, at least 1
     * @param bits receives the offsets in [0, 512) in {@code [0, k)}
     * @throws IndexOutOfBoundsException if {@code bits} is shorter than k
     */
    public static void bits(long hash, int k, int[] bits) {
        int s = seed(hash);
        for (int i = 0; i < k; i++) {
            s = next(s);
            bits[i] = cell(s, BLOCK_BITS);
        }
    }
}
