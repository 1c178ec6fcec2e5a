package org.bloomery.ribbon;

/**
 * The column parities of a key's window: for each column j, the parity of the window's rows that
 * the key selects, read from three runs of words (one word per column each, the three groups of
 * 64 rows the window spans) and the key's coefficients shifted into three masks. A key's equation
 * holds when these parities equal its result bits.
 *
 * <p>Bit j of every method's answer is the parity of {@code (words[a + j] & first) ^ (words[b + j]
 * & second) ^ (words[c + j] & third)}; each method computes some of the columns and leaves the
 * other bits 0. Words a to a + j, and the same from b and from c, must exist for every column j
 * computed.
 */
final class WindowParities {
    /** The columns {@link #firstFour} computes, so that a query can stop after them. */
    static final int FIRST = 4;

    private WindowParities() {
    }

    /**
     * Columns 0 to {@code columns - 1}, in a loop.
     *
     * @param columns in [0, 32]
     * @return their parities
     */
    static int all(long[] words, int a, int b, int c, long first, long second, long third, int columns) {
        return loop(words, a, b, c, first, second, third, 0, columns);
    }

    /**
     * Columns 0 to 3, in straight-line code.
     *
     * @return their parities
     */
    static int firstFour(long[] words, int a, int b, int c, long first, long second, long third) {
        return column(words, a, b, c, first, second, third, 0) | column(words, a, b, c, first, second, third, 1)
                | column(words, a, b, c, first, second, third, 2) | column(words, a, b, c, first, second, third, 3);
    }

    /**
     * Columns 4 to {@code columns - 1}: straight-line code for the sizing's r at 1%, 2^-8 and 0.1%
     * (each call passes a constant, and the compiler unrolls a loop of a constant count only in
     * part), a loop for the others.
     *
     * @param columns in [4, 32]
     * @return their parities
     */
    static int afterFirstFour(long[] words, int a, int b, int c, long first, long second, long third, int columns) {
        return columns == 7 ? fourToSix(words, a, b, c, first, second, third)
                : columns == 8 ? fourToSeven(words, a, b, c, first, second, third)
                : columns == 10 ? fourToSeven(words, a, b, c, first, second, third)
                        | column(words, a, b, c, first, second, third, 8) | column(words, a, b, c, first, second, third, 9)
                : loop(words, a, b, c, first, second, third, FIRST, columns);
    }

    private static int fourToSix(long[] words, int a, int b, int c, long first, long second, long third) {
        return column(words, a, b, c, first, second, third, 4) | column(words, a, b, c, first, second, third, 5)
                | column(words, a, b, c, first, second, third, 6);
    }

    private static int fourToSeven(long[] words, int a, int b, int c, long first, long second, long third) {
        return fourToSix(words, a, b, c, first, second, third) | column(words, a, b, c, first, second, third, 7);
    }

    private static int loop(long[] words, int a, int b, int c, long first, long second, long third, int from, int to) {
        int parities = 0;
        for (int j = from; j < to; j++) {
            parities |= column(words, a, b, c, first, second, third, j);
        }
        return parities;
    }

    /** Column j's parity, at bit j. */
    private static int column(long[] words, int a, int b, int c, long first, long second, long third, int j) {
        long selected = (words[a + j] & first) ^ (words[b + j] & second) ^ (words[c + j] & third);
        return (Long.bitCount(selected) & 1) << j;
    }
}
