package org.bloomery.bloom;

/**
 * The probe positions of the {@link BloomLayout#BLOCKED blocked} layout, from a key hash alone, for
 * every module that stores blocked cells (in a {@code long[]}, in Redis, in Spark). An array of
 * {@code blocks} blocks holds block {@code b} in words {@code [8b, 8b + 8)} (bits {@code [512b,
 * 512b + 512)}), so a block is one aligned 64-byte cache line. Inside it the layout is "split":
 * every probe lies in a word of its own, the way Parquet's split-block filter spreads its probes
 * over lanes.
 *
 * <ul>
 *   <li>The block is {@code floor(hash * blocks / 2^64)}, the hash read as unsigned
 *       ({@link #block}): it depends on the hash's high bits.
 *   <li>Probe {@code i} ({@code i = 0..k-1}) lies in word {@code (r + i) mod 8} of the block
 *       ({@link #word}), where the rotation {@code r} ({@link #rotation}) is the hash's low 3 bits,
 *       cleared below {@code k} when k is a power of two ({@code r & -k}: a key of k = 1, 2 or 4
 *       probes uses one aligned group of k words, and r is 0 when k is 8, 16, 32 or 64; for other k,
 *       such as 24, r is the low 3 bits as they are). A key's first 8 probes therefore lie in 8
 *       different words, and when k is a multiple of 8 every word of the block takes exactly {@code
 *       k / 8} of them.
 *   <li>Inside its word, probe {@code i} is the cell given by field {@code j = i mod 8} of the
 *       product {@code x = hash * 0x9E3779B97F4A7C15^(floor(i/8) + 1)} (64-bit; {@link #mix}),
 *       fields taken from the top down: with {@code c = log2(wordCells)} bits per cell (6 in a
 *       64-bit word of bits, 4 in a word of sixteen 4-bit counters), field j is bits {@code [64 -
 *       c(j+1), 64 - cj)} of x ({@link #slot}). One multiplication gives the cells of a group of 8
 *       probes, so a key of k &le; 8 probes multiplies once.
 * </ul>
 *
 * The cell of probe i within its block of {@code blockCells} cells is therefore {@code word *
 * (blockCells / 8) + slot} ({@link #cell}).
 */
public final class BlockedProbes {
    /** Bits in one block: one 64-byte cache line. */
    public static final int BLOCK_BITS = 512;
    /** 64-bit words in one block. */
    public static final int BLOCK_WORDS = BLOCK_BITS / Long.SIZE;
    /** Odd 64-bit multiplier (the golden ratio's fraction) whose powers give the probes' cells. */
    private static final long STEP = 0x9E3779B97F4A7C15L;
    /** {@code STEP^(g+1)} for the probes {@code [8g, 8g + 8)}, so a group needs no earlier one. */
    private static final long[] MULTIPLIERS = new long[BloomShape.MAX_HASHES / BLOCK_WORDS];

