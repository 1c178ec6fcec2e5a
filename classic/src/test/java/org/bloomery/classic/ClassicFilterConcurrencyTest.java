package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * Adds, queries, merges and writes from many real threads at once lose no item: afterwards the
 * bits equal those of a single-threaded build of the same keys, and no reader ever misses a key
 * whose add had already been published to it.
 */
class ClassicFilterConcurrencyTest {
    private static final long SEED = 0xC0_C0A1L;
    private static final int WRITERS = 4;
    private static final int PER_WRITER = 100_000;
    private static final int TOTAL = WRITERS * PER_WRITER;
    private static final FilterSpec SPEC = FilterSpec.of(TOTAL, 0.01);

    private static long hashOf(int writer, long i) {
        return KeyHasher.hashLong(TestKeys.presentLong(SEED + writer, i));
    }

    /** The filter a single thread builds from the first {@code perWriter} keys of every writer. */
    private static ClassicFilter<Long> sequentialBuild(int writers, int perWriter) {
        ClassicFilter<Long> filter = ClassicFilter.create(SPEC, KeyHasher.longs());
        for (int w = 0; w < writers; w++) {
            for (long i = 0; i < perWriter; i++) {
                filter.addHash(hashOf(w, i));
            }
        }
        return filter;
    }

    @Test
    void writersAddingDisjointKeysWhileReadersQueryLoseNothing() throws Exception {
        ClassicFilter<Long> filter = ClassicFilter.create(SPEC, KeyHasher.longs());
        // Writer w has added its keys [0, published[w]); the volatile write after each add makes
        // the add happen-before any query that reads the new count.
        AtomicLongArray published = new AtomicLongArray(WRITERS);
        CountDownLatch writing = new CountDownLatch(WRITERS);
        AtomicLong readerChecks = new AtomicLong();
        List<StartTogether.Role> roles = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            roles.add(() -> {
                for (long i = 0; i < PER_WRITER; i++) {
                    filter.addHash(hashOf(writer, i));
                    published.set(writer, i + 1);
                }
                writing.countDown();
            });
        }
        for (int r = 0; r < 2; r++) {
            SplittableRandom random = new SplittableRandom(SEED + r);
            roles.add(() -> {
                while (writing.getCount() > 0) {
                    int writer = random.nextInt(WRITERS);
                    long added = published.get(writer);
                    if (added == 0) {
                        continue;
                    }
                    long i = random.nextLong(added);
                    assertThat(filter.mightContainHash(hashOf(writer, i)))
                            .as("published key %d of writer %d", i, writer).isTrue();
                    readerChecks.incrementAndGet();
                }
            });
        }

        StartTogether.run(roles);

        assertThat(readerChecks.get()).as("queries made while writers ran").isPositive();
        for (int w = 0; w < WRITERS; w++) {
            for (long i = 0; i < PER_WRITER; i++) {
                if (!filter.mightContainHash(hashOf(w, i))) {
                    throw new AssertionError("false negative for key " + i + " of writer " + w);
                }
            }
        }
        assertThat(FilterBytes.of(filter)).as("bits after concurrent adds")
                .isEqualTo(FilterBytes.of(sequentialBuild(WRITERS, PER_WRITER)));
        assertThat((double) filter.approximateCount()).isBetween(0.9 * TOTAL, 1.1 * TOTAL);
    }

    @Test
    void mergesRacingWithAddsLoseNothing() throws Exception {
        ClassicFilter<Long> filter = ClassicFilter.create(SPEC, KeyHasher.longs());
        // Writers 0 and 1 add to the filter directly; the keys of writers 2 and 3 arrive as four
        // filters of half a writer each, merged in by another thread meanwhile.
        List<ClassicFilter<Long>> parts = new ArrayList<>();
        for (int w = 2; w < WRITERS; w++) {
            for (int half = 0; half < 2; half++) {
                ClassicFilter<Long> part = ClassicFilter.create(SPEC, KeyHasher.longs());
                for (long i = half * PER_WRITER / 2; i < (half + 1) * PER_WRITER / 2; i++) {
                    part.addHash(hashOf(w, i));
                }
                parts.add(part);
            }
        }
        List<StartTogether.Role> roles = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            int writer = w;
            roles.add(() -> {
                for (long i = 0; i < PER_WRITER; i++) {
                    filter.addHash(hashOf(writer, i));
                }
            });
        }
        roles.add(() -> parts.forEach(filter::mergeFrom));

        StartTogether.run(roles);

        assertThat(FilterBytes.of(filter)).as("bits after merges racing with adds")
                .isEqualTo(FilterBytes.of(sequentialBuild(WRITERS, PER_WRITER)));
    }

    @Test
    void writesDuringAddsAreConsistentSnapshots() throws Exception {
        ClassicFilter<Long> filter = ClassicFilter.create(SPEC, KeyHasher.longs());
        AtomicLongArray published = new AtomicLongArray(2);
        AtomicLong snapshots = new AtomicLong();
        List<StartTogether.Role> roles = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            int writer = w;
            roles.add(() -> {
                for (long i = 0; i < 2 * PER_WRITER; i++) {
                    filter.addHash(hashOf(writer, i));
                    published.set(writer, i + 1);
                }
            });
        }
        roles.add(() -> {
            for (int s = 0; s < 6; s++) {
                long[] before = {published.get(0), published.get(1)};
                // The body's set-bit count is checked against its words on reading: a write that
                // mixed counts and words from different moments would not read back.
                ClassicFilter<Long> snapshot = ClassicFilter.readFrom(
                        new ByteArrayInputStream(FilterBytes.of(filter)), KeyHasher.longs());
                for (int w = 0; w < 2; w++) {
                    for (long i = 0; i < before[w]; i++) {
                        if (!snapshot.mightContainHash(hashOf(w, i))) {
                            throw new AssertionError("snapshot " + s + " lost key " + i + " of writer " + w);
                        }
                    }
                }
                snapshots.incrementAndGet();
            }
        });

        StartTogether.run(roles);

        assertThat(snapshots.get()).isEqualTo(6);
    }
}
