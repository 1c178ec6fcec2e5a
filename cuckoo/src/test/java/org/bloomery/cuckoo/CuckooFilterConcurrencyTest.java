package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.Race;
import org.junit.jupiter.api.Test;

/**
 * Readers check keys known present while writers add and remove other keys in a nearly full
 * table, so that many insertions kick fingerprints around: a reader must never see one in transit.
 * The table is small (about 540 slots) so that readers pass over every stable key thousands of
 * times while it is kicked: with readers that ignore the global lock, this test failed in 3 runs of
 * 3 (a fingerprint read between its eviction and its arrival in the other bucket). Meanwhile a
 * thread serializes the filter and reads each snapshot back.
 */
class CuckooFilterConcurrencyTest {
    private static final long SEED = 101;
    private static final int WRITERS = 2;
    private static final int READERS = 2;
    private static final int ROUNDS = 4000;

    @Test
    void readersNeverMissAPresentKeyWhileWritersKickAroundThem() throws InterruptedException {
        CuckooFilter<Long> filter = TestFilters.create(500, 0.01, "expansion", "0");
        long slots = filter.buckets() * filter.bucketSize();
        // Stable keys fill 80% of the slots; each writer pushes 7% more in and takes it out again,
        // so the load swings between 0.80 and 0.94, where most insertions find both buckets full.
        long[] stable = new long[(int) (0.80 * slots)];
        for (int i = 0; i < stable.length; i++) {
            stable[i] = TestFilters.present(SEED, i);
            filter.addHash(stable[i]);
        }
        int perWriter = (int) (0.07 * slots);
        long kicksBefore = filter.kickChains();
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong writersDone = new AtomicLong();
        AtomicLong readerChecks = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            long seed = SEED + 1 + w;
            threads.add(new Thread(() -> {
                Race.await(start);
                for (int round = 0; round < ROUNDS; round++) {
                    for (int i = 0; i < perWriter; i++) {
                        long hash = TestFilters.present(seed, (long) round * perWriter + i);
                        filter.addHash(hash);
                        if (!filter.mightContainHash(hash)) {
                            failure.compareAndSet(null, new AssertionError("writer lost its own key"));
                        }
                    }
                    for (int i = 0; i < perWriter; i++) {
                        if (!filter.removeHash(TestFilters.present(seed, (long) round * perWriter + i))) {
                            failure.compareAndSet(null, new AssertionError("remove of an added key failed"));
                        }
                    }
                }
                writersDone.incrementAndGet();
            }));
        }
        for (int r = 0; r < READERS; r++) {
            int offset = r;
            threads.add(new Thread(() -> {
                Race.await(start);
                // Read until the writers finish, and at least one full pass.
                do {
                    for (int i = offset; i < stable.length; i += READERS) {
                        if (!filter.mightContainHash(stable[i])) {
                            failure.compareAndSet(null, new AssertionError("reader missed stable key #" + i));
                        }
                    }
                    readerChecks.incrementAndGet();
                } while (writersDone.get() < WRITERS);
            }));
        }
        AtomicLong snapshots = new AtomicLong();
        threads.add(new Thread(() -> {
            Race.await(start);
            // Each snapshot must read back: its stored count must equal the fingerprints in it,
            // which holds only if writeTo excludes writers while it copies the table.
            do {
                try {
                    CuckooFilter<Long> copy = TestFilters.read(FilterBytes.of(filter));
                    if (copy.approximateCount() < stable.length) {
                        failure.compareAndSet(null, new AssertionError("snapshot lost stable keys"));
                    }
                } catch (IOException e) {
                    failure.compareAndSet(null, new AssertionError("inconsistent snapshot", e));
                }
                snapshots.incrementAndGet();
            } while (writersDone.get() < WRITERS);
        }));
        Race.run(threads, start, failure);
        assertThat(readerChecks.get()).isGreaterThanOrEqualTo(READERS);
        assertThat(snapshots.get()).isPositive();
        assertThat(filter.kickChains() - kicksBefore).as("insertions that kicked during the run")
                .isGreaterThan(1000);
        assertThat(filter.approximateCount()).as("only the stable keys remain").isEqualTo(stable.length);
        for (long hash : stable) {
            assertThat(filter.mightContainHash(hash)).isTrue();
        }
    }
}
