package org.bloomery.ribbon;

import java.util.Arrays;

/**
 * The banded linear system over GF(2) of one shard of a Ribbon filter under construction, eliminated "on the
 * fly" as the paper describes: row i holds at most one equation, whose first coefficient is at
 * column i (so the stored equations are always in echelon form), given as 128 coefficient bits for
 * columns i to i + 127 and 32 result bits. A new equation that meets an occupied row is XORed with
 * that row's equation, which clears its first coefficient, and moves on to its next set coefficient;
 * it settles in the first free row it reaches. If its coefficients all cancel, it was a combination
 * of the equations stored: with equal results it is implied by them (a repeated key does this) and
 * adds nothing; with different results the system has no solution for this seed.
 *
 * <p>Afterwards {@link #solve} back-substitutes from the last row to the first, for every column at
 * once, into the interleaved solution of {@link RibbonLayout}. Memory: 20 bytes per row (two
 * coefficient words and the results), reused across seeds.
 */
final class Banding {
    /** What {@link #add} did with an equation. */
    enum Outcome {
        /** Stored in a free row. */
        ADDED,
        /** Implied by the equations already stored; nothing changed. */
        IMPLIED,
        /** Contradicts the equations already stored: no solution with this seed. */
        INCONSISTENT
    }

    private long[] low;
    private long[] high;
    private int[] results;

    /**
     * Allocates an empty system.
     *
     * @param slots the rows
     */
    Banding(int slots) {
        low = new long[slots];
        high = new long[slots];
        results = new int[slots];
    }

    /** @return the rows this system can hold */
    int capacity() {
        return low.length;
    }

    /**
     * Empties the first rows, for another attempt.
     *
     * @param slots the rows the attempt uses, at most {@link #capacity()}
     */
    void clear(int slots) {
        Arrays.fill(low, 0, slots, 0L);
        Arrays.fill(high, 0, slots, 0L);
        Arrays.fill(results, 0, slots, 0);
    }

    /**
     * Adds one key's equation. Every row it visits lies below {@code start + 128}: XORing two
     * equations that start at the same row never sets a coefficient past the later one's end.
     *
     * @param start the first row of its window; it plus 127 must be a row of the system
     * @param coefficientsLow coefficients of rows start to start + 63, bit 0 set
     * @param coefficientsHigh coefficients of rows start + 64 to start + 127
     * @param result its result bits
     * @return what became of it
     */
    Outcome add(int start, long coefficientsLow, long coefficientsHigh, int result) {
        int row = start;
        long lo = coefficientsLow;
        long hi = coefficientsHigh;
        int value = result;
        while (true) {
            long storedLow = low[row];
            if ((storedLow & 1L) == 0) {
                // A stored equation always has its first coefficient, bit 0, set: this row is free.
                low[row] = lo;
                high[row] = hi;
                results[row] = value;
                return Outcome.ADDED;
            }
            lo ^= storedLow;
            hi ^= high[row];
            value ^= results[row];
            if (lo == 0 && hi == 0) {
                return value == 0 ? Outcome.IMPLIED : Outcome.INCONSISTENT;
            }
            // Bit 0 is now clear: move to the next set coefficient, shifting the 128-bit row down.
            int shift = lo != 0 ? Long.numberOfTrailingZeros(lo) : 64 + Long.numberOfTrailingZeros(hi);
            if (shift < 64) {
                lo = (lo >>> shift) | (hi << (64 - shift));
                hi >>>= shift;
            } else {
                lo = hi >>> (shift - 64);
                hi = 0;
            }
            row += shift;
        }
    }

    /**
     * Back-substitution: the solution in which every stored equation holds, in the layout's
     * interleaved words. Row i's bit in column j is its result bit j XOR the parity of its
     * coefficients (past the first) AND the rows below it, which are already solved; a free row
     * takes 0. A sliding 128-row window per column holds the solved rows i to i + 127, and each
     * time i reaches the start of a 64-row group, the window's low word is that group's word.
     * Every equation is solved in all r columns, and a group keeps only its own columns: keys
     * whose window starts in an (r - 1)-column group never read the r-th column of any group.
     *
     * @param layout the layout, one of whose shards this system holds
     * @param solution receives the shard's words, {@link RibbonLayout#shardWords()} of them
     * @param base the index in {@code solution} of the shard's first word
     */
    void solve(RibbonLayout layout, long[] solution, int base) {
        int columns = layout.columns();
        long[] windowLow = new long[columns];
        long[] windowHigh = new long[columns];
        for (int row = layout.shardSlots() - 1; row >= 0; row--) {
            long lo = low[row];
            long hi = high[row];
            int value = results[row];
            for (int j = 0; j < columns; j++) {
                long wl = windowLow[j];
                long wh = (windowHigh[j] << 1) | (wl >>> 63);
                wl <<= 1;
                long bit = ((value >>> j) ^ Long.bitCount((wl & lo) ^ (wh & hi))) & 1L;
                windowLow[j] = wl | bit;
                windowHigh[j] = wh;
            }
            if (row % RibbonLayout.GROUP_ROWS == 0) {
                int group = row / RibbonLayout.GROUP_ROWS;
                int first = base + layout.firstWord(group);
                int kept = layout.columnsOf(group);
                for (int j = 0; j < kept; j++) {
                    solution[first + j] = windowLow[j];
                }
            }
        }
    }
}
