package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.StaticHeapLimitContract;
import org.junit.jupiter.api.Test;

/**
 * The small-heap refusals of a static kind, for kind "ribbon", and one of its own: hashes that fit
 * with a build that does not.
 */
class RibbonHeapLimitTest extends StaticHeapLimitContract {
    @Override
    protected String kind() {
        return RibbonProvider.KIND;
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
}
