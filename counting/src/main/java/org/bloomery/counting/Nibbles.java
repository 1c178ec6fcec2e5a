package org.bloomery.counting;

/**
 * Arithmetic on sixteen 4-bit counters packed in one {@code long}: counter {@code slot} (0 to 15)
 * is bits {@code [4 * slot, 4 * slot + 4)}. Every operation changes only the nibbles it names, so
 * no carry or borrow ever crosses into a neighbour.
 */
final class Nibbles {
    /** The largest value a counter holds; a counter that reaches it stays there. */
    static final int MAX = 15;
    /** Counters per word. */
    static final int PER_WORD = 16;

    /** The low nibble of every byte. */
    private static final long LOW_NIBBLES = 0x0F0F0F0F0F0F0F0FL;
    /** Bit 4 of every byte: set in a byte sum exactly when two nibbles added to 16 or more. */
    private static final long BYTE_BIT4 = 0x1010101010101010L;
    /** Bit 0 of every nibble. */
    private static final long NIBBLE_BIT0 = 0x1111111111111111L;
    /** Bit 0 of every byte, for summing bytes with one multiplication. */
    private static final long BYTE_BIT0 = 0x0101010101010101L;

    private Nibbles() {
    }

    /**
     * One counter's value.
     *
     * @param word sixteen packed counters
     * @param slot the counter, 0 to 15
     * @return its value, 0 to 15
     */
    static int get(long word, int slot) {
        return (int) (word >>> (slot << 2)) & MAX;
    }

    /**
     * The word with one counter raised by one, unless it is already at {@link #MAX}.
     *
     * @param word sixteen packed counters
     * @param slot the counter, 0 to 15
     * @return the new word; {@code word} itself when the counter is saturated
     */
    static long increment(long word, int slot) {
        // Below 15 the nibble has room, so adding 1 at its lowest bit cannot carry out of it.
        return get(word, slot) == MAX ? word : word + (1L << (slot << 2));
    }

    /**
     * The word with one counter lowered by one, unless it is 0.
     *
     * @param word sixteen packed counters
     * @param slot the counter, 0 to 15
     * @return the new word; {@code word} itself when the counter is 0
     */
    static long decrement(long word, int slot) {
        // Above 0 the nibble holds at least its lowest set bit, so subtracting 1 cannot borrow.
        return get(word, slot) == 0 ? word : word - (1L << (slot << 2));
    }

    /**
     * Counter-wise {@code min(a_i + b_i, 15)} for all sixteen counters at once.
     *
     * @param a sixteen packed counters
     * @param b sixteen packed counters
     * @return the packed saturated sums
     */
    static long saturatingAdd(long a, long b) {
        return saturatingAddLowNibbles(a & LOW_NIBBLES, b & LOW_NIBBLES)
                | saturatingAddLowNibbles((a >>> 4) & LOW_NIBBLES, (b >>> 4) & LOW_NIBBLES) << 4;
    }

    /**
     * Adds eight counters held one per byte (high nibbles zero). Each byte sum is at most 30, so it
     * never carries into the next byte; a sum of 16 or more has bit 4 set, and spreading that bit
     * over the low nibble turns the sum into 15.
     */
    private static long saturatingAddLowNibbles(long a, long b) {
        long sums = a + b;
        long overflowed = (sums & BYTE_BIT4) >>> 4;
        return (sums | overflowed * MAX) & LOW_NIBBLES;
    }

    /**
     * Counter-wise {@code a_i == 15 ? 15 : max(a_i - d_i, 0)} for all sixteen counters at once: a
     * saturated counter never goes down, the others go down by {@code d_i} and stop at 0.
     *
     * @param a sixteen packed counters
     * @param d sixteen packed amounts, each at most 15
     * @return the packed lowered counters
     */
    static long saturatedSubtract(long a, long d) {
        return saturatedSubtractLowNibbles(a & LOW_NIBBLES, d & LOW_NIBBLES)
                | saturatedSubtractLowNibbles((a >>> 4) & LOW_NIBBLES, (d >>> 4) & LOW_NIBBLES) << 4;
    }

    /**
     * Lowers eight counters held one per byte (high nibbles zero). Each byte of {@code (a | 16) - d}
     * is {@code 16 + a - d}, in [1, 31], so no borrow leaves a byte, and its bit 4 is set exactly
     * when {@code a >= d}: that bit spread over the low nibble keeps {@code a - d} or makes it 0.
     * Bytes whose counter is 15 keep it.
     */
    private static long saturatedSubtractLowNibbles(long a, long d) {
        long differences = (a | BYTE_BIT4) - d;
        long noBorrow = ((differences & BYTE_BIT4) >>> 4) * MAX;
        long full = (a & a >>> 1 & a >>> 2 & a >>> 3 & BYTE_BIT0) * MAX;
        return (differences & noBorrow & ~full | a & full) & LOW_NIBBLES;
    }

    /**
     * Whether any counter that {@code d} names (a non-zero nibble of it) is 0 in {@code a}.
     *
     * @param a sixteen packed counters
     * @param d sixteen packed amounts; its non-zero nibbles name the counters to test
     * @return true if one of them is 0
     */
    static boolean anyZeroAt(long a, long d) {
        long named = (d | d >>> 1 | d >>> 2 | d >>> 3) & NIBBLE_BIT0;
        long nonZero = (a | a >>> 1 | a >>> 2 | a >>> 3) & NIBBLE_BIT0;
        return (named & ~nonZero) != 0;
    }

    /**
     * How many of the sixteen counters are not 0.
     *
     * @param word sixteen packed counters
     * @return 0 to 16
     */
    static int nonZeroCount(long word) {
        return Long.bitCount((word | word >>> 1 | word >>> 2 | word >>> 3) & NIBBLE_BIT0);
    }

    /**
     * How many of the sixteen counters are at {@link #MAX}.
     *
     * @param word sixteen packed counters
     * @return 0 to 16
     */
    static int saturatedCount(long word) {
        return Long.bitCount(word & word >>> 1 & word >>> 2 & word >>> 3 & NIBBLE_BIT0);
    }

    /**
     * The sum of the sixteen counters.
     *
     * @param word sixteen packed counters
     * @return 0 to 240
     */
    static int sum(long word) {
        // Pairs of nibbles summed into bytes (each at most 30), then the eight bytes summed by one
        // multiplication into the top byte (at most 240, so no byte overflows on the way).
        long bytes = (word & LOW_NIBBLES) + ((word >>> 4) & LOW_NIBBLES);
        return (int) ((bytes * BYTE_BIT0) >>> 56);
    }
}
