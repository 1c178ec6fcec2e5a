package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.TestKeys;
import redis.clients.jedis.UnifiedJedis;

/**
 * Readers racing repeated uploads of a sharded filter. The old filter holds set A and the new set
 * B (disjoint); every batch query probes all of A ∪ B, and its answers must equal, item for item,
 * either the local old filter's answers or the local new filter's (false positives included, since
 * both are fixed filters): a batch that read some shards before a switch and some after differs
 * from both, because each shard holds items of A that the new filter lacks ({@link
 * #everyShardTellsTheFiltersApart} checks it), so the assertion fails on any mix and has nothing to
 * be flaky about.
 */
final class UploadRace {
    static final int ITEMS = 2_000;
    private static final long SEED = 0x5EED_0A7L;

    final MembershipFilter<Long> old;
    final MembershipFilter<Long> next;
    final long[] probes;
    final boolean[] oldAnswers;
    final boolean[] newAnswers;

    UploadRace(FilterSpec spec) {
        old = Filters.create("classic", spec, KeyHasher.longs());
        next = Filters.create("classic", spec, KeyHasher.longs());
        probes = new long[2 * ITEMS];
        for (int i = 0; i < 2 * ITEMS; i++) {
            probes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
            (i < ITEMS ? old : next).addHash(probes[i]);
        }
        oldAnswers = answers(old);
        newAnswers = answers(next);
    }

    private boolean[] answers(MembershipFilter<Long> filter) {
        boolean[] answers = new boolean[probes.length];
        for (int i = 0; i < probes.length; i++) {
            answers[i] = filter.mightContainHash(probes[i]);
        }
        return answers;
    }

    /**
     * The spec a reader of the race opens the name with: a batch that meets two uploads is read
     * again until its deadline, and back-to-back uploads on a loaded machine can keep it reading
     * for a while, so the deadline is long.
     */
    static FilterSpec patient(FilterSpec spec, int shards) {
        return spec.withOption("shards", Integer.toString(shards)).withOption("timeoutMillis", "30000");
    }

    /** Every shard holds a probe the two filters answer differently: a mix of any shard shows. */
    void everyShardTellsTheFiltersApart(RedisCellsFilter<Long> shared) {
        boolean[] differs = new boolean[shared.keys().size() - 1];
        for (int i = 0; i < probes.length; i++) {
            differs[shared.shardOf(probes[i])] |= oldAnswers[i] != newAnswers[i];
        }
        for (int s = 0; s < differs.length; s++) {
            assertThat(differs[s]).as("shard %d holds a probe the filters answer differently", s).isTrue();
        }
    }

    /** @return "old", "new", or a description of the mix */
    String classify(boolean[] answers) {
        if (Arrays.equals(answers, oldAnswers)) {
            return "old";
        }
        if (Arrays.equals(answers, newAnswers)) {
            return "new";
        }
        int a = 0;
        int b = 0;
        for (int i = 0; i < answers.length; i++) {
            a += i < ITEMS && answers[i] ? 1 : 0;
            b += i >= ITEMS && answers[i] ? 1 : 0;
        }
        return "a mix: " + a + " of the " + ITEMS + " items of A and " + b + " of B present";
    }

    /**
     * Uploads the new and the old filter in turn, {@code uploads} times, under the reader's name
     * while {@code threads} threads query batches of A ∪ B through it, and asserts that every batch
     * saw the old filter or the new one.
     *
     * @return how many batches were answered while the uploads ran
     */
    long run(UnifiedJedis uploader, RedisCellsFilter<Long> reader, int shards, int uploads, int threads)
            throws InterruptedException, java.io.IOException {
        everyShardTellsTheFiltersApart(reader);
        AtomicBoolean uploading = new AtomicBoolean(true);
        AtomicLong batches = new AtomicLong();
        AtomicReference<String> mix = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> readers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    while (uploading.get()) {
                        String seen = classify(reader.mightContainAllHashes(probes));
                        if (!seen.equals("old") && !seen.equals("new")) {
                            mix.compareAndSet(null, seen);
                        }
                        batches.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            thread.start();
            readers.add(thread);
        }
        start.countDown();
        try {
            for (int u = 0; u < uploads; u++) {
                RedisFilters.upload(uploader, reader.name(), shards, u % 2 == 0 ? next : old);
            }
        } finally {
            uploading.set(false);
            for (Thread thread : readers) {
                thread.join(30_000);
            }
        }
        assertThat(failure.get()).as("a reader's failure").isNull();
        assertThat(mix.get()).as("what a batch saw").isNull();
        assertThat(batches.get()).as("batches answered during the uploads").isPositive();
        return batches.get();
    }
}
