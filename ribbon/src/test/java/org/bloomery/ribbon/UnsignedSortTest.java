package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The build's in-place unsigned sort against the JDK's sort, on the inputs that stress a quicksort. */
class UnsignedSortTest {
    static Stream<Arguments> inputs() {
        SplittableRandom random = new SplittableRandom(42);
        long[] ascending = new long[10_000];
        Arrays.setAll(ascending, i -> i * 0x9E37_79B9_7F4A_7C15L);
        long[] twoRuns = random.longs(20_000).toArray();
        Arrays.sort(twoRuns, 0, 10_000);
        Arrays.sort(twoRuns, 10_000, 20_000);
        long[] fewValues = random.longs(50_000, 0, 3).map(v -> v << 62).toArray();
        long[] descending = new long[10_000];
        Arrays.setAll(descending, i -> -i);
        long[] organPipe = new long[10_001];
        Arrays.setAll(organPipe, i -> Math.min(i, 10_000 - i));
        return Stream.of(
                Arguments.of("empty", new long[0]),
                Arguments.of("one", new long[] {-1L}),
                Arguments.of("random", random.longs(100_003).toArray()),
                Arguments.of("short random", random.longs(23).toArray()),
                Arguments.of("scrambled ascending", ascending),
                Arguments.of("two sorted runs", twoRuns),
                Arguments.of("three values", fewValues),
                Arguments.of("descending", descending),
                Arguments.of("organ pipe", organPipe),
                Arguments.of("all equal", new long[5_000]));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void sortsAsUnsignedNumbers(String name, long[] values) {
        long[] expected = values.clone();
        for (int i = 0; i < expected.length; i++) {
            expected[i] ^= Long.MIN_VALUE;
        }
        Arrays.sort(expected);
        for (int i = 0; i < expected.length; i++) {
            expected[i] ^= Long.MIN_VALUE;
        }
        UnsignedSort.sort(values, 0, values.length);
        assertThat(values).containsExactly(expected);
    }

    @Test
    void sortsOnlyItsRange() {
        long[] values = {9, 8, 3, 2, 1, 0};
        UnsignedSort.sort(values, 1, 4);
        assertThat(values).containsExactly(9, 2, 3, 8, 1, 0);
    }

    @Test
    void allocatesNothing() {
        long[] values = new SplittableRandom(7).longs(200_000).toArray();
        long[] twoRuns = values.clone();
        Arrays.sort(twoRuns, 0, 100_000);
        Arrays.sort(twoRuns, 100_000, 200_000);
        UnsignedSort.sort(new long[100], 0, 100);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        UnsignedSort.sort(values, 0, values.length);
        UnsignedSort.sort(twoRuns, 0, twoRuns.length);
        assertThat(threads.getThreadAllocatedBytes(thread) - before).isZero();
    }
}
