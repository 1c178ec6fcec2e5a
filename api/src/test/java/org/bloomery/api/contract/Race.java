package org.bloomery.api.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Real threads started together on one latch, for the tests of thread safety: every worker waits on
 * the latch ({@link #await}), {@link #run} releases them all at once, waits for them, and fails the
 * test on the first error any of them met.
 */
public final class Race {
    private Race() {
    }

    /**
     * Starts the threads, opens the latch they wait on, joins them, and asserts that each finished
     * within 2 minutes and that none recorded a failure (an uncaught exception is recorded too).
     *
     * @param threads the workers, not yet started; each begins with {@link #await} on {@code start}
     * @param start the latch they wait on
     * @param failure where workers record the first failure
     * @throws InterruptedException if the test thread is interrupted while joining
     */
    public static void run(List<Thread> threads, CountDownLatch start, AtomicReference<Throwable> failure)
            throws InterruptedException {
        threads.forEach(t -> t.setUncaughtExceptionHandler((thread, e) -> failure.compareAndSet(null, e)));
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join(TimeUnit.MINUTES.toMillis(2));
            assertThat(t.isAlive()).as("thread finished within 2 minutes").isFalse();
        }
        assertThat(failure.get()).as("failure in a worker thread").isNull();
    }

    /**
     * Waits for the start; an interrupt ends the worker with an exception that {@link #run} records.
     *
     * @param latch the start latch
     */
    public static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
