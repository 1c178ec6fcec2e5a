package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.Race;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.bloom.BloomProbes;
import org.bloomery.bloom.BloomShape;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.JedisPooled;

/**
 * Two clients on separate connections share one filter while one adds and the other queries; then
 * the raw client proves the cells sit where the in-process kind puts them, and that the Redis
 * string is byte for byte the in-process kind's snapshot body.
 */
class ProbePositionsTest {
    private static final long SEED = 0x5EED_12L;
    private static final int ITEMS = 5_000;
    private static JedisPooled writerClient;
    private static JedisPooled readerClient;

    @BeforeAll
    static void connect() {
        writerClient = RedisServer.shared().client();
        readerClient = RedisServer.shared().client();
    }

    @AfterAll
    static void disconnect() {
        writerClient.close();
        readerClient.close();
    }

    @BeforeEach
    void flush() {
        RedisServer.shared().flush();
    }

    private static RedisCellsFilter<CharSequence> open(String localKind, JedisPooled client, FilterSpec spec) {
        return localKind.equals("classic") ? RedisFilters.classic(client, "shared", spec, KeyHasher.strings())
                : RedisFilters.counting(client, "shared", spec, KeyHasher.strings());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"classic", "counting"})
    void aReaderOnAnotherConnectionSeesEveryCompletedAddAndTheCellsAreTheInProcessKinds(String localKind)
            throws InterruptedException {
        FilterSpec spec = FilterSpec.of(ITEMS, 0.01);
        RedisCellsFilter<CharSequence> writer = open(localKind, writerClient, spec);
        RedisCellsFilter<CharSequence> reader = open(localKind, readerClient, spec);
        AtomicInteger completed = new AtomicInteger();
        AtomicLong checks = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        Thread adder = new Thread(() -> {
            Race.await(start);
            for (int i = 0; i < ITEMS; i++) {
                writer.add(key(i));
                completed.set(i + 1);
            }
        });
        Thread querier = new Thread(() -> {
            Race.await(start);
            SplittableRandom random = new SplittableRandom(SEED);
            while (completed.get() < ITEMS) {
                int done = completed.get();
                if (done == 0) {
                    continue;
                }
                // The latest completed add, and one earlier one: both must answer present.
                for (int i : new int[] {done - 1, random.nextInt(done)}) {
                    if (!reader.mightContain(key(i))) {
                        failure.compareAndSet(null, new AssertionError("reader missed completed add #" + i));
                    }
                    checks.incrementAndGet();
                }
            }
        });
        List<Thread> threads = List.of(adder, querier);
        threads.forEach(t -> t.setUncaughtExceptionHandler((thread, e) -> failure.compareAndSet(null, e)));
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join(60_000);
            assertThat(t.isAlive()).isFalse();
        }
        assertThat(failure.get()).isNull();
        assertThat(checks.get()).as("queries made while the adds ran").isPositive();

        MembershipFilter<CharSequence> local = Filters.create(localKind, spec, KeyHasher.strings());
        for (int i = 0; i < ITEMS; i++) {
            local.add(key(i));
        }
        String shard = writer.keys().get(1);
        // Raw positions, without this module's code: bit i of the classic kind is Redis bit i ^ 63;
        // counter i of the counting kind is the u4 field at Redis bit 4 * (i ^ 15).
        long m = writer.cells();
        for (int i = 0; i < 200; i++) {
            long hash = KeyHasher.hashString(key(i));
            long g = hash;
            List<String> args = new ArrayList<>();
            for (int p = 0; p < writer.hashes(); p++, g += BloomProbes.step(hash)) {
                long position = BloomProbes.position(g, m);
                if (localKind.equals("classic")) {
                    assertThat(readerClient.getbit(shard, position ^ 63)).as("bit %d of key #%d", position, i).isTrue();
                } else {
                    args.addAll(List.of("GET", "u4", Long.toString((position ^ 15) << 2)));
                }
            }
            if (!args.isEmpty()) {
                assertThat(readerClient.bitfieldReadonly(shard, args.toArray(String[]::new)))
                        .as("counters of key #%d", i).allSatisfy(counter -> assertThat(counter).isPositive());
            }
        }
        byte[] snapshot = FilterBytes.of(local);
        int body = FilterBytes.bodyOffset(snapshot) + BloomShape.CELLS_OFFSET; // m, k, layout, zeros to a cache line
        byte[] words = Arrays.copyOfRange(snapshot, body, body + (int) (writer.bitSize() / 8));
        byte[] stored = readerClient.get(shard.getBytes(StandardCharsets.UTF_8));
        assertThat(Arrays.copyOf(stored, words.length)).as("the Redis string against the in-process kind's words")
                .isEqualTo(words);
        assertThat(stored).as("cells, then the trailer").hasSize(words.length + KeyTrailer.BYTES);
        assertThat(FilterBytes.of(reader)).as("the shared filter's snapshot against the in-process kind's")
                .isEqualTo(snapshot);
    }

    @Test
    void countingSaturationAndRemovalFollowTheInProcessRulesStepByStep() {
        // 256 counters and 4 probes, so counters collide, saturate at 15 and meet zero often.
        FilterSpec spec = FilterSpec.of(100, 0.05).withOption("counters", "256").withOption("hashes", "4");
        RedisCellsFilter<CharSequence> shared = RedisFilters.counting(writerClient, "rules", spec, KeyHasher.strings());
        MembershipFilter<CharSequence> local = Filters.create("counting", spec, KeyHasher.strings());
        SplittableRandom random = new SplittableRandom(SEED);
        for (int step = 0; step < 3_000; step++) {
            String key = key(random.nextInt(60));
            boolean add = random.nextInt(3) != 0;
            boolean expected = add ? local.add(key) : local.remove(key);
            boolean actual = add ? shared.add(key) : shared.remove(key);
            assertThat(actual).as("step %d: %s %s", step, add ? "add" : "remove", key).isEqualTo(expected);
        }
        assertThat(FilterBytes.of(shared)).isEqualTo(FilterBytes.of(local));
    }

    @Test
    void batchesAnswerAsSingleOperations() {
        FilterSpec spec = FilterSpec.of(ITEMS, 0.01);
        RedisCellsFilter<CharSequence> batched = RedisFilters.classic(writerClient, "batched", spec, KeyHasher.strings());
        RedisCellsFilter<CharSequence> single = RedisFilters.classic(writerClient, "single", spec, KeyHasher.strings());
        List<CharSequence> keys = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            keys.add(key(i % (ITEMS / 2)));
        }
        int added = batched.addAll(keys);
        int addedSingly = 0;
        for (CharSequence key : keys) {
            addedSingly += single.add(key) ? 1 : 0;
        }
        assertThat(added).isEqualTo(addedSingly).isLessThanOrEqualTo(ITEMS / 2);
        long[] probes = new long[20_000];
        for (int i = 0; i < probes.length; i++) {
            probes[i] = KeyHasher.hashString(i < ITEMS ? key(i) : TestKeys.string(TestKeys.absentLong(SEED, i)));
        }
        boolean[] answers = batched.mightContainAllHashes(probes);
        for (int i = 0; i < probes.length; i++) {
            assertThat(answers[i]).as("probe #%d", i).isEqualTo(single.mightContainHash(probes[i]));
        }
        assertThat(FilterBytes.of(batched)).isEqualTo(FilterBytes.of(single));
    }

    private static String key(int i) {
        return TestKeys.string(TestKeys.presentLong(SEED, i));
    }
}
