package org.bloomery.ribbon;

import java.util.Arrays;

/**
 * The banded linear system over GF(2) of one shard of a Ribbon filter under construction,
 * eliminated "on the fly" as the paper describes: row i holds at most one equation, whose first
 * coefficient is at column i (so the stored equations are always in echelon form), given as 64
 * coefficient bits for columns i to i + 63 and 32 result bits. A new equation that meets an
 * occupied row is XORed with that row's equation, which clears its first coefficient, and moves on
 * to its next set coefficient; it settles in the first free row it reaches. If its coefficients all
 * cancel, it was a combination of the equations stored: with equal results it is implied by them
 * (a repeated key does this) and adds nothing; with different results the system has no solution
 * for this seed.
 *
 * <p>Afterwards {@link #solve} back-substitutes from the last row to the first, for every column at
 * once, into the interleaved solution of {@link NarrowLayout}. Memory: 12 bytes per row (the
 * coefficient word and the results), reused across shards and seeds.
 */
final class Banding {
    /** Bytes of one row: its coefficients and its result bits. */
    static final int BYTES_PER_ROW = Long.BYTES + Integer.BYTES;

    /** What {@link #add} did with an equation. */
    enum Outcome {
        /** Stored in a free row. */
        ADDED,
        /** Implied by the equations already stored; nothing changed. */
        IMPLIED,
        /** Contradicts the equations already stored: no solution with this seed. */
        INCONSISTENT
    }

    private final long[] coefficients;
    private final int[] results;

    /**
     * Allocates an empty system.
     *
     * @param slots the rows
     */
    Banding(int slots) {
        coefficients = new long[slots];
        results = new int[slots];
    }

    /** @return the rows this system can hold */
    int capacity() {
        return coefficients.length;
    }

    /**
     * Empties the first rows, for another attempt.
     *
     * @param slots the rows the attempt uses, at most {@link #capacity()}
     */
    void clear(int slots) {
        Arrays.fill(coefficients, 0, slots, 0L);
        Arrays.fill(results, 0, slots, 0);
    }

    /**
     * Adds one key's equation. Every row it visits lies below {@code start + 64}: XORing two
     * equations that start at the same row never sets a coefficient past the later one's end.
     *
     * @param start the first row of its window; it plus 63 must be a row of the system
     * @param coefficientsOfWindow coefficients of rows start to start + 63, bit 0 set
     * @param result its result bits
     * @return what became of it
     */
    Outcome add(int start, long coefficientsOfWindow, int result) {
        int row = start;
        long c = coefficientsOfWindow;
        int value = result;
        while (true) {
            long stored = coefficients[row];
            if (stored == 0) {
                // A stored equation always has its first coefficient, bit 0, set: this row is free.
                coefficients[row] = c;
                results[row] = value;
                return Outcome.ADDED;
            }
            c ^= stored;
            value ^= results[row];
            if (c == 0) {
                return value == 0 ? Outcome.IMPLIED : Outcome.INCONSISTENT;
            }
            // Bit 0 is now clear: move to the next set coefficient.
            int shift = Long.numberOfTrailingZeros(c);
            c >>>= shift;
            row += shift;
        }
    }

    /**
     * Back-substitution: the solution in which every stored equation holds, written into one
     * shard's groups of the layout's interleaved words. Row i's bit in column j is its result bit j
     * XOR the parity of its coefficients (past the first) AND the rows below it, which are already
     * solved; a free row takes 0. A sliding 64-row window per column holds the solved rows i to
     * i + 63, and each time i reaches the start of a group, the window is that group's word. Every
     * equation is solved in all r columns, and a group keeps only its own columns: keys whose
     * window starts in an (r - 1)-column group never read the r-th column of any group.
     *
     * @param layout the layout
     * @param shard the shard this system holds, whose rows it solves
     * @param solution receives the shard's words, after the padding ({@link SolutionWords})
     */
    void solve(NarrowLayout layout, int shard, long[] solution) {
        int columns = layout.columns();
        int firstGroup = layout.firstGroup(shard);
        long[] window = new long[columns];
        for (int row = layout.groupsOf(shard) * RibbonLayout.GROUP_ROWS - 1; row >= 0; row--) {
            long c = coefficients[row];
            int value = results[row];
            for (int j = 0; j < columns; j++) {
                long solved = window[j] << 1;
                window[j] = solved | (((value >>> j) ^ Long.bitCount(solved & c)) & 1L);
            }
            if (row % RibbonLayout.GROUP_ROWS == 0) {
                int group = firstGroup + row / RibbonLayout.GROUP_ROWS;
                System.arraycopy(window, 0, solution, SolutionWords.PAD + layout.firstWord(group), layout.columnsOf(group));
            }
        }
    }
}
