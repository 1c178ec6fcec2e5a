package org.bloomery.aging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bloomery.aging.WindowRun.item;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.Race;
import org.junit.jupiter.api.Test;

/**
 * The promise under concurrent adds and queries, on real threads started together: four writers add
 * distinct items over ten windows while two readers (and each writer, for its own items) query items
 * that are provably still within the window, and none may be reported absent.
 *
 * <p>Within the window is proven without knowing the order the filter gave the adds. For a count
 * window: a writer reads {@code returned} (adds that had returned) before its add; every one of those
 * took its position before this add, so the add's position is at least that mark. Every add
 * increments {@code started} before it begins, so a reader that reads {@code started} after its query
 * has an upper bound on the adds made by then; if the bound minus the mark is at most W, the item was
 * within the last W adds throughout the query. For a time window: the writer reads the clock before
 * its add, the reader after its query; if they are at most T apart, so were the add and the query.
 */
class WindowConcurrencyTest {
    private static final int WRITERS = 4;
    private static final int READERS = 2;

    @Test
    void aCountWindowLosesNoItemWithinTheWindow() throws InterruptedException {
        int window = 20_000;
        int perWriter = 10 * window / WRITERS;
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(window, 0.01).withOption("window", "" + window),
                KeyHasher.longs());
        AtomicLong started = new AtomicLong();
        AtomicLong returned = new AtomicLong();
        run(filter, perWriter, (w, i) -> {
            started.incrementAndGet();
            long mark = returned.get();
            filter.addHash(item(key(w, i)));
            returned.incrementAndGet();
            return mark;
        }, mark -> started.get() - mark <= window);
        assertThat(filter.approximateCount()).isEqualTo(window);
    }

    /**
     * A window of 64 adds rotates every 16: a rotation that published its generation before clearing
     * the slot would lose the adds that wrote into it first, and the writers' own queries right after
     * their adds would see it.
     */
    @Test
    void aSmallCountWindowRotatingEverySixteenAddsLosesNoItem() throws InterruptedException {
        int window = 64;
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(window, 0.01).withOption("window", "" + window),
                KeyHasher.longs());
        AtomicLong started = new AtomicLong();
        AtomicLong returned = new AtomicLong();
        run(filter, 100_000, (w, i) -> {
            started.incrementAndGet();
            long mark = returned.get();
            filter.addHash(item(key(w, i)));
            returned.incrementAndGet();
            return mark;
        }, mark -> started.get() - mark <= window);
    }

    @Test
    void aTimeWindowLosesNoItemWithinTheWindow() throws InterruptedException {
        long window = 1000;
        AtomicLong clock = new AtomicLong(0);
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(2000, 0.01).withOption("windowMillis", "" + window),
                KeyHasher.longs(), clock::get);
        // Each writer moves the clock 1 ms every 8 of its adds: the four add about 8 items per ms, 8,000
        // per window, four times n, so the generations take four times their share and grow.
        run(filter, 25_000, (w, i) -> {
            if (i % 8 == 7) {
                clock.incrementAndGet();
            }
            long mark = clock.get();
            filter.addHash(item(key(w, i)));
            return mark;
        }, mark -> clock.get() - mark <= window);
        assertThat(filter.info().perGeneration()).anySatisfy(g -> assertThat(g.layers()).isGreaterThan(1));
    }

    private static long key(int writer, int i) {
        return ((long) writer << 32) | i;
    }

    /** Adds one item and returns its mark: what a reader needs to tell whether it is still within the window. */
    private interface Add {
        long add(int writer, int i);
    }

    /** Whether an item of this mark was within the window throughout a query that just ended. */
    private interface InWindow {
        boolean test(long mark);
    }

    private static void run(AgingFilter<Long> filter, int perWriter, Add add, InWindow inWindow)
            throws InterruptedException {
        long[][] marks = new long[WRITERS][perWriter];
        AtomicInteger[] published = new AtomicInteger[WRITERS];
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong checked = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            published[w] = new AtomicInteger();
            threads.add(new Thread(() -> {
                Race.await(start);
                for (int i = 0; i < perWriter && failure.get() == null; i++) {
                    marks[writer][i] = add.add(writer, i);
                    // The volatile write publishes the mark to the readers.
                    published[writer].set(i + 1);
                    check(filter, writer, i, marks[writer][i], inWindow, failure, checked);
                }
            }));
        }
        for (int r = 0; r < READERS; r++) {
            long seed = WindowRun.SEED + r;
            threads.add(new Thread(() -> {
                Race.await(start);
                SplittableRandom random = new SplittableRandom(seed);
                boolean writing = true;
                while (writing && failure.get() == null) {
                    writing = false;
                    for (int w = 0; w < WRITERS; w++) {
                        int upTo = published[w].get();
                        writing |= upTo < perWriter;
                        if (upTo == 0) {
                            continue;
                        }
                        // The newest, and one a little older that may be near the window's edge.
                        check(filter, w, upTo - 1, marks[w][upTo - 1], inWindow, failure, checked);
                        int older = Math.max(0, upTo - 1 - random.nextInt(Math.min(upTo, 8_000)));
                        check(filter, w, older, marks[w][older], inWindow, failure, checked);
                    }
                }
            }));
        }
        Race.run(threads, start, failure);
        assertThat(checked.get()).as("queries of items within the window").isGreaterThan((long) WRITERS * perWriter / 2);
    }

    private static void check(AgingFilter<Long> filter, int writer, int i, long mark, InWindow inWindow,
            AtomicReference<Throwable> failure, AtomicLong checked) {
        boolean present = filter.mightContainHash(item(key(writer, i)));
        if (inWindow.test(mark)) {
            checked.incrementAndGet();
            if (!present) {
                failure.compareAndSet(null, new AssertionError("false negative within the window for writer "
                        + writer + " item #" + i + " (mark " + mark + "): " + filter));
            }
        }
    }
}
