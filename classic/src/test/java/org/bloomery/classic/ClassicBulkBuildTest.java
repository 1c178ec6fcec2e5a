package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BulkBuild;
import org.bloomery.bloom.Writers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A classic filter built in bulk through {@link Filters} (from hashes, and from a parallel stream of
 * items) equals one filled by adding each hash in turn, in every layout and with either writers
 * option: the same bytes, the same live count (seen through {@code expectedFpp} and {@code
 * approximateCount}, and against the count a read-back recounts from the words), and the same
 * capabilities.
 */
class ClassicBulkBuildTest {
    private static final long SEED = 0xC1A5_B111L;

    @ParameterizedTest
    @MethodSource("builds")
    void bulkBuildEqualsAddingEachHash(BloomLayout layout, Writers writers, int n, int threads) throws IOException {
        FilterSpec spec = FilterSpec.of(Math.max(1, n), 0.01)
                .withOption(BloomLayout.OPTION, layout.optionValue())
                .withOption(Writers.OPTION, writers.optionValue());
        List<Long> items = Arrays.stream(new SplittableRandom(SEED + n).longs(n).toArray()).boxed().toList();
        long[] hashes = items.stream().mapToLong(KeyHasher.longs()::hash).toArray();
        long[] untouched = hashes.clone();
        MembershipFilter<Long> expected = ClassicFilter.create(spec, KeyHasher.longs());
        for (long hash : hashes) {
            expected.addHash(hash);
        }
        MembershipFilter<Long> fromHashes = inPool(threads,
                () -> Filters.buildFromHashes(ClassicProvider.KIND, spec, KeyHasher.longs(), hashes));
        MembershipFilter<Long> fromParallelItems = inPool(threads,
                () -> Filters.build(ClassicProvider.KIND, spec, KeyHasher.longs(), items.parallelStream()));
        assertThat(hashes).as("the caller's hashes").isEqualTo(untouched);
        MembershipFilter<Long> readBack = Filters.readFrom(new ByteArrayInputStream(FilterBytes.of(expected)),
                KeyHasher.longs());
        for (MembershipFilter<Long> bulk : List.of(fromHashes, fromParallelItems)) {
            assertThat(FilterBytes.of(bulk)).isEqualTo(FilterBytes.of(expected));
            assertThat(bulk.expectedFpp()).isEqualTo(expected.expectedFpp()).isEqualTo(readBack.expectedFpp());
            assertThat(bulk.approximateCount()).isEqualTo(expected.approximateCount());
            assertThat(bulk.capabilities()).isEqualTo(expected.capabilities());
        }
    }

    static Stream<Arguments> builds() {
        int many = BulkBuild.PARALLEL_MIN_HASHES + 7;
        return Stream.of(BloomLayout.values()).flatMap(layout -> Stream.of(
                Arguments.of(layout, Writers.MANY, 0, 1),
                Arguments.of(layout, Writers.MANY, 1, 2),
                Arguments.of(layout, Writers.SINGLE, 50, 2),
                Arguments.of(layout, Writers.MANY, many, 2),
                Arguments.of(layout, Writers.SINGLE, many, 3)));
    }

    private static <R> R inPool(int threads, Supplier<R> build) {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(build::get).join();
        } finally {
            pool.shutdown();
        }
    }
}
