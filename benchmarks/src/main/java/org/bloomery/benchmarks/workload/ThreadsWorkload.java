package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.keys.Keys;

/**
 * {@code threads}: query throughput of the contestants safe for concurrent use. Each is filled once
 * with n keys; each round then queries the n present and n absent keys with one thread, and again
 * split over the plan's threads, started together by a latch. The time is the wall clock from the
 * start signal until the last thread is done, so the figure is the throughput of all threads
 * together.
 */
final class ThreadsWorkload {
    private ThreadsWorkload() {
    }

    static List<Heat> heats(Plan plan, KeyType type) {
        List<Lane> lanes = plan.incremental().stream().filter(e -> e.can(Ability.CONCURRENT))
                .<Lane>map(e -> new ThreadsLane(plan, e, type)).toList();
        return lanes.isEmpty() ? List.of() : List.of(new Heat("fpp " + plan.firstFpp(), lanes));
    }

    /** One filled contestant, queried at 1 thread and at the plan's threads each round. */
    private static final class ThreadsLane implements Lane {
        private final Plan plan;
        private final Trial single;
        private final Trial many;
        private Contestant filled;

        ThreadsLane(Plan plan, Entrant entrant, KeyType type) {
            this.plan = plan;
            this.single = new Trial(entrant, type);
            this.many = new Trial(entrant, type);
        }

        @Override
        public String name() {
            return single.entrant().name();
        }

        @Override
        public void pass(KeyPools keys, int round) {
            int n = plan.n();
            if (round == 0) {
                filled = single.entrant().create(single.keyType(), n, plan.firstFpp());
                keys.present().addTo(filled, 0, n);
            }
            for (Trial trial : List.of(single, many)) {
                int threads = trial == single ? 1 : plan.threads();
                trial.round(filled);
                if (round == 0) {
                    trial.measureSize();
                }
                query(trial, threads, Phase.QUERY_PRESENT, keys.present(), n);
                query(trial, threads, Phase.QUERY_ABSENT, keys.absent(), n);
                trial.endRound();
            }
            if (round == plan.rounds() - 1) {
                filled = null;
            }
        }

        /** Queries keys [0, count) split evenly over the threads and records the phase. */
        private static void query(Trial trial, int threads, Phase phase, Keys keys, int count) {
            Contestant contestant = trial.contestant();
            AtomicLong found = new AtomicLong();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> workers = new ArrayList<>(threads);
            for (int t = 0; t < threads; t++) {
                int from = TrialLane.sliceStart(count, t, threads);
                int to = TrialLane.sliceStart(count, t + 1, threads);
                workers.add(new Thread(() -> {
                    try {
                        awaitQuietly(start);
                        found.addAndGet(keys.countContained(contestant, from, to));
                    } catch (RuntimeException | Error e) {
                        failure.compareAndSet(null, e);
                    }
                }, "threads-workload-" + t));
            }
            workers.forEach(Thread::start);
            long begin = System.nanoTime();
            start.countDown();
            for (Thread worker : workers) {
                joinQuietly(worker);
            }
            long nanos = System.nanoTime() - begin;
            if (failure.get() != null) {
                // A lost thread's keys would count as false negatives: fail the run instead.
                throw new IllegalStateException(trial.entrant().name() + " failed under " + threads + " threads",
                        failure.get());
            }
            long events = phase == Phase.QUERY_PRESENT ? count - found.get() : found.get();
            trial.record(phase, count, events, nanos);
        }

        private static void awaitQuietly(CountDownLatch latch) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted before the start signal", e);
            }
        }

        private static void joinQuietly(Thread thread) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + thread.getName(), e);
            }
        }

        @Override
        public List<Result> results() {
            List<Result> rows = new ArrayList<>();
            rows.add(single.result(Workload.THREADS, plan.n(), plan.firstFpp(), plan.n(), 1, List.of(), ""));
            rows.add(many.result(Workload.THREADS, plan.n(), plan.firstFpp(), plan.n(), plan.threads(), List.of(),
                    ""));
            return rows;
        }
    }
}
