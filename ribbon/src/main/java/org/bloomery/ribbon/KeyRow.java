package org.bloomery.ribbon;

import org.bloomery.api.spi.SeededMix;

/**
 * The equation a key adds to a Ribbon filter, from its hash mixed with its shard's seed: the row
 * its window starts at, the coefficients (the first always set, so the equation is never empty)
 * and 32 result bits. The start takes the mixed hash's high 32 bits. Everything else comes from one
 * product of the mixed hash with an odd constant (the "almost trivial expansion" RocksDB uses): in
 * body version 3 the 64 coefficients are the product ({@link #narrow}); the result is the product's
 * top bits (the best mixed, least tied to the start), byte-reversed so that result bit 0 is product
 * bit 56.
 *
 * <p>Body version 2 had 128 coefficients: the product ({@link #high}) above the product XOR a
 * constant ({@link #low}). Files of the first body version derived them from two further full mixes
 * and the result from the mixed hash's low 32 bits ({@link #firstLow}, {@link #firstHigh}, {@link
 * #firstResult}). Both are read and answered that way.
 */
final class KeyRow {
    /** The product's factor: an odd constant with well spread bits. */
    private static final long FACTOR = 0xD6E8_FEB8_6659_FD93L;
    /** What the low coefficient word is XORed with, so that it differs from the high one. */
    private static final long LOW_XOR = 0x5851_F42D_4C95_7F2DL;
    /** What the first body version mixed the low and high coefficient words with. */
    private static final long FIRST_LOW_SALT = 0x2545_F491_4F6C_DD1DL;
    private static final long FIRST_HIGH_SALT = 0x9FB2_1C65_1E98_DF25L;

    private KeyRow() {
    }

    /**
     * The row of its shard a key's window starts at: the high 32 bits of the mixed hash scaled to
     * the range (multiply-shift, no division), so that starts ascend with the mixed hash taken as
     * unsigned.
     *
     * @param mixed the key's mixed hash
     * @param starts the rows a window may start at, in [1, 2^31)
     * @return the start, in [0, starts)
     */
    static int start(long mixed, int starts) {
        return (int) (((mixed >>> 32) * starts) >>> 32);
    }

    /**
     * The product every coefficient and result bit of a key comes from.
     *
     * @param mixed the key's mixed hash
     * @return the product
     */
    static long product(long mixed) {
        return mixed * FACTOR;
    }

    /**
     * The coefficients of a key's 64-row window (body version 3): row start + i takes part when bit
     * i is set. Bit 0 is always set.
     *
     * @param product the key's {@link #product}
     * @return the coefficient word
     */
    static long narrow(long product) {
        return product | 1L;
    }

    /**
     * Coefficients 0 to 63 of a key's 128-row window (body version 2): row start + i takes part
     * when bit i is set. Bit 0 is always set.
     *
     * @param product the key's {@link #product}
     * @return the low coefficient word
     */
    static long low(long product) {
        return product ^ LOW_XOR | 1L;
    }

    /**
     * Coefficients 64 to 127 of a key's 128-row window (body version 2).
     *
     * @param product the key's {@link #product}
     * @return the high coefficient word
     */
    static long high(long product) {
        return product;
    }

    /**
     * A key's result bits: the XOR of its window's rows in column j must be bit j.
     *
     * @param product the key's {@link #product}
     * @return 32 result bits, of which a filter with c columns uses the low c
     */
    static int result(long product) {
        return (int) Long.reverseBytes(product);
    }

    /**
     * The first body version's low coefficient word: a mix of the mixed hash, bit 0 set.
     *
     * @param mixed the key's mixed hash
     * @return the low coefficient word
     */
    static long firstLow(long mixed) {
        return SeededMix.mix(mixed, FIRST_LOW_SALT) | 1L;
    }

    /**
     * The first body version's high coefficient word: another mix of the mixed hash.
     *
     * @param mixed the key's mixed hash
     * @return the high coefficient word
     */
    static long firstHigh(long mixed) {
        return SeededMix.mix(mixed, FIRST_HIGH_SALT);
    }

    /**
     * The first body version's result bits: the mixed hash's low 32 bits.
     *
     * @param mixed the key's mixed hash
     * @return 32 result bits
     */
    static int firstResult(long mixed) {
        return (int) mixed;
    }

    /**
     * The mask of the low c result bits.
     *
     * @param columns c, in [0, 32]
     * @return the mask, -1 for 32
     */
    static int resultMask(int columns) {
        return (int) ((1L << columns) - 1);
    }

    /**
     * Bits {@code 64 - offset} and above of a 128-bit value's low word, shifted down: what a
     * 128-bit left shift by {@code offset} carries into the next word. Correct for offset 0 (a Java
     * shift by 64 would shift by 0, hence two shifts).
     *
     * @param word a 64-bit word
     * @param offset the shift, in [0, 63]
     * @return {@code word >>> (64 - offset)}, 0 when offset is 0
     */
    static long carry(long word, int offset) {
        return (word >>> 1) >>> (63 - offset);
    }
}
