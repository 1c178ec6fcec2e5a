package org.bloomery.bloom;

/**
 * The probe positions of the {@link BloomLayout#SECTORED sectored} layout, from a key hash alone. The
 * array is a whole number of 512-bit blocks, as in the {@link BlockedProbes blocked} layout, but a key
 * uses only two of its block's eight 64-bit words, {@code kw = k / 2} bits in each, so a query is one
 * cache miss and two loads.
 *
 * <ul>
 *   <li>The block is {@link BlockedProbes#block}: {@code floor(hash * blocks / 2^64)}, the hash read
 *       as unsigned.
 *   <li>The first word is {@code w1 = hash & 7}, the hash's low 3 bits ({@link #firstWord}); the
 *       second is {@code w2 = w1 XOR (1 + floor(7 * ((hash >>> 3) & 0xFFFFFFFF) / 2^32))} ({@link
 *       #secondWord}): the distance is uniform in [1, 7] (to within 2^-32), so the pair is a uniform
 *       pair of distinct words.
 *   <li>Probe {@code i} ({@code i = 0..k-1}) is bit {@link BlockedProbes#bit BlockedProbes.bit(hash,
 *       i)} of its word: field {@code i mod 8} (6 bits, from the top) of the product {@code hash *
 *       0x9E3779B97F4A7C15^(floor(i/8) + 1)}. Probes {@code 0..kw-1} lie in word w1, probes {@code
 *       kw..k-1} in word w2. A key of {@code kw <= 4} (k &le; 8) multiplies once.
 * </ul>
 *
 * Probes may share a bit, so a word's mask has at most kw bits set.
 */
public final class SectoredProbes {
    /** The fewest probes a key may have: one in each of its two words. */
    public static final int MIN_HASHES = 2;

    private SectoredProbes() {
    }

    /**
     * The word of the block that holds a key's first {@code k / 2} probes: the hash's low 3 bits.
     *
     * @param hash the key hash
     * @return w1 in [0, 8)
     */
    public static int firstWord(long hash) {
        return (int) hash & (BlockedProbes.BLOCK_WORDS - 1);
    }

    /**
     * The word of the block that holds a key's last {@code k / 2} probes: {@code w1 XOR d} with {@code
     * d = 1 + floor(7 * ((hash >>> 3) & 0xFFFFFFFF) / 2^32)}, never w1.
     *
     * @param hash the key hash
     * @return w2 in [0, 8), distinct from {@link #firstWord}
     */
    public static int secondWord(long hash) {
        // Fastrange of the 32 bits above w1's onto [0, 7): every distance 1..7 within 2^-32 of 1/7,
        // and XOR with a non-zero distance maps w1's 7 other words one to one.
        int distance = 1 + (int) (((hash >>> 3) & 0xFFFFFFFFL) * (BlockedProbes.BLOCK_WORDS - 1) >>> 32);
        return firstWord(hash) ^ distance;
    }

    /**
     * The bits of word w1 a key sets: probes {@code 0..kw-1}.
     *
     * @param hash the key hash
     * @param kw probes per word, {@code k / 2}, in [1, 8]
     * @return the mask, between 1 and kw bits set
     */
    public static long firstMask(long hash, int kw) {
        return fieldBits(BlockedProbes.mix(hash, 0), kw);
    }

    /**
     * The bits of word w2 a key sets: probes {@code kw..2kw-1}.
     *
     * @param hash the key hash
     * @param kw probes per word, {@code k / 2}, in [1, 8]
     * @return the mask, between 1 and kw bits set
     */
    public static long secondMask(long hash, int kw) {
        // Probes kw..7 are fields kw..7 of the first product, which a left shift by 6 kw makes its
        // fields 0..7-kw; probes 8..2kw-1 (only when k > 8) are fields 0..2kw-9 of the second.
        int inFirst = Math.min(kw, BlockedProbes.BLOCK_WORDS - kw);
        return fieldBits(BlockedProbes.mix(hash, 0) << 6 * kw, inFirst)
                | fieldBits(BlockedProbes.mix(hash, 1), kw - inFirst);
    }

    /**
     * Fields {@code 0..count-1} of a product as a mask. The cases fall through, so a key costs one
     * jump whose target is the same for every key of a filter (k is fixed) and then straight-line
     * code, where a loop over the probes would cost a compare and a branch per probe.
     */
    @SuppressWarnings("fallthrough")
    private static long fieldBits(long x, int count) {
        long mask = 0;
        switch (count) {
            case 8:
                mask |= BlockedProbes.fieldBit(x, 7);
            case 7:
                mask |= BlockedProbes.fieldBit(x, 6);
            case 6:
                mask |= BlockedProbes.fieldBit(x, 5);
            case 5:
                mask |= BlockedProbes.fieldBit(x, 4);
            case 4:
                mask |= BlockedProbes.fieldBit(x, 3);
            case 3:
                mask |= BlockedProbes.fieldBit(x, 2);
            case 2:
                mask |= BlockedProbes.fieldBit(x, 1);
            case 1:
                mask |= BlockedProbes.fieldBit(x, 0);
            default:
                return mask;
        }
    }
}
