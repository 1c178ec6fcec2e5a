package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The memory a build allocates beyond the 8-byte hashes it owns, counted in bytes by the thread's
 * allocation counter (deterministic, unlike a timing): the solution (the finished filter) and one
 * shard's banded system, at most 3 times the written filter at 10^6 keys and more, and never more
 * than the heap check ({@link BuildMemory#bytesFor}) reserved. The count is an upper bound of the
 * peak: it adds up every allocation, freed or not.
 */
class RibbonBuildMemoryTest {
    /** Allocations of the test's own bookkeeping and the build's small objects (seeds, result, lambdas). */
    private static final long SLACK = 64 * 1024;

    @ParameterizedTest(name = "n={0} fpp={1}")
    @CsvSource({"1000000, 0.01", "1000000, 0.00390625", "2000000, 0.001"})
    void aBuildAllocatesAtMostThreeTimesTheFilter(int n, double fpp) {
        long[] hashes = new SplittableRandom(n).longs(n).map(KeyHasher::hashLong).toArray();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        RibbonFilter<Long> filter = RibbonFilter.buildOwning(FilterSpec.of(n, fpp), KeyHasher.longs(), hashes);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        long written = FilterBytes.of(filter).length;
        NarrowLayout layout = filter.narrowLayout();
        assertThat(allocated).as("bytes allocated building %,d keys beyond their hashes (filter: %,d bytes)", n, written)
                .isLessThanOrEqualTo(3 * written)
                .isLessThanOrEqualTo(BuildMemory.bytesFor(layout) + SLACK);
    }
}
