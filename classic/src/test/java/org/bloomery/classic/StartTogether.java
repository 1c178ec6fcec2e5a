package org.bloomery.classic;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs tasks of different roles on real threads, one thread each, released at once by a latch. */
final class StartTogether {
    /** One thread's work. */
    @FunctionalInterface
    interface Role {
        void run() throws Exception;
    }

    private StartTogether() {
    }

    /**
     * Runs every role on its own thread and waits for all of them.
     *
     * @throws Exception the first failure of any role, or a timeout after two minutes (a hang)
     */
    static void run(List<Role> roles) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(roles.size());
        try {
            List<Future<?>> running = new ArrayList<>();
            for (Role role : roles) {
                running.add(pool.submit(() -> {
                    start.await();
                    role.run();
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : running) {
                f.get(2, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
