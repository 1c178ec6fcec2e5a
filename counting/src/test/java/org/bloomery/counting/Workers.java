package org.bloomery.counting;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs one task on several real threads released together by a latch. */
final class Workers {
    /** A task that knows which worker runs it. */
    @FunctionalInterface
    interface Task {
        void run(int worker) throws Exception;
    }

    private Workers() {
    }

    /**
     * Starts {@code threads} threads, releases them at once and waits for all of them.
     *
     * @throws Exception the first failure of any worker, or a timeout after five minutes
     */
    static void runTogether(int threads, Task task) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int worker = t;
                done.add(pool.submit(() -> {
                    start.await();
                    task.run(worker);
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(5, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
