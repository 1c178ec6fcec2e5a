package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bloomery.api.contract.StaticHeapLimitContract;
import org.junit.jupiter.api.Test;

/**
 * The small-heap refusals of a static kind, for kind "ribbon", and one of its own: a build larger
 * than the heap, refused before it allocates.
 */
class RibbonHeapLimitTest extends StaticHeapLimitContract {
    @Override
    protected String kind() {
        return RibbonProvider.KIND;
    }

    /**
     * The build's own arrays (the solution and one shard's system, about 1.1 times the finished
     * filter) are checked against the heap before they are allocated: a build that needs more than
     * the heap is refused by name, and nothing is allocated.
     */
    @Test
    void aBuildLargerThanTheHeapIsRefusedBeforeAllocating() {
        long needed = Runtime.getRuntime().maxMemory() + 1;
        assertThatThrownBy(() -> BuildMemory.allocating(50_000_000, needed, () -> {
            throw new AssertionError("allocated");
        })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("building a ribbon filter of 50,000,000 keys")
                .hasMessageContaining("bytes of heap are free");
    }
}