    static {
        long power = STEP;
        for (int i = 0; i < MULTIPLIERS.length; i++) {
            MULTIPLIERS[i] = power;
            power *= STEP;
        }
    }

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
     * The first 64-bit word of a key's block in an array of {@code words} words: {@code 8 *
     * block(hash, words / 8)}. Every store of blocked cells (bits or counters) finds its block so.
     *
     * @param hash the key hash
     * @param words the array's 64-bit words, a positive multiple of 8
     * @return the word index, a multiple of 8 in [0, words)
     */
    public static long firstWord(long hash, long words) {
        return block(hash, words >>> 3) << 3;
    }

    /**
     * Whether every key's {@link #rotation} is 0 at this k, so probe i lies in word {@code i mod 8}:
     * true for k = 8, 16, 32 and 64.
     *
     * @param k probes, in [1, 64]
     * @return whether k is a power of two of at least 8
     */
    public static boolean rotationFree(int k) {
        return k >= BLOCK_WORDS && Integer.bitCount(k) == 1;
    }

    /**
     * The word of probe 0 inside the block: the hash's low 3 bits, cleared below k when k is a
     * power of two ({@code r & -k}; so 0 when k is 8, 16, 32 or 64, and the low 3 bits as they
     * are for k = 24, 40, 48 or 56).
     *
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return r in [0, 8)
     */
    public static int rotation(long hash, int k) {
        int r = (int) hash & (BLOCK_WORDS - 1);
        return Integer.bitCount(k) == 1 ? r & -k : r;
    }

    /**
     * The word of probe {@code probe} inside the block: {@code (rotation + probe) mod 8}.
     *
     * @param rotation the key's {@link #rotation}
     * @param probe the probe, in [0, k)
     * @return the word in [0, 8)
     */
    public static int word(int rotation, int probe) {
        return (rotation + probe) & (BLOCK_WORDS - 1);
    }

    /**
     * The product whose fields give the cells of probes {@code [8 group, 8 group + 8)}: {@code hash *
     * 0x9E3779B97F4A7C15^(group+1)}. Group 0, the only one when k &le; 8, multiplies by a constant.
     *
     * @param hash the key hash
     * @param group the probes' group, {@code probe / 8}, in [0, 8)
     * @return the product, 64-bit
     */
    public static long mix(long hash, int group) {
        return hash * (group == 0 ? STEP : MULTIPLIERS[group]);
    }

    /**
     * Field {@code field} of a {@link #mix} as a bit of a 64-bit word, as a mask: {@code 1L << (bits
     * [58 - 6 field, 64 - 6 field) of the mix)}.
     *
     * @param mix a group's product
     * @param field the probe's field, {@code probe mod 8}, in [0, 8)
     * @return a mask with one bit set
     */
    public static long fieldBit(long mix, int field) {
        // A long shift uses the count's low 6 bits, which are exactly the field here.
        return 1L << (mix >>> (Long.SIZE - 6 - 6 * field));
    }

    /**
     * Field {@code field} of a {@link #mix} as a counter of a word of sixteen 4-bit counters: bits
     * {@code [60 - 4 field, 64 - 4 field)} of the mix.
     *
     * @param mix a group's product
     * @param field the probe's field, {@code probe mod 8}, in [0, 8)
     * @return the counter in [0, 16)
     */
    public static int fieldCounter(long mix, int field) {
        return (int) (mix >>> (Long.SIZE - 4 - 4 * field)) & 15;
    }

    /**
     * The bit of probe {@code probe} inside its 64-bit word, as a mask: {@link #fieldBit} of field
     * {@code probe mod 8} of its group's {@link #mix}.
     *
     * @param hash the key hash
     * @param probe the probe, in [0, 64)
     * @return a mask with one bit set
     */
    public static long bit(long hash, int probe) {
        return fieldBit(mix(hash, probe >>> 3), probe & (BLOCK_WORDS - 1));
    }

    /**
     * The cell of probe {@code probe} inside its word of {@code wordCells} cells: field {@code probe
     * mod 8} of its group's {@link #mix}, {@code c = log2(wordCells)} bits wide, fields counted from
     * the top (field j is bits {@code [64 - c(j+1), 64 - cj)}).
     *
     * @param hash the key hash
     * @param probe the probe, in [0, 64)
     * @param wordCells cells per word, a power of two in [2, 64]: 64 bits or 16 four-bit counters
     * @return the cell in [0, wordCells)
     */
    public static int slot(long hash, int probe, int wordCells) {
        int width = Integer.numberOfTrailingZeros(wordCells);
        int field = probe & (BLOCK_WORDS - 1);
        return (int) (mix(hash, probe >>> 3) >>> (Long.SIZE - width * (field + 1))) & (wordCells - 1);
    }

    /**
     * The cell of probe {@code probe} inside the key's block: {@code word * (blockCells / 8) + slot}.
     *
     * @param hash the key hash
     * @param probe the probe, in [0, k)
     * @param k the key's probe count, in [1, 64]
     * @param blockCells cells per block, a power of two in [16, 512]: 512 bits or 128 counters
     * @return the cell in [0, blockCells)
     */
    public static int cell(long hash, int probe, int k, int blockCells) {
        int wordCells = blockCells / BLOCK_WORDS;
        return word(rotation(hash, k), probe) * wordCells + slot(hash, probe, wordCells);
    }
}
