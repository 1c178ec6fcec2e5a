package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each column's parity, bit by bit: for every column count, all columns in the loop, and the first
 * four in straight-line code with the rest (straight-line for 7, 8 and 10, the loop otherwise).
 */
class WindowParitiesTest {

    @ParameterizedTest(name = "columns={0}")
    @ValueSource(ints = {1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 16, 31, 32})
    void bitJIsTheParityOfColumnJsSelectedBits(int columns) {
        SplittableRandom random = new SplittableRandom(columns);
        long[] words = random.longs(200).toArray();
        for (int trial = 0; trial < 2000; trial++) {
            int a = random.nextInt(words.length - 3 * columns);
            int b = a + columns - random.nextInt(2);
            int c = b + columns - random.nextInt(2);
            long first = random.nextLong();
            long second = random.nextLong();
            long third = random.nextLong();
            int expected = 0;
            for (int j = 0; j < columns; j++) {
                int ones = 0;
                for (int bit = 0; bit < Long.SIZE; bit++) {
                    ones += (int) ((words[a + j] & first) >>> bit & 1) + (int) ((words[b + j] & second) >>> bit & 1)
                            + (int) ((words[c + j] & third) >>> bit & 1);
                }
                expected |= (ones & 1) << j;
            }
            assertThat(WindowParities.all(words, a, b, c, first, second, third, columns))
                    .as("trial %d: a=%d b=%d c=%d", trial, a, b, c).isEqualTo(expected);
            if (columns >= WindowParities.FIRST) {
                int firstFour = WindowParities.firstFour(words, a, b, c, first, second, third);
                assertThat(firstFour).isEqualTo(expected & 0xF);
                assertThat(WindowParities.afterFirstFour(words, a, b, c, first, second, third, columns))
                        .as("trial %d: a=%d b=%d c=%d", trial, a, b, c).isEqualTo(expected & ~0xF);
            }
        }
    }
}
