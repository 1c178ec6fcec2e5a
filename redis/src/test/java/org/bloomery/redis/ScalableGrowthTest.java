package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.scalable.ScalableFilter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;

/**
 * Growth by 1,000× with 8 client threads, each on its own connection and its own filter object,
 * adding disjoint items in batches into one shared {@code redis-scalable} filter. The default run
 * grows from a first capacity of 100 to 100,000 items (ten layers, as from 1,000 to 1,000,000);
 * {@code -Dbloomery.slowTests=true} grows from 1,000 to 1,000,000. One client first adds the first
 * 0.7% of the items in order (filling the first three layers the same way in every run); the eight
 * then race for the rest, adding the other seven layers.
 *
 * <p>Every add answers either "found" or the {@code BF.CARD} right after it, which is the order in
 * which the server applied the new items. A single-threaded in-process {@code scalable} filter
 * replays them in that order and then offers the "found" ones again: each must answer as on the
 * server, and the replay must end with the same layers, the same count and, byte for byte, the
 * same snapshot. So the concurrent adds lost nothing, counted nothing twice and added every layer
 * once.
 */
class ScalableGrowthTest {
    private static final long SEED = 0x6A0_3A1EL;
    private static final int THREADS = 8;
    private static final int BATCH = 1_000;
    private static final boolean SLOW = Boolean.getBoolean("bloomery.slowTests");
    private static final long CAPACITY = SLOW ? 1_000 : 100;
    private static final int ITEMS = (int) (CAPACITY * 1_000);
    private static final double ERROR_RATE = 0.01;
    /**
     * Items one client adds, in order, before the eight start: they fill the first three layers
     * (capacities 1, 2 and 4 times the first). Those layers are small and carry the largest error
     * rates (0.5%, 0.25%, 0.125%), so the grown filter's fpp depends on which items they hold: when
     * the racing clients filled them, the first layer held the first batch of whichever client the
     * server ran first, and the in-process filter grown the same way measured 0.785% to 0.998%
     * over 2,000,000 probes for the eight possible first clients (and one run of this test 1.024%
     * over 10,000,000). With this prefix, six random orders of the other items measured 0.873% to
     * 0.881%.
     */
    private static final int PREFIX = (int) (7 * CAPACITY);
    /**
     * Fresh keys probed on the replay (whose answers are the shared filter's: its snapshot is
     * byte for byte the same). At an fpp of about 0.88%, 2,000,000 probes expect 17,600 positives
     * with a standard deviation of 133, so the bound of 1% (20,000) stands 18 sigma above: only a
     * filter that broke it fails. {@code -Dbloomery.slowTests=true} probes 10,000,000 (40 sigma).
     */
    private static final long PROBES = SLOW ? 10_000_000 : 2_000_000;
    /** Fresh keys asked of the shared filter itself, each compared with the replay's answer. */
    private static final int SHARED_PROBES = 50_000;

    @BeforeEach
    void flush() {
        RedisServer.shared().flush();
    }

    @Test
    void eightClientsGrowItAThousandFoldAsOneClientWould() throws Exception {
        FilterSpec spec = FilterSpec.of(CAPACITY, ERROR_RATE);
        // Each batch is one call, whose deadline is the timeout; eight clients growing one filter
        // resend often (every layer added makes the others' runs stale): give them time on a loaded
        // machine.
        FilterSpec patient = spec.withOption("timeoutMillis", "60000");
        long[] hashes = new long[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
        }
        long[] answers = new long[ITEMS];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<JedisPooled> clients = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            JedisPooled client = RedisServer.shared().client();
            clients.add(client);
            RedisScalableFilter<Long> filter = RedisFilters.scalable(client, "grown", patient, KeyHasher.longs());
            int thread = t;
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    // Thread t adds items PREFIX + t, PREFIX + t + 8, ..., a batch at a time.
                    for (int first = PREFIX + thread; first < ITEMS; first += THREADS * BATCH) {
                        int count = Math.min(BATCH, (ITEMS - first + THREADS - 1) / THREADS);
                        long[] batch = new long[count];
                        for (int j = 0; j < count; j++) {
                            batch[j] = hashes[first + j * THREADS];
                        }
                        long[] reply = filter.addHashes("add batch", batch, true);
                        for (int j = 0; j < count; j++) {
                            answers[first + j * THREADS] = reply[j];
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        JedisPooled first = RedisServer.shared().client();
        clients.add(first);
        long[] prefix = Arrays.copyOf(hashes, PREFIX);
        System.arraycopy(RedisFilters.scalable(first, "grown", patient, KeyHasher.longs()).addHashes("add batch", prefix, true), 0,
                answers, 0, PREFIX);
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(failure.get()).isNull();

        try (JedisPooled reader = RedisServer.shared().client()) {
            RedisScalableFilter<Long> shared = RedisFilters.scalable(reader, "grown", patient, KeyHasher.longs());
            assertThat(shared.mightContainAllHashes(hashes)).as("false negatives").doesNotContain(false);

            // The new items in the order the server applied them: their answers are 1..card.
            long card = shared.approximateCount();
            long[] order = new long[(int) card];
            Arrays.fill(order, -1);
            for (int i = 0; i < ITEMS; i++) {
                if (answers[i] > 0) {
                    assertThat(order[(int) answers[i] - 1]).as("count %d answered twice", answers[i]).isEqualTo(-1);
                    order[(int) answers[i] - 1] = i;
                }
            }
            assertThat(Arrays.stream(order).filter(i -> i < 0).count()).as("counts from 1 to BF.CARD = %d never"
                    + " answered", card).isZero();

            ScalableFilter<Long> replay = ScalableFilter.create(spec, KeyHasher.longs());
            for (long i : order) {
                assertThat(replay.addHash(hashes[(int) i])).as("replayed new item #%d", i).isTrue();
            }
            for (int i = 0; i < ITEMS; i++) {
                if (answers[i] == 0) {
                    assertThat(replay.addHash(hashes[i])).as("replayed found item #%d", i).isFalse();
                }
            }
            RedisScalableInfo info = shared.info();
            assertThat(info.layers()).isEqualTo(replay.info().layers()).isEqualTo(10);
            assertThat(info.itemsInserted()).isEqualTo(card).isEqualTo(replay.approximateCount());
            assertThat(FilterBytes.of(shared)).as("the shared filter's snapshot").isEqualTo(FilterBytes.of(replay));

            long[] fresh = new long[SHARED_PROBES];
            for (int i = 0; i < SHARED_PROBES; i++) {
                fresh[i] = KeyHasher.hashLong(TestKeys.absentLong(SEED, i));
            }
            boolean[] sharedAnswers = shared.mightContainAllHashes(fresh);
            for (int i = 0; i < SHARED_PROBES; i++) {
                assertThat(sharedAnswers[i]).as("fresh key #%d", i).isEqualTo(replay.mightContainHash(fresh[i]));
            }
            long positives = 0;
            for (long i = 0; i < PROBES; i++) {
                positives += replay.mightContainHash(KeyHasher.hashLong(TestKeys.absentLong(SEED, i))) ? 1 : 0;
            }
            assertThat(positives / (double) PROBES).as("fpp over %d fresh keys", PROBES).isLessThanOrEqualTo(ERROR_RATE);
        } finally {
            clients.forEach(JedisPooled::close);
        }
    }
}
