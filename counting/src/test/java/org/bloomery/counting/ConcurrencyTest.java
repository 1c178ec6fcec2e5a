package org.bloomery.counting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Threads add and remove disjoint key sets at once. While no counter saturates, increments and
 * decrements commute, so the final counters must equal those of a single-threaded replay of the
 * same operations exactly; a lost compare-and-set would show up as a different counter sum.
 */
class ConcurrencyTest {
    private static final int THREADS = 4;

    /**
     * In each layout, a sparse large filter, and a small dense one (256 words for 1,024 keys of 3 probes) where
     * threads collide on the same words all the time. Peak load is at most 0.75 keys' probes per
     * counter, so a counter reaching 15 has probability below 1e-10: the test asserts none did.
     */
    static Stream<Arguments> workloads() {
        return Stream.of(
                Arguments.of(FilterSpec.of(100_000, 0.01), 25_000, 2),
                Arguments.of(FilterSpec.of(1_000, 0.1).withOption("counters", "4096").withOption("hashes", "3"), 256, 2_000),
                Arguments.of(FilterSpec.of(100_000, 0.01).withOption("layout", "blocked"), 25_000, 2),
                Arguments.of(FilterSpec.of(1_000, 0.1).withOption("counters", "4096").withOption("hashes", "3")
                        .withOption("layout", "blocked"), 256, 2_000));
    }

    /**
     * Each thread owns keys [0, keys) of its own seed. In every cycle but the last it adds all of
     * them and removes all of them; in the last it adds all and removes the odd-indexed ones.
     */
    private static void run(CountingFilter<Long> filter, int thread, int keys, int cycles, AtomicLong failedRemoves) {
        for (int cycle = 0; cycle < cycles; cycle++) {
            boolean last = cycle == cycles - 1;
            for (int i = 0; i < keys; i++) {
                filter.addHash(KeyHasher.hashLong(TestKeys.presentLong(thread, i)));
            }
            for (int i = last ? 1 : 0; i < keys; i += last ? 2 : 1) {
                if (!filter.removeHash(KeyHasher.hashLong(TestKeys.presentLong(thread, i)))) {
                    failedRemoves.incrementAndGet();
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("workloads")
    void countersEqualASingleThreadedReplay(FilterSpec spec, int keys, int cycles) throws Exception {
        CountingFilter<Long> filter = CountingFilter.create(spec, KeyHasher.longs());
        AtomicLong failedRemoves = new AtomicLong();
        Workers.runTogether(THREADS, thread -> run(filter, thread, keys, cycles, failedRemoves));
        assertThat(failedRemoves.get()).as("removes of added keys that answered false").isZero();
        assertThat(filter.saturatedCounters()).as("saturated counters (the replay is exact only without)").isZero();
        for (int t = 0; t < THREADS; t++) {
            for (int i = 0; i < keys; i += 2) {
                if (!filter.mightContain(TestKeys.presentLong(t, i))) {
                    throw new AssertionError("false negative for thread " + t + " key #" + i);
                }
            }
        }

        CountingFilter<Long> replay = CountingFilter.create(spec, KeyHasher.longs());
        for (int t = 0; t < THREADS; t++) {
            run(replay, t, keys, cycles, failedRemoves);
        }
        assertThat(filter.counterSum()).isEqualTo(replay.counterSum()).isEqualTo((long) THREADS * keys / 2 * filter.hashes());
        assertThat(filter.nonZeroCounters()).isEqualTo(replay.nonZeroCounters());
        assertThat(FilterBytes.of(filter)).isEqualTo(FilterBytes.of(replay));
    }
}
