package org.bloomery.scalable;

import org.bloomery.bloom.BloomLayer;
import org.bloomery.bloom.LayerPlan;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomery.api.KeyHasher;
import org.bloomery.bloom.BloomShape;
import org.junit.jupiter.api.Test;

class LayerTest {

    private static BloomLayer layer(long capacity) {
        return BloomLayer.allocate(new LayerPlan(capacity, 0.01, BloomShape.optimal(capacity, 0.01)));
    }

    @Test
    void reservationsStopAtCapacity() {
        BloomLayer layer = layer(3);
        assertThat(layer.tryReserve()).isTrue();
        assertThat(layer.tryReserve()).isTrue();
        assertThat(layer.tryReserve()).isTrue();
        assertThat(layer.tryReserve()).isFalse();
        assertThat(layer.tryReserve()).isFalse();
        assertThat(layer.items()).isEqualTo(3);
    }

    @Test
    void concurrentReservationsNeverPassCapacity() throws InterruptedException {
        BloomLayer layer = layer(25_000);
        AtomicLong granted = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < 10_000; i++) {
                    granted.addAndGet(layer.tryReserve() ? 1 : 0);
                }
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertThat(granted.get()).isEqualTo(25_000);
        assertThat(layer.items()).isEqualTo(25_000);
    }

    @Test
    void insertedHashesAreFoundAndClearForgetsThem() {
        BloomLayer layer = layer(1_000);
        assertThat(layer.fpp()).isZero();
        for (long i = 0; i < 1_000; i++) {
            layer.insert(KeyHasher.hashLong(i));
        }
        for (long i = 0; i < 1_000; i++) {
            assertThat(layer.mightContain(KeyHasher.hashLong(i))).isTrue();
        }
        assertThat(layer.fpp()).isPositive();
        layer.clear();
        assertThat(layer.items()).isZero();
        assertThat(layer.mightContain(KeyHasher.hashLong(0))).isFalse();
    }
}
