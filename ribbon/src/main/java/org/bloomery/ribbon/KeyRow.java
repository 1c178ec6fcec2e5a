package org.bloomery.ribbon;

import org.bloomery.api.spi.SeededMix;

/**
 * The equation a key adds to a Ribbon filter, from its hash mixed with the filter's seed: the row
 * its window starts at, 128 coefficient bits (the first always set, so the equation is never
 * empty) and 32 result bits. The start takes the mixed hash's high 32 bits and the result its low
 * 32, so the two are independent; the coefficients are two further mixes of the whole mixed hash.
 */
final class KeyRow {
    /** What the low and high coefficient words are mixed with: two unrelated odd constants. */
    private static final long LOW_SALT = 0x2545_F491_4F6C_DD1DL;
    private static final long HIGH_SALT = 0x9FB2_1C65_1E98_DF25L;

    private KeyRow() {
    }

    /**
     * The row a key's window starts at: the high 32 bits of the mixed hash scaled to the range
     * (multiply-shift, no division), so that starts ascend with the mixed hash taken as unsigned.
     *
     * @param mixed the key's mixed hash
     * @param starts the rows a window may start at, in [1, 2^31)
     * @return the start, in [0, starts)
     */
    static int start(long mixed, int starts) {
        return (int) (((mixed >>> 32) * starts) >>> 32);
    }

    /**
     * Coefficients 0 to 63 of a key's window: row start + i takes part when bit i is set. Bit 0 is
     * always set.
     *
     * @param mixed the key's mixed hash
     * @return the low coefficient word
     */
    static long low(long mixed) {
        return SeededMix.mix(mixed, LOW_SALT) | 1L;
    }

    /**
     * Coefficients 64 to 127 of a key's window.
     *
     * @param mixed the key's mixed hash
     * @return the high coefficient word
     */
    static long high(long mixed) {
        return SeededMix.mix(mixed, HIGH_SALT);
    }

    /**
     * A key's result bits: the XOR of its window's rows in column j must be bit j.
     *
     * @param mixed the key's mixed hash
     * @return 32 result bits, of which a filter with c columns uses the low c
     */
    static int result(long mixed) {
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
