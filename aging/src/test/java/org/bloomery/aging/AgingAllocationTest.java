package org.bloomery.aging;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.junit.jupiter.api.Test;

/**
 * Queries allocate nothing, in a count window and in a time window (which reads its clock on every
 * call), and neither do adds within a generation: 1,000,000 calls after warm-up may allocate at most
 * a few KiB (the thread-allocation counter itself and JIT noise), where one small object per call
 * would be 16 MB or more. A count window's adds rotate the ring without allocating either: a rotation
 * clears the oldest generation in place.
 */
class AgingAllocationTest {
    private static final int CALLS = 1_000_000;

    @Test
    void queriesAndAddsOfACountWindowDoNotAllocate() {
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(100_000, 0.01).withOption("window", "100000"),
                KeyHasher.longs());
        long sink = 0;
        for (int warm = 0; warm < 3; warm++) {
            sink += queries(filter) + adds(filter, warm);
        }
        long queried = allocatedBy(() -> queries(filter));
        long added = allocatedBy(() -> adds(filter, 3));
        assertThat(queried).as("bytes allocated by 10^6 queries (sink %d)", sink).isLessThan(64 * 1024);
        assertThat(added).as("bytes allocated by 10^6 adds, 40 rotations").isLessThan(64 * 1024);
    }

    @Test
    void queriesOfATimeWindowDoNotAllocate() {
        AtomicLong clock = new AtomicLong(0);
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(100_000, 0.01).withOption("windowMillis", "60000"),
                KeyHasher.longs(), clock::get);
        for (int i = 0; i < 100_000; i++) {
            filter.addHash(WindowRun.item(i));
        }
        long sink = 0;
        for (int warm = 0; warm < 3; warm++) {
            sink += queries(filter);
        }
        long queried = allocatedBy(() -> queries(filter));
        assertThat(queried).as("bytes allocated by 10^6 queries (sink %d)", sink).isLessThan(64 * 1024);
    }

    private static long queries(AgingFilter<Long> filter) {
        long found = 0;
        for (int i = 0; i < CALLS; i++) {
            found += filter.mightContainHash(WindowRun.item(i)) ? 1 : 0;
        }
        return found;
    }

    private static long adds(AgingFilter<Long> filter, int pass) {
        long added = 0;
        for (int i = 0; i < CALLS; i++) {
            added += filter.addHash(WindowRun.item((long) pass * CALLS + i)) ? 1 : 0;
        }
        return added;
    }

    private static long allocatedBy(Runnable work) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        work.run();
        return threads.getThreadAllocatedBytes(thread) - before;
    }
}
