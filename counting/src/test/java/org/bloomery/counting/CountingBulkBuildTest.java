package org.bloomery.counting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.BulkBuild;
import org.bloomery.bloom.Writers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A counting filter built in bulk ({@link CountingFilter#build}) equals one filled by adding each
 * hash in turn: the same bytes, and the same live counts of non-zero and saturated counters, in both
 * layouts, on one thread or several, including arrays whose blocks do not divide among the threads
 * and arrays so small that most counters saturate.
 */
class CountingBulkBuildTest {
    private static final long SEED = 0xC0DE_B111L;

    @ParameterizedTest
    @MethodSource("builds")
    void bulkCountersEqualCountersRaisedOneByOne(BloomLayout layout, long counters, int n, int threads,
            Writers writers) {
        FilterSpec spec = FilterSpec.of(Math.max(1, n), 0.01)
                .withOption(BloomLayout.OPTION, layout.optionValue())
                .withOption(CountingOptions.COUNTERS, Long.toString(counters))
                .withOption(Writers.OPTION, writers.optionValue());
        long[] hashes = new SplittableRandom(SEED + n).longs(n).toArray();
        CountingFilter<Long> expected = CountingFilter.create(spec, KeyHasher.longs());
        for (long hash : hashes) {
            expected.addHash(hash);
        }
        ForkJoinPool pool = new ForkJoinPool(threads);
        CountingFilter<Long> bulk;
        try {
            bulk = pool.submit(() -> CountingFilter.build(spec, KeyHasher.longs(), LongStream.of(hashes))).join();
        } finally {
            pool.shutdown();
        }
        assertThat(FilterBytes.of(bulk)).isEqualTo(FilterBytes.of(expected));
        assertThat(bulk.nonZeroCounters()).as("non-zero counters").isEqualTo(expected.nonZeroCounters());
        assertThat(bulk.saturatedCounters()).as("saturated counters").isEqualTo(expected.saturatedCounters());
        assertThat(bulk.counterSum()).isEqualTo(expected.counterSum());
        assertThat(bulk.capabilities()).isEqualTo(expected.capabilities());
    }

    static Stream<Arguments> builds() {
        int many = BulkBuild.PARALLEL_MIN_HASHES + 5;
        List<Arguments> cases = new ArrayList<>();
        for (BloomLayout layout : List.of(BloomLayout.STANDARD, BloomLayout.BLOCKED)) {
            long block = BloomShape.MIN_CELLS * 2;
            cases.add(Arguments.of(layout, block, 0, 1, Writers.MANY));
            cases.add(Arguments.of(layout, block, 1, 1, Writers.MANY));
            cases.add(Arguments.of(layout, block, many, 2, Writers.MANY));
            cases.add(Arguments.of(layout, block * 7, many, 3, Writers.MANY));
            cases.add(Arguments.of(layout, block * 1001, many, 4, Writers.SINGLE));
            cases.add(Arguments.of(layout, block * 100_003, many, 3, Writers.MANY));
            cases.add(Arguments.of(layout, block * 100_003, 5000, 3, Writers.MANY));
        }
        return cases.stream();
    }
}
