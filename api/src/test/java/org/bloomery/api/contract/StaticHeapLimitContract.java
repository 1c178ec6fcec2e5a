package org.bloomery.api.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.LongStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * "Never an {@link OutOfMemoryError}" for a static kind (one built whole from a set), in the
 * small-heap JVM (-Xmx256m): a set whose build cannot fit is refused before anything large is
 * allocated, whether its size is known (a sized stream) or not (a stream that grows), and a set of
 * 10^6 items, which fits, still builds there. Tagged {@value HeapLimitContract#TAG}; the tests skip
 * themselves on a larger heap.
 */
@Tag(HeapLimitContract.TAG)
public abstract class StaticHeapLimitContract {
    /** The spec every test builds with. */
    protected static final FilterSpec SPEC = FilterSpec.of(1_000_000, 0.01);

    /**
     * The kind under test.
     *
     * @return its name, as registered with {@link Filters}
     */
    protected abstract String kind();

    /** Skips the test unless this JVM is the small-heap one. */
    protected static void smallHeapOnly() {
        long max = Runtime.getRuntime().maxMemory();
        assumeTrue(max <= 512L << 20, "runs in the small-heap JVM only, not on " + (max >> 20) + " MiB");
    }

    @Test
    void aKnownSizeTooLargeIsRefusedBeforeCopying() {
        smallHeapOnly();
        // Sized to claim 12 times the heap: the stream's size alone is refused.
        LongStream huge = LongStream.range(0, 200_000_000L);
        assertThatThrownBy(() -> Filters.build(kind(), SPEC, KeyHasher.longs(), huge.boxed()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs")
                .hasMessageContaining("bytes of heap are free");
    }

    @Test
    void anUnknownSizeTooLargeIsRefusedAsItGrows() {
        smallHeapOnly();
        LongStream endless = LongStream.iterate(0, i -> i + 1).filter(i -> true).limit(200_000_000L);
        assertThatThrownBy(() -> Filters.provider(kind()).orElseThrow().build(SPEC, KeyHasher.longs(), endless))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("collecting more than");
    }

    @Test
    void aSetThatFitsBuilds() {
        smallHeapOnly();
        long[] hashes = LongStream.range(0, 1_000_000).map(KeyHasher::hashLong).toArray();
        MembershipFilter<Long> filter = Filters.buildFromHashes(kind(), SPEC, KeyHasher.longs(), hashes);
        assertThat(filter.approximateCount()).isEqualTo(1_000_000);
        assertThat(filter.mightContain(0L)).isTrue();
    }
}
