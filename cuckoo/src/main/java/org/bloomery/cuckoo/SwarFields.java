package org.bloomery.cuckoo;

/**
 * SIMD-within-a-register tests on a 64-bit word cut into equal fields of {@code width} bits, field
 * {@code i} at bits {@code [i * width, (i + 1) * width)}: comparing every slot of a packed bucket
 * with a fingerprint takes one xor and one zero-field test instead of a read per slot.
 */
final class SwarFields {
    private SwarFields() {
    }

    /**
     * The word with a 1 in the lowest bit of each field; times a value below {@code 2^width} it
     * copies that value into every field, with no carries.
     *
     * @param width field width, in [1, 64]
     * @param fields field count, with {@code fields * width <= 64}
     * @return the mask of the fields' low bits
     */
    static long lowBits(int width, int fields) {
        long lows = 0L;
        for (int field = 0; field < fields; field++) {
            lows |= 1L << (field * width);
        }
        return lows;
    }

    /**
     * The zero fields of {@code x}, exactly: adding {@code 2^(width-1) - 1} to a field's low bits
     * carries into its top bit unless those bits are all 0, and never carries into the next field
     * (the sum stays below {@code 2^width}); or-ing in {@code x} then leaves a field's top bit 0
     * only if the whole field is 0.
     *
     * @param x the word; bits outside the fields are ignored
     * @param highs the mask of the fields' top bits, {@code lowBits(width, fields) << (width - 1)}
     * @return {@code highs} restricted to the fields of {@code x} that are 0
     */
    static long zeroFields(long x, long highs) {
        long rest = ~highs;
        return highs & ~(((x & rest) + rest) | x);
    }

    /**
     * The index of the lowest field flagged in a {@link #zeroFields} result.
     *
     * @param flags a non-zero result of {@link #zeroFields}
     * @param width the field width
     * @return the field index
     */
    static int lowestField(long flags, int width) {
        return Long.numberOfTrailingZeros(flags) / width;
    }
}
