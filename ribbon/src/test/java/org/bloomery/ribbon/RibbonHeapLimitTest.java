package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.LongStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.HeapLimitContract;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * "Never an OutOfMemoryError" for the static kind, in the small-heap JVM (-Xmx256m): a set whose
 * build cannot fit is refused before anything large is allocated, whether its size is known (an
 * array or a sized stream) or not (a stream that grows), and a set that fits still builds there.
 */
@Tag(HeapLimitContract.TAG)
class RibbonHeapLimitTest {
    private static final FilterSpec SPEC = FilterSpec.of(1_000_000, 0.01);

    private static void smallHeapOnly() {
        long max = Runtime.getRuntime().maxMemory();
        assumeTrue(max <= 512L << 20, "runs in the small-heap JVM only, not on " + (max >> 20) + " MiB");
    }

    @Test
    void aKnownSizeTooLargeIsRefusedBeforeCopying() {
        smallHeapOnly();
        LongStream huge = LongStream.range(0, 200_000_000L);
        assertThatThrownBy(() -> Filters.build(RibbonFilter.KIND, SPEC, KeyHasher.longs(), huge.boxed()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs")
                .hasMessageContaining("bytes of heap are free");
    }

    @Test
    void anUnknownSizeTooLargeIsRefusedAsItGrows() {
        smallHeapOnly();
        LongStream endless = LongStream.iterate(0, i -> i + 1).filter(i -> true).limit(200_000_000L);
        assertThatThrownBy(() -> Filters.provider(RibbonFilter.KIND).orElseThrow().build(SPEC, KeyHasher.longs(), endless))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("collecting more than");
    }

    /** The hashes fit (64 MB), the build beside them (about 180 MB) does not: refused before banding. */
    @Test
    void hashesThatFitWithABuildThatDoesNotAreRefused() {
        smallHeapOnly();
        long[] hashes = LongStream.range(0, 8_000_000).map(KeyHasher::hashLong).toArray();
        assertThatThrownBy(() -> RibbonFilter.buildFromHashes(SPEC, KeyHasher.longs(), hashes))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("building a ribbon filter of")
                .hasMessageContaining("bytes of heap are free");
    }

    @Test
    void aSetThatFitsBuilds() {
        smallHeapOnly();
        long[] hashes = LongStream.range(0, 1_000_000).map(KeyHasher::hashLong).toArray();
        MembershipFilter<Long> filter = Filters.buildFromHashes(RibbonFilter.KIND, SPEC, KeyHasher.longs(), hashes);
        assertThat(filter.approximateCount()).isEqualTo(1_000_000);
        assertThat(filter.mightContain(0L)).isTrue();
    }
}
