package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.HeapLimitContract;
import org.junit.jupiter.api.Test;

class ClassicHeapLimitTest extends HeapLimitContract {
    @Override
    protected String kind() {
        return "classic";
    }

    /** A copy of a filter of 60% of the heap cannot fit beside it: refused, not OutOfMemoryError. */
    @Test
    void aCopyThatCannotFitIsRefused() {
        long max = Runtime.getRuntime().maxMemory();
        assumeTrue(max <= 512L << 20, "runs in the small-heap JVM only");
        long bits = (long) (max * 0.6) * 8 / 64 * 64;
        ClassicFilter<Long> filter = ClassicFilter.create(FilterSpec.of(1000, 0.01).withOption("bits", Long.toString(bits)),
                KeyHasher.longs());
        assertThatThrownBy(filter::copy).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a copy of a bit array").hasMessageContaining("bytes of heap are free");
    }
}
