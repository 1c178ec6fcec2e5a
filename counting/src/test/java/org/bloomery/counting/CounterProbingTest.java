package org.bloomery.counting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.bloomery.bloom.BlockedProbes;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomProbes;
import org.bloomery.bloom.Writers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The counting kind's probe strategies of both layouts against a replay through the one-counter
 * methods of {@link NibbleArray}, at the positions {@link BloomProbes} and {@link
 * BlockedProbes#cell} give.
 */
class CounterProbingTest {
    private static final BloomLayout STANDARD = BloomLayout.STANDARD;
    private static final BloomLayout BLOCKED = BloomLayout.BLOCKED;

    /**
     * The probe methods against a replay through the one-counter methods: on 1024 counters and 7
     * probes per hash, many probes share counters, some saturate and some repeat within one hash, so
     * the batched count updates must add up exactly as the per-counter ones do.
     */
    @ParameterizedTest
    @EnumSource(Writers.class)
    void probeUpdatesMatchOneCounterUpdatesAndKeepTheCountsExact(Writers writers) {
        NibbleArray batched = new NibbleArray(1024, writers);
        NibbleArray replay = new NibbleArray(1024, Writers.MANY);
        SplittableRandom random = new SplittableRandom(11);
        int k = 7;
        for (int op = 0; op < 20_000; op++) {
            long hash = random.nextLong(400);
            hash = hash * 0x9E3779B97F4A7C15L;
            long step = BloomProbes.step(hash);
            boolean nonZero = true;
            for (int i = 0; i < k; i++) {
                nonZero &= replay.get(BloomProbes.position(hash + i * step, 1024)) != 0;
            }
            assertThat(CounterProbing.nonZero(STANDARD, batched, hash, k)).isEqualTo(nonZero);
            if (random.nextInt(3) == 0) {
                assertThat(CounterProbing.remove(STANDARD, batched, hash, k)).as("remove answers whether every counter was above 0")
                        .isEqualTo(nonZero);
                if (nonZero) {
                    for (int i = 0; i < k; i++) {
                        replay.decrement(BloomProbes.position(hash + i * step, 1024));
                    }
                }
            } else {
                boolean anyWasZero = false;
                for (int i = 0; i < k; i++) {
                    anyWasZero |= replay.increment(BloomProbes.position(hash + i * step, 1024)) == 0;
                }
                assertThat(CounterProbing.increment(STANDARD, batched, hash, k)).isEqualTo(anyWasZero);
            }
        }
        long nonZero = 0;
        long saturated = 0;
        for (long i = 0; i < 1024; i++) {
            assertThat(batched.get(i)).as("counter %d", i).isEqualTo(replay.get(i));
            nonZero += batched.get(i) != 0 ? 1 : 0;
            saturated += batched.get(i) == 15 ? 1 : 0;
        }
        assertThat(saturated).isPositive();
        assertThat(nonZero).isLessThan(1024);
        assertThat(batched.nonZeroCount()).isEqualTo(nonZero);
        assertThat(batched.saturatedCount()).isEqualTo(saturated);
    }

    /** Probe counts whose probes share words (above 8) and counters, each with both writers. */
    static Stream<Arguments> probeCountsAndWriters() {
        return IntStream.of(1, 4, 7, 8, 13, 16, 64).boxed()
                .flatMap(k -> Stream.of(Writers.values()).map(writers -> Arguments.of(k, writers)));
    }

    /**
     * The blocked layout's probe methods against the same replay, for probe counts whose probes
     * share words (above 8) and counters; then the batch query against the single ones in both
     * layouts.
     */
    @ParameterizedTest
    @MethodSource("probeCountsAndWriters")
    void blockUpdatesMatchOneCounterUpdatesAndKeepTheCountsExact(int k, Writers writers) {
        NibbleArray batched = new NibbleArray(1024, writers);
        NibbleArray replay = new NibbleArray(1024, Writers.MANY);
        SplittableRandom random = new SplittableRandom(12);
        long[] hashes = new long[300];
        for (int op = 0; op < 20_000; op++) {
            long hash = random.nextLong(400) * 0x9E3779B97F4A7C15L;
            long base = BlockedProbes.block(hash, 1024 / 128) * 128;
            boolean nonZero = true;
            int least = 15;
            for (int i = 0; i < k; i++) {
                int value = replay.get(base + BlockedProbes.cell(hash, i, k, 128));
                nonZero &= value != 0;
                least = Math.min(least, value);
            }
            assertThat(CounterProbing.nonZero(BLOCKED, batched, hash, k)).isEqualTo(nonZero);
            assertThat(CounterProbing.minimum(BLOCKED, batched, hash, k)).isEqualTo(least);
            if (random.nextInt(3) == 0) {
                assertThat(CounterProbing.remove(BLOCKED, batched, hash, k)).as("remove answers whether every counter was above 0")
                        .isEqualTo(nonZero);
                if (nonZero) {
                    for (int i = 0; i < k; i++) {
                        replay.decrement(base + BlockedProbes.cell(hash, i, k, 128));
                    }
                }
            } else {
                boolean anyWasZero = false;
                for (int i = 0; i < k; i++) {
                    anyWasZero |= replay.increment(base + BlockedProbes.cell(hash, i, k, 128)) == 0;
                }
                assertThat(CounterProbing.increment(BLOCKED, batched, hash, k)).isEqualTo(anyWasZero);
            }
            hashes[op % hashes.length] = random.nextLong();
        }
        long nonZero = 0;
        long saturated = 0;
        for (long i = 0; i < 1024; i++) {
            assertThat(batched.get(i)).as("counter %d", i).isEqualTo(replay.get(i));
            nonZero += batched.get(i) != 0 ? 1 : 0;
            saturated += batched.get(i) == 15 ? 1 : 0;
        }
        assertThat(batched.nonZeroCount()).isEqualTo(nonZero);
        assertThat(batched.saturatedCount()).isEqualTo(saturated);
        assertThat(saturated).as("counters saturated along the way").isPositive();
        boolean[] out = new boolean[hashes.length];
        for (BloomLayout layout : BloomLayout.values()) {
            CounterProbing.nonZero(layout, batched, hashes, 5, hashes.length - 3, k, out);
            for (int i = 5; i < hashes.length - 3; i++) {
                assertThat(out[i]).as("batch answer %d, %s", i, layout)
                        .isEqualTo(CounterProbing.nonZero(layout, batched, hashes[i], k));
            }
        }
    }
}
