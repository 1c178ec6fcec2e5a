package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The elimination's three outcomes, and a solution in which every added equation holds. */
class BandingTest {

    @Test
    void anEquationAddedTwiceIsImpliedAndAContradictionIsRefused() {
        Banding banding = new Banding(256);
        assertThat(banding.add(3, 0b1011L, 5)).isEqualTo(Banding.Outcome.ADDED);
        assertThat(banding.add(3, 0b1011L, 5)).isEqualTo(Banding.Outcome.IMPLIED);
        assertThat(banding.add(3, 0b1011L, 4)).isEqualTo(Banding.Outcome.INCONSISTENT);
        // Same first row, different coefficients: XORed, it settles at row 3 + 2.
        assertThat(banding.add(3, 0b1111L | 1L << 63, 1)).isEqualTo(Banding.Outcome.ADDED);
        // The sum of the two stored equations is implied by them.
        assertThat(banding.add(5, 0b1L | 1L << 61, 4)).isEqualTo(Banding.Outcome.IMPLIED);
    }

    /**
     * Random equations in the second of three shards, whose groups straddle the first group with r
     * result bits: each holds in the columns its start's group keeps, and the other shards' words
     * stay untouched.
     */
    @Test
    void theSolutionSatisfiesEveryEquationInItsShardsGroups() {
        ResultBits bits = ResultBits.forFpp(1.5 / 128); // 7 result bits on about half the starts
        NarrowLayout layout = NarrowLayout.of(new int[] {4, 6, 4}, bits);
        assertThat(layout.upperStartGroup()).as("a first r-column group inside the middle shard").isBetween(5, 9);
        int shard = 1;
        int starts = layout.starts(shard);
        Banding banding = new Banding(layout.groupsOf(shard) * RibbonLayout.GROUP_ROWS);
        SplittableRandom random = new SplittableRandom(7);
        long[][] equations = new long[300][];
        int added = 0;
        while (added < equations.length) {
            long[] e = {random.nextInt(starts), random.nextLong() | 1L, random.nextInt()};
            if (banding.add((int) e[0], e[1], (int) e[2]) == Banding.Outcome.ADDED) {
                equations[added++] = e;
            }
        }
        long[] solution = SolutionWords.allocate(layout.words());
        int pad = SolutionWords.PAD;
        Arrays.fill(solution, 0x5A5A5A5A5A5A5A5AL);
        Arrays.fill(solution, pad + layout.firstWord(layout.firstGroup(shard)),
                pad + layout.firstWord(layout.firstGroup(shard + 1)), 0L);
        banding.solve(layout, shard, solution);
        for (long[] e : equations) {
            int start = (int) e[0];
            int group = layout.firstGroup(shard) + start / 64;
            for (int j = 0; j < layout.columnsOf(group); j++) {
                int parity = 0;
                for (int k = 0; k < 64; k++) {
                    if ((e[1] >>> k & 1) != 0) {
                        int row = layout.firstGroup(shard) * 64 + start + k;
                        parity ^= (int) (solution[pad + layout.firstWord(row / 64) + j] >>> (row % 64)) & 1;
                    }
                }
                assertThat(parity).as("equation at %d, column %d", start, j).isEqualTo((int) (e[2] >>> j) & 1);
            }
        }
        for (int word = 0; word < pad + layout.firstWord(layout.firstGroup(shard)); word++) {
            assertThat(solution[word]).as("word %d of the padding or shard 0", word).isEqualTo(0x5A5A5A5A5A5A5A5AL);
        }
        for (int word = pad + layout.firstWord(layout.firstGroup(shard + 1)); word < solution.length; word++) {
            assertThat(solution[word]).as("word %d of shard 2", word).isEqualTo(0x5A5A5A5A5A5A5A5AL);
        }
    }
}
