package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The elimination's three outcomes, and a solution in which every added equation holds. */
class BandingTest {

    @Test
    void anEquationAddedTwiceIsImpliedAndAContradictionIsRefused() {
        Banding banding = new Banding(256);
        assertThat(banding.add(3, 0b1011L, 0L, 5)).isEqualTo(Banding.Outcome.ADDED);
        assertThat(banding.add(3, 0b1011L, 0L, 5)).isEqualTo(Banding.Outcome.IMPLIED);
        assertThat(banding.add(3, 0b1011L, 0L, 4)).isEqualTo(Banding.Outcome.INCONSISTENT);
        // Same first row, different coefficients: XORed, it settles at row 3 + 2.
        assertThat(banding.add(3, 0b1111L, 1L << 63, 1)).isEqualTo(Banding.Outcome.ADDED);
        // The sum of the two stored equations is implied by them.
        assertThat(banding.add(5, 0b1L, 1L << 61, 4)).isEqualTo(Banding.Outcome.IMPLIED);
    }

    @Test
    void theSolutionSatisfiesEveryEquation() {
        Banding banding = new Banding(256);
        long[][] equations = {{0, -1L, -1L, 0x55}, {0, 1L, 0L, 0x0F}, {100, 0x8001L, 1L << 63, 0x33}, {127, 3L, 5L, 0x7F}};
        for (long[] e : equations) {
            assertThat(banding.add((int) e[0], e[1], e[2], (int) e[3])).isEqualTo(Banding.Outcome.ADDED);
        }
        RibbonLayout layout = new RibbonLayout(1, 256, 7, 0);
        long[] solution = new long[(int) layout.words()];
        banding.solve(layout, solution, 0);
        for (long[] e : equations) {
            int start = (int) e[0];
            for (int j = 0; j < 7; j++) {
                int parity = 0;
                for (int k = 0; k < 128; k++) {
                    long coefficients = k < 64 ? e[1] : e[2];
                    if ((coefficients >>> (k & 63) & 1) != 0) {
                        int row = start + k;
                        parity ^= (int) (solution[layout.firstWord(row / 64) + j] >>> (row % 64)) & 1;
                    }
                }
                assertThat(parity).as("equation at %d, column %d", start, j).isEqualTo((int) (e[3] >>> j) & 1);
            }
        }
    }
}
