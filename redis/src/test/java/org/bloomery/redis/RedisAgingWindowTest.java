package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomery.aging.AgingFilter;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.JedisPooled;

/**
 * The window's promise through Redis, against the real server and its real clock (nothing is
 * injected): a count window answers, counts and snapshots exactly as the in-process {@code aging}
 * kind fed the same adds; no false negative within a count window over 100,000 adds (10^7 with
 * {@code -Dbloomery.slowTests=true}); a time window of one second at a tenth of n, n and ten times n
 * items per window, for two and a half windows; two handles on independent connections see one window; a generation's key
 * deleted is a typed error.
 */
class RedisAgingWindowTest extends OnSharedServer {
    private static final boolean SLOW = Boolean.getBoolean("bloomery.slowTests");
    private static final long SEED = 0xA61_4ED15L;
    private static final double P = 0.01;
    /** How far the server's clock (its {@code TIME}) and this JVM's may differ on one host, with rounding. */
    private static final long CLOCK_MARGIN_MILLIS = 50;

    private static long item(long i) {
        return KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
    }

    private static long[] items(long from, int count) {
        long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = item(from + i);
        }
        return hashes;
    }

    private static long[] absent(long from, int count) {
        long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.absentLong(SEED, from + i));
        }
        return hashes;
    }

    private static double positives(boolean[] answers) {
        int positives = 0;
        for (boolean answer : answers) {
            positives += answer ? 1 : 0;
        }
        return positives;
    }

    /**
     * Batches of random sizes (crossing generations inside a script run and inside a pipeline),
     * single adds, and repeats of items still in the window: every add's answer, every query, the
     * count, the info and the snapshot's bytes equal the in-process kind's.
     */
    @ParameterizedTest(name = "layout={0}")
    @ValueSource(strings = {"standard", "blocked"})
    void aCountWindowAnswersCountsAndSnapshotsExactlyAsTheInProcessKind(String layout) throws Exception {
        FilterSpec spec = FilterSpec.of(2_000, P).withOption("window", "2000").withOption("layout", layout);
        RedisAgingFilter<Long> shared = RedisFilters.aging(client, "same", spec, KeyHasher.longs());
        AgingFilter<Long> local = AgingFilter.create(spec, KeyHasher.longs());
        SplittableRandom random = new SplittableRandom(SEED);
        long next = 0;
        long[] never = absent(0, 2_000);
        // Every add's hash, in order: the window is the last 2,000 of them.
        long[] adds = new long[20_000];
        int count = 0;
        while (next < 12_000) {
            int size = 1 + random.nextInt(1_500);
            long[] batch = items(next, size);
            next += size;
            if (count > 0) {
                // A repeat of an item in the window, which stays for another window.
                batch[0] = adds[count - 1 - random.nextInt(Math.min(count, 1_500))];
            }
            boolean[] expected = new boolean[size];
            for (int i = 0; i < size; i++) {
                expected[i] = local.addHash(batch[i]);
                adds[count++] = batch[i];
            }
            assertThat(shared.addAllHashes(batch)).as("batch adds up to #%d", count).isEqualTo(expected);
            assertThat(shared.addHash(item(next))).as("single add #%d", count).isEqualTo(local.addHash(item(next)));
            adds[count++] = item(next++);
            long[] probes = Arrays.copyOfRange(adds, Math.max(0, count - 3_000), count);
            boolean[] want = new boolean[probes.length];
            local.mightContainHashes(probes, 0, probes.length, want);
            assertThat(shared.mightContainAllHashes(probes)).as("the last 3,000 adds after #%d", count).isEqualTo(want);
            int inWindow = Math.min(count, 2_000);
            assertThat(Arrays.copyOfRange(want, want.length - inWindow, want.length)).as("the window").containsOnly(true);
            local.mightContainHashes(never, 0, never.length, want = new boolean[never.length]);
            assertThat(shared.mightContainAllHashes(never)).as("never-added keys").isEqualTo(want);
        }
        assertThat(shared.mightContainHash(adds[count - 1])).isTrue();
        assertThat(shared.approximateCount()).isEqualTo(local.approximateCount()).isEqualTo(2_000);
        assertThat(shared.info()).as("the same fields as the in-process info").usingRecursiveComparison()
                .isEqualTo(local.info());
        assertThat(shared.bitSize()).isEqualTo(local.bitSize());
        assertThat(shared.expectedFpp()).isCloseTo(local.expectedFpp(), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(FilterBytes.of(shared)).as("the snapshot").isEqualTo(FilterBytes.of(local));
        shared.clear();
        local.clear();
        assertThat(FilterBytes.of(shared)).as("the snapshot after a clear").isEqualTo(FilterBytes.of(local));
    }

    /**
     * A stream of adds in batches, the whole last window queried after each batch: never a false
     * negative, and items older than the window and its slack are answered present no more often
     * than never-added ones.
     */
    @Test
    void noFalseNegativeWithinACountWindowOverManyAdds() {
        int window = SLOW ? 100_000 : 10_000;
        long total = SLOW ? 10_000_000 : 100_000;
        int batch = 10_000;
        int checkEvery = SLOW ? 10 : 1;
        FilterSpec spec = FilterSpec.of(window, P).withOption("window", Integer.toString(window))
                .withOption("timeoutMillis", "60000");
        RedisAgingFilter<Long> filter = RedisFilters.aging(client, "stream", spec, KeyHasher.longs());
        long next = 0;
        for (int round = 1; next < total; round++) {
            filter.addAllHashes(items(next, batch));
            next += batch;
            if (round % checkEvery == 0) {
                int inWindow = (int) Math.min(next, window);
                boolean[] answers = filter.mightContainAllHashes(items(next - inWindow, inWindow));
                for (int i = 0; i < answers.length; i++) {
                    if (!answers[i]) {
                        throw new AssertionError("false negative within the window: item #" + (next - inWindow + i)
                                + " after " + next + " adds: " + filter);
                    }
                }
            }
        }
        RedisAgingInfo info = filter.info();
        assertThat(info.slack()).isEqualTo(window / 4);
        int probes = 20_000;
        double forgotten = positives(filter.mightContainAllHashes(items(next - window - info.slack() - probes, probes)));
        assertThat(forgotten / probes).as("items older than the window and its slack, still present").isLessThanOrEqualTo(1.3 * P);
        double never = positives(filter.mightContainAllHashes(absent(0, probes)));
        // 20,000 probes at 1%: 200 expected, standard deviation 14; 1.3p is 4 sigma above p.
        assertThat(never / probes).as("fpp over %d never-added keys", probes).isLessThanOrEqualTo(1.3 * P);
        assertThat(filter.approximateCount()).isEqualTo(window);
    }

    /**
     * A window of one second of the server's clock, fed in real time at a tenth of n, n and ten times
     * n items per window for two and a half windows: after each batch of adds, a query of the items sent in the
     * last window and its slack finds every item added within the last second (an item counts from
     * when its batch was sent until the query's answer came back, so no skew between the test's clock
     * and the server's can make a present item look absent); items older than the window and its
     * slack are present only as false positives; at ten times n a generation grows, and the fpp over
     * never-added keys still meets the target.
     */
    @ParameterizedTest(name = "{0} items per window")
    @ValueSource(ints = {100, 1_000, 10_000})
    void aTimeWindowOfTheServersClockKeepsEveryItemOfTheLastWindowAtAnyRate(int perWindow) throws Exception {
        int n = 1_000;
        long windowMillis = 1_000;
        FilterSpec spec = FilterSpec.of(n, P).withOption("windowMillis", Long.toString(windowMillis))
                .withOption("timeoutMillis", "10000");
        RedisAgingFilter<Long> filter = RedisFilters.aging(client, "time-" + perWindow, spec, KeyHasher.longs());
        long slack = filter.info().slack();
        assertThat(slack).isEqualTo(windowMillis / 4);
        List<long[]> batches = new ArrayList<>();
        int added = 0;
        int oldProbes = 0;
        int oldPositives = 0;
        int maxLayers = 1;
        long count = 0;
        long countAsked = 0;
        long countAnswered = 0;
        long start = System.currentTimeMillis();
        long end = start + 5 * windowMillis / 2;
        while (System.currentTimeMillis() < end) {
            Thread.sleep(50);
            int due = (int) ((System.currentTimeMillis() - start) * perWindow / windowMillis) - added;
            if (due <= 0) {
                continue;
            }
            long sent = System.currentTimeMillis();
            filter.addAllHashes(items(added, due));
            batches.add(new long[] {added, due, sent, System.currentTimeMillis()});
            added += due;
            countAsked = System.currentTimeMillis();
            count = filter.approximateCount();
            countAnswered = System.currentTimeMillis();

            List<long[]> recent = new ArrayList<>();
            List<long[]> old = new ArrayList<>();
            long asked = System.currentTimeMillis();
            for (long[] b : batches) {
                if (b[2] >= asked - windowMillis - slack - 100) {
                    recent.add(b);
                } else if (asked - b[3] >= windowMillis + slack) {
                    old.add(b);
                }
            }
            // At most about 2,000 probes a round, so the rounds keep pace with the rate: the oldest
            // candidates (the window's edge) whole, and every stride-th item of the rest.
            long[] candidates = recent.stream().flatMapToLong(b -> java.util.stream.LongStream.range(b[0], b[0] + b[1]))
                    .toArray();
            int stride = Math.max(1, candidates.length / 1_000);
            long[] probed = java.util.stream.IntStream.range(0, candidates.length)
                    .filter(i -> i < 1_000 || i % stride == 0 || i == candidates.length - 1)
                    .mapToLong(i -> candidates[i]).toArray();
            long[] probes = Arrays.stream(probed).map(RedisAgingWindowTest::item).toArray();
            boolean[] answers = filter.mightContainAllHashes(probes);
            long answered = System.currentTimeMillis();
            int at = 0;
            for (long[] b : recent) {
                for (; at < probed.length && probed[at] < b[0] + b[1]; at++) {
                    if (b[2] >= answered - windowMillis && !answers[at]) {
                        throw new AssertionError("false negative within the window: item #" + probed[at] + ", sent "
                                + (answered - b[2]) + " ms before the query's answer, at " + perWindow
                                + " items per window: " + filter);
                    }
                }
            }
            if (!old.isEmpty()) {
                long[] b = old.get(old.size() - 1);
                boolean[] forgotten = filter.mightContainAllHashes(items(b[0], (int) Math.min(b[1], 500)));
                oldProbes += forgotten.length;
                oldPositives += (int) positives(forgotten);
            }
            for (RedisAgingInfo.Generation generation : filter.info().perGeneration()) {
                maxLayers = Math.max(maxLayers, generation.layers());
            }
        }
        // The count prorates the oldest live generation, so it is bounded by the batches' times, not by
        // the rate: a batch sent a span or more after the window's start lies in a generation counted
        // whole, and nothing older than the window, its slack and one span is counted at all. Bounds
        // from the batches themselves hold however late a busy machine ran the loop (a rate-based
        // bound failed on a loaded machine, where a stalled round left one batch in the window).
        long span = filter.info().generationSpan();
        long surely = 0;
        long atMost = 0;
        for (long[] b : batches) {
            if (b[2] >= countAnswered - windowMillis + span + CLOCK_MARGIN_MILLIS) {
                surely += b[1];
            }
            if (b[3] >= countAsked - windowMillis - slack - span - CLOCK_MARGIN_MILLIS) {
                atMost += b[1];
            }
        }
        // An add that finds its bits set already (a false positive, at most about p) is not counted.
        assertThat(count).as("items in the last window").isPositive()
                .isBetween((long) Math.floor(surely * (1 - 3 * P)), atMost);
        assertThat(oldProbes).as("probes of items older than the window and its slack").isPositive();
        // Few probes at the lowest rate: a bound a filter that kept its old items would still fail.
        assertThat((double) oldPositives / oldProbes).as("items older than the window and its slack, still present")
                .isLessThanOrEqualTo(perWindow < n ? 0.05 : 2 * P);
        int probes = 20_000;
        assertThat(positives(filter.mightContainAllHashes(absent(0, probes))) / probes)
                .as("fpp over %d never-added keys", probes).isLessThanOrEqualTo(1.3 * P);
        if (perWindow < n) {
            assertThat(maxLayers).as("the most layers a generation had at a tenth of n").isEqualTo(1);
        } else if (perWindow > n) {
            assertThat(maxLayers).as("the most layers a generation had at ten times n").isGreaterThan(1);
        }
    }

    /**
     * Two handles of one filter on independent connections, adding in turn: each finds every item of
     * the last window whoever added it, both answer every probe alike, and both count the same
     * window; a time window's handles agree on it too.
     */
    @Test
    void twoHandlesOnIndependentConnectionsSeeOneWindow() throws Exception {
        try (JedisPooled other = RedisServer.shared().client()) {
            FilterSpec spec = FilterSpec.of(1_000, P).withOption("window", "1000");
            RedisAgingFilter<Long> a = RedisFilters.aging(client, "both", spec, KeyHasher.longs());
            RedisAgingFilter<Long> b = RedisFilters.aging(other, "both", spec, KeyHasher.longs());
            long next = 0;
            for (int round = 0; round < 12; round++) {
                (round % 2 == 0 ? a : b).addAllHashes(items(next, 300));
                next += 300;
                int inWindow = (int) Math.min(next, 1_000);
                long[] probes = items(next - inWindow, inWindow);
                assertThat(a.mightContainAllHashes(probes)).containsOnly(true);
                assertThat(b.mightContainAllHashes(probes)).containsOnly(true);
                long[] older = items(0, (int) next);
                assertThat(b.mightContainAllHashes(older)).isEqualTo(a.mightContainAllHashes(older));
                assertThat(b.approximateCount()).isEqualTo(a.approximateCount()).isEqualTo(inWindow);
            }
            assertThat(b.info()).isEqualTo(a.info());

            FilterSpec timed = FilterSpec.of(1_000, P).withOption("windowMillis", "400");
            RedisAgingFilter<Long> ta = RedisFilters.aging(client, "both-timed", timed, KeyHasher.longs());
            RedisAgingFilter<Long> tb = RedisFilters.aging(other, "both-timed", timed, KeyHasher.longs());
            long[] early = items(100_000, 200);
            ta.addAllHashes(early);
            long[] late = items(200_000, 200);
            int agreed = 0;
            long until = System.currentTimeMillis() + 1_200;
            while (System.currentTimeMillis() < until) {
                Thread.sleep(20);
                tb.addAllHashes(late);
                // A generation may start between two queries: compare b's answers with a's only when
                // a's answers before and after agree (answers only change when a generation starts).
                boolean[] before = ta.mightContainAllHashes(early);
                boolean[] middle = tb.mightContainAllHashes(early);
                boolean[] after = ta.mightContainAllHashes(early);
                if (Arrays.equals(before, after)) {
                    assertThat(middle).isEqualTo(before);
                    agreed++;
                }
                assertThat(ta.mightContainAllHashes(late)).containsOnly(true);
            }
            assertThat(agreed).isPositive();
            assertThat(positives(tb.mightContainAllHashes(early))).as("the early items, forgotten by both")
                    .isEqualTo(positives(ta.mightContainAllHashes(early))).isLessThan(20);
        }
    }

    /**
     * A time window's grown layer deleted, or a generation's key overwritten at its length, is a
     * typed error for adds, queries and opening alike, and nothing is rewritten.
     */
    @Test
    void aGenerationsKeyDeletedOrOverwrittenIsATypedError() {
        FilterSpec spec = FilterSpec.of(1_000, P).withOption("windowMillis", "60000");
        RedisAgingFilter<Long> filter = RedisFilters.aging(client, "damaged", spec, KeyHasher.longs());
        long[] burst = items(0, 3_000);
        filter.addAllHashes(burst);
        List<String> keys = filter.keys();
        String grown = keys.stream().filter(key -> key.endsWith(":1")).findFirst().orElseThrow();
        client.del(grown);
        assertThatThrownBy(() -> filter.mightContainHash(burst[0])).isInstanceOf(RedisDataLostException.class)
                .hasMessageContaining(grown).hasMessageContaining("missing");
        assertThatThrownBy(() -> filter.addAllHashes(burst)).isInstanceOf(RedisDataLostException.class)
                .satisfies(e -> assertThat(((RedisFilterException) e).firstUnconfirmed()).hasValue(0));
        assertThat(client.exists(grown)).as("a failed call recreates nothing").isFalse();

        RedisAgingFilter<Long> other = RedisFilters.aging(client, "overwritten", spec, KeyHasher.longs());
        other.addAllHashes(burst);
        // The first layer of the generation that took the burst (a query reads only generations that
        // hold items).
        long took = other.info().perGeneration().stream()
                .max(java.util.Comparator.comparingLong(RedisAgingInfo.Generation::items)).orElseThrow().epoch();
        String first = "bloomery:{overwritten}:gen:" + Math.floorMod(took, 5) + ":0";
        assertThat(other.keys()).contains(first);
        byte[] noise = new byte[(int) client.strlen(first)];
        new java.util.Random(SEED).nextBytes(noise);
        client.set(first.getBytes(java.nio.charset.StandardCharsets.UTF_8), noise);
        assertThatThrownBy(() -> other.mightContainAllHashes(burst)).isInstanceOf(RedisDataLostException.class)
                .hasMessageContaining(first);
        assertThatThrownBy(() -> RedisFilters.aging(client, "overwritten", spec, KeyHasher.longs()))
                .isInstanceOf(RedisDataLostException.class).hasMessageContaining(first);
    }
}
