package org.bloomery.scalable;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.api.contract.Race;
import org.junit.jupiter.api.Test;

/** Threads adding disjoint sets while the filter grows through several layers. */
class ScalableConcurrencyTest {
    private static final long SEED = 0xC0C0L;
    private static final int WRITERS = 4;
    private static final int PER_WRITER = 50_000;
    private static final int PRELOADED = 1_000;

    private static long key(int writer, int i) {
        return KeyHasher.hashLong(TestKeys.presentLong(SEED + 1 + writer, i));
    }

    @Test
    void disjointWritersAcrossSeveralGrowthStepsLoseNoItem() throws InterruptedException {
        ScalableFilter<Long> filter = ScalableFilter.create(FilterSpec.of(1_000, 0.01), KeyHasher.longs());
        long[] preloaded = new long[PRELOADED];
        for (int i = 0; i < PRELOADED; i++) {
            preloaded[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
            filter.addHash(preloaded[i]);
        }
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            threads.add(new Thread(() -> {
                Race.await(start);
                for (int i = 0; i < PER_WRITER; i++) {
                    long hash = key(writer, i);
                    filter.addHash(hash);
                    // Visible at once to the adding thread, whichever layer took it.
                    if (!filter.mightContainHash(hash)) {
                        failure.compareAndSet(null, new AssertionError("writer " + writer + " lost key #" + i));
                    }
                }
            }));
        }
        threads.add(new Thread(() -> {
            Race.await(start);
            // Reads during growth: the preloaded layer must answer through every layer swap.
            for (int round = 0; round < 50; round++) {
                for (long hash : preloaded) {
                    if (!filter.mightContainHash(hash)) {
                        failure.compareAndSet(null,
                                new AssertionError("reader lost a preloaded key in round " + round));
                    }
                }
            }
        }));
        Race.run(threads, start, failure);

        for (int w = 0; w < WRITERS; w++) {
            for (int i = 0; i < PER_WRITER; i++) {
                if (!filter.mightContainHash(key(w, i))) {
                    throw new AssertionError("false negative after concurrent growth: writer " + w + " key #" + i);
                }
            }
        }
        ScalableInfo info = filter.info();
        long offered = PRELOADED + (long) WRITERS * PER_WRITER;
        // 201,000 items need 8 layers (1,000·(2^8 − 1) = 255,000): 7 growth steps under contention.
        assertThat(info.layers()).isEqualTo(8).isEqualTo(GrowthRun.layersFor(1_000, 2, info.itemsInserted()));
        // Keys are disjoint, so nothing is counted twice; adds that hit a false positive (under 1%
        // each, as the fpp stays below 0.01) are not counted, so 2% is a loose floor.
        assertThat(info.itemsInserted()).isBetween((long) (offered * 0.98), offered);
        for (int i = 0; i < info.layers() - 1; i++) {
            LayerInfo layer = info.perLayer().get(i);
            assertThat(layer.items()).as("items of layer %d, which the filter has grown past", i)
                    .isEqualTo(layer.capacity());
        }
    }
}
