package org.bloomery.api.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The write contract, on top of {@link MembershipFilterContract}'s read contract, for every kind
 * that adds after construction ({@link Capability#ADD}): no false negatives and the target fpp at
 * capacity, counts, removes, clear, snapshots of a filter built by adds, batches past capacity and
 * concurrent use. An implementation module extends it with one line naming its kind.
 */
public abstract class MutableFilterContract extends MembershipFilterContract {
    @Test
    void theKindAddsAfterConstruction() {
        assertThat(addsAfterConstruction())
                .as("kind '%s' has no Capability.ADD: its test must extend MembershipFilterContract alone", kind())
                .isTrue();
    }

    @ParameterizedTest(name = "fpp={0}")
    @MethodSource("fpps")
    void longKeysAtCapacityHaveNoFalseNegativesAndMeetTheFpp(double fpp) {
        MembershipFilter<Long> filter = create(items(), fpp, KeyHasher.longs());
        long[] present = TestKeys.presentLongs(SEED, items());
        int falseAdds = 0;
        for (int i = 0; i < items(); i++) {
            // Half through the item method, half through the hash twin: both must agree.
            boolean added = (i & 1) == 0 ? filter.add(present[i]) : filter.addHash(KeyHasher.hashLong(present[i]));
            falseAdds += added ? 0 : 1;
        }
        for (int i = 0; i < items(); i++) {
            long key = present[i];
            if (!filter.mightContain(key) || !filter.mightContainHash(KeyHasher.hashLong(key))) {
                throw new AssertionError("false negative for present key #" + i + " = " + key);
            }
        }
        // A new item's add answers false only when it is a false positive at that moment, which
        // is rarer than at capacity: 2·fpp·N is a loose bound that still catches a constant false.
        assertThat(falseAdds).as("adds of new items that answered false").isLessThanOrEqualTo((int) (2 * fpp * items()));
        int probes = probes(fpp);
        long positives = 0;
        for (int i = 0; i < probes; i++) {
            positives += filter.mightContainHash(KeyHasher.hashLong(TestKeys.absentLong(SEED, i))) ? 1 : 0;
        }
        assertThat((double) positives / probes).as("measured fpp over %d absent keys", probes)
                .isLessThanOrEqualTo(FPP_TOLERANCE * fpp);
        assertThat(filter.expectedFpp()).as("expectedFpp at capacity").isPositive()
                .isLessThanOrEqualTo(FPP_TOLERANCE * fpp);
    }

    @ParameterizedTest(name = "fpp={0}")
    @MethodSource("fpps")
    void stringKeysAtCapacityHaveNoFalseNegativesAndMeetTheFpp(double fpp) {
        MembershipFilter<CharSequence> filter = create(items(), fpp, KeyHasher.strings());
        for (int i = 0; i < items(); i++) {
            filter.add(TestKeys.string(TestKeys.presentLong(SEED, i)));
        }
        for (int i = 0; i < items(); i++) {
            String key = TestKeys.string(TestKeys.presentLong(SEED, i));
            if (!filter.mightContain(key)) {
                throw new AssertionError("false negative for present key #" + i + " = " + key);
            }
        }
        int probes = probes(fpp); // see probesFor for why this many
        long positives = 0;
        for (int i = 0; i < probes; i++) {
            positives += filter.mightContain(TestKeys.string(TestKeys.absentLong(SEED, i))) ? 1 : 0;
        }
        assertThat((double) positives / probes).as("measured fpp over %d absent keys", probes)
                .isLessThanOrEqualTo(FPP_TOLERANCE * fpp);
    }

    @ParameterizedTest(name = "fpp={0}")
    @MethodSource("fpps")
    void approximateCountIsWithinTenPercent(double fpp) {
        MembershipFilter<Long> filter = create(items(), fpp, KeyHasher.longs());
        assertThat(filter.approximateCount()).isZero();
        assertThat(filter.expectedFpp()).isZero();
        for (int step = 1; step <= 4; step++) {
            int count = items() * step / 4;
            for (int i = items() * (step - 1) / 4; i < count; i++) {
                filter.add(TestKeys.presentLong(SEED, i));
            }
            assertThat((double) filter.approximateCount()).as("approximateCount after %d distinct adds", count)
                    .isBetween(0.9 * count, 1.1 * count);
        }
    }

    /**
     * Sized at four times the items: kinds that keep duplicates (cuckoo) store the second add too,
     * and pairs of copies confined to the same two buckets fill a cuckoo table well below its usual
     * load.
     */
    @Test
    void addingAnItemAgainAnswersFalse() {
        MembershipFilter<CharSequence> filter = create(4000, 0.01, KeyHasher.strings());
        for (int i = 0; i < 1000; i++) {
            String key = TestKeys.string(TestKeys.presentLong(SEED, i));
            filter.add(key);
            assertThat(filter.add(key)).as("second add of %s", key).isFalse();
        }
    }

    @Test
    void removeFollowsTheCapability() {
        MembershipFilter<CharSequence> filter = create(items(), 0.01, KeyHasher.strings());
        if (!filter.capabilities().contains(Capability.REMOVE)) {
            filter.add("x");
            assertThatThrownBy(() -> filter.remove("x")).isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining(kind());
            assertThatThrownBy(() -> filter.removeHash(1L)).isInstanceOf(UnsupportedOperationException.class);
            assertThat(filter.mightContain("x")).isTrue();
            return;
        }
        int n = items() / 2;
        for (int i = 0; i < n; i++) {
            filter.add(TestKeys.string(TestKeys.presentLong(SEED, i)));
        }
        for (int i = 0; i < n; i += 2) {
            assertThat(filter.remove(TestKeys.string(TestKeys.presentLong(SEED, i)))).as("remove of added key #%d", i).isTrue();
        }
        long stillPositive = 0;
        for (int i = 0; i < n; i++) {
            boolean present = filter.mightContain(TestKeys.string(TestKeys.presentLong(SEED, i)));
            if (i % 2 == 1 && !present) {
                throw new AssertionError("false negative for kept key #" + i + " after removing others");
            }
            stillPositive += (i % 2 == 0 && present) ? 1 : 0;
        }
        // 25,000 removed keys; at half load the fpp is far below 1%, so 5% (1,250) is a loose bound
        // that fails only if removal does not remove.
        assertThat(stillPositive).as("removed keys still reported present").isLessThan(n / 2 / 20);
        int absentRemoves = 0;
        for (int i = 0; i < 10_000; i++) {
            String absent = TestKeys.string(TestKeys.absentLong(SEED, i));
            if (!filter.mightContain(absent)) {
                assertThat(filter.remove(absent)).as("remove of definitely absent %s", absent).isFalse();
                absentRemoves++;
            }
        }
        assertThat(absentRemoves).isGreaterThan(9_000);
        for (int i = 1; i < n; i += 2) {
            if (!filter.mightContain(TestKeys.string(TestKeys.presentLong(SEED, i)))) {
                throw new AssertionError("false negative for kept key #" + i + " after removes of absent keys");
            }
        }
    }

    @Test
    void clearEmptiesTheFilter() {
        MembershipFilter<Long> filter = create(10_000, 0.01, KeyHasher.longs());
        long bits = filter.bitSize();
        for (int i = 0; i < 10_000; i++) {
            filter.add(TestKeys.presentLong(SEED, i));
        }
        filter.clear();
        assertThat(filter.approximateCount()).isZero();
        assertThat(filter.expectedFpp()).isZero();
        assertThat(filter.bitSize()).isEqualTo(bits);
        for (int i = 0; i < 10_000; i++) {
            assertThat(filter.mightContain(TestKeys.presentLong(SEED, i))).isFalse();
        }
        assertThat(filter.add(TestKeys.presentLong(SEED, 0))).isTrue();
        assertThat(filter.mightContain(TestKeys.presentLong(SEED, 0))).isTrue();
    }

    @ParameterizedTest(name = "fpp={0}")
    @MethodSource("fpps")
    void writeThenReadAnswersIdentically(double fpp) throws IOException {
        MembershipFilter<CharSequence> filter = create(items(), fpp, KeyHasher.strings());
        for (int i = 0; i < items(); i++) {
            filter.add(TestKeys.string(TestKeys.presentLong(SEED, i)));
        }
        byte[] bytes = FilterBytes.of(filter);
        // A marker after the envelope proves readFrom consumes exactly one envelope.
        byte[] withTrailer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        withTrailer[bytes.length] = 0x42;
        InputStream in = new ByteArrayInputStream(withTrailer);
        MembershipFilter<CharSequence> read = Filters.readFrom(in, KeyHasher.strings());
        assertThat(in.read()).as("the byte after the envelope").isEqualTo(0x42);

        assertThat(read.kind()).isEqualTo(snapshotKind());
        if (snapshotKind().equals(kind())) {
            assertThat(read.spec()).isEqualTo(filter.spec());
            assertThat(read.capabilities()).isEqualTo(filter.capabilities());
        } else {
            assertThat(read.spec().expectedInsertions()).isEqualTo(filter.spec().expectedInsertions());
            assertThat(read.spec().fpp()).isEqualTo(filter.spec().fpp());
        }
        assertThat(read.bitSize()).isEqualTo(filter.bitSize());
        assertThat(read.approximateCount()).isEqualTo(filter.approximateCount());
        assertThat(read.expectedFpp()).isEqualTo(filter.expectedFpp());
        for (int i = 0; i < items(); i++) {
            String key = TestKeys.string(TestKeys.presentLong(SEED, i));
            if (!read.mightContain(key)) {
                throw new AssertionError("false negative after round trip for key #" + i);
            }
        }
        int probes = probes(fpp);
        for (int i = 0; i < probes; i++) {
            long hash = KeyHasher.hashString(TestKeys.string(TestKeys.absentLong(SEED, i)));
            if (read.mightContainHash(hash) != filter.mightContainHash(hash)) {
                throw new AssertionError("answers differ after round trip for absent key #" + i);
            }
        }
        assertThat(FilterBytes.of(read)).as("bytes written again").isEqualTo(bytes);
        MembershipFilter<CharSequence> viaProvider =
                Filters.provider(snapshotKind()).orElseThrow().readFrom(new ByteArrayInputStream(bytes), KeyHasher.strings());
        assertThat(viaProvider.bitSize()).isEqualTo(filter.bitSize());
        // The read filter keeps working.
        String extra = TestKeys.string(TestKeys.absentLong(SEED + 1, 0));
        read.add(extra);
        assertThat(read.mightContain(extra)).isTrue();
    }

    /**
     * The batch query still answers as the single queries after ten times the expected insertions
     * were offered one by one: a kind that grows has several layers or tables by then, one that
     * cannot holds what it accepted.
     */
    @Test
    void batchQueryAnswersAsSingleQueriesPastCapacity() {
        MembershipFilter<Long> filter = create(500, 0.01, KeyHasher.longs());
        long[] hashes = new long[10_000];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = KeyHasher.hashLong((i & 1) == 0 ? TestKeys.presentLong(SEED, i / 2) : TestKeys.absentLong(SEED, i));
            if ((i & 1) == 0) {
                try {
                    filter.addHash(hashes[i]);
                } catch (org.bloomery.api.FilterFullException full) {
                    // A kind that cannot grow refuses the rest; the answers are compared all the same.
                }
            }
        }
        boolean[] out = new boolean[hashes.length];
        filter.mightContainHashes(hashes, 0, hashes.length, out);
        for (int i = 0; i < hashes.length; i++) {
            if (out[i] != filter.mightContainHash(hashes[i])) {
                throw new AssertionError("batch answer " + out[i] + " at index " + i + " differs from the single query");
            }
        }
    }

    @Test
    void concurrentUseLosesNoItem() throws InterruptedException {
        MembershipFilter<Long> filter = create(items(), 0.01, KeyHasher.longs());
        if (!filter.capabilities().contains(Capability.CONCURRENT)) {
            return;
        }
        boolean removes = filter.capabilities().contains(Capability.REMOVE);
        int writers = 4;
        int perWriter = items() / 8;
        long[] preloaded = TestKeys.presentLongs(SEED + 7, items() / 4);
        for (long key : preloaded) {
            filter.add(key);
        }
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong readerChecks = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            long seed = SEED + 100 + w;
            threads.add(new Thread(() -> {
                Race.await(start);
                for (int i = 0; i < perWriter; i++) {
                    filter.addHash(KeyHasher.hashLong(TestKeys.presentLong(seed, i)));
                }
                if (removes) {
                    for (int i = 0; i < perWriter; i += 2) {
                        if (!filter.removeHash(KeyHasher.hashLong(TestKeys.presentLong(seed, i)))) {
                            failure.compareAndSet(null, new AssertionError("remove of added key failed"));
                        }
                    }
                }
            }));
        }
        for (int r = 0; r < 2; r++) {
            threads.add(new Thread(() -> {
                Race.await(start);
                for (int round = 0; round < 4; round++) {
                    for (long key : preloaded) {
                        if (!filter.mightContainHash(KeyHasher.hashLong(key))) {
                            failure.compareAndSet(null, new AssertionError("reader saw a false negative for " + key));
                        }
                    }
                    readerChecks.addAndGet(preloaded.length);
                }
            }));
        }
        Race.run(threads, start, failure);
        assertThat(readerChecks.get()).isEqualTo(8L * preloaded.length);
        for (long key : preloaded) {
            assertThat(filter.mightContain(key)).isTrue();
        }
        for (int w = 0; w < writers; w++) {
            for (int i = removes ? 1 : 0; i < perWriter; i += removes ? 2 : 1) {
                long key = TestKeys.presentLong(SEED + 100 + w, i);
                if (!filter.mightContain(key)) {
                    throw new AssertionError("false negative after concurrent use for writer " + w + " key #" + i);
                }
            }
        }
    }

    /**
     * One writer adds items (and, for a kind that removes, adds and removes other items between
     * them) and publishes how far it got through a volatile write every 256 items; three readers
     * query the items below the published mark, the newest and random older ones, and must never
     * see a false negative. The mark is the happens-before edge a single-writer filter promises to
     * honour.
     */
    @Test
    void oneWriterAndReadersSeeEveryPublishedItem() throws InterruptedException {
        MembershipFilter<Long> filter = create(items(), 0.01, KeyHasher.longs());
        assumeTrue(oneWriterManyReaders() && !filter.capabilities().contains(Capability.CONCURRENT),
                "only for a single-writer spec; concurrentUseLosesNoItem covers concurrent filters");
        boolean removes = filter.capabilities().contains(Capability.REMOVE);
        long[] keys = TestKeys.presentLongs(SEED + 11, items());
        long[] churn = TestKeys.presentLongs(SEED + 12, items() / 4);
        AtomicInteger published = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong readerChecks = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        threads.add(new Thread(() -> {
            Race.await(start);
            for (int i = 0; i < keys.length; i++) {
                filter.addHash(KeyHasher.hashLong(keys[i]));
                if (removes && i < churn.length) {
                    filter.addHash(KeyHasher.hashLong(churn[i]));
                    if (!filter.removeHash(KeyHasher.hashLong(churn[i]))) {
                        failure.compareAndSet(null, new AssertionError("remove of an added key failed"));
                    }
                }
                if ((i & 255) == 255 || i == keys.length - 1) {
                    published.set(i + 1);
                }
            }
        }));
        for (int r = 0; r < 3; r++) {
            long seed = SEED + 20 + r;
            threads.add(new Thread(() -> {
                Race.await(start);
                SplittableRandom random = new SplittableRandom(seed);
                int mark;
                do {
                    mark = published.get();
                    for (int i = Math.max(0, mark - 512); i < mark; i++) {
                        checkPresent(filter, keys, i, failure);
                    }
                    for (int j = 0; j < 512 && mark > 0; j++) {
                        checkPresent(filter, keys, random.nextInt(mark), failure);
                    }
                    readerChecks.incrementAndGet();
                } while (mark < keys.length && failure.get() == null);
            }));
        }
        Race.run(threads, start, failure);
        assertThat(readerChecks.get()).isPositive();
        for (int i = 0; i < keys.length; i++) {
            checkPresent(filter, keys, i, failure);
        }
        assertThat(failure.get()).as("false negative after the writer finished").isNull();
        assertThat((double) filter.approximateCount()).as("approximateCount of %d items", keys.length)
                .isBetween(0.9 * keys.length, 1.1 * keys.length);
    }

    /**
     * A kind that can add builds from a set exactly what adding each item to a new filter gives,
     * for a set large enough ({@value #N} items) that a kind building in bulk spreads it over threads.
     */
    @Test
    void buildingEqualsAddingEachItem() {
        assumeFalse(Filters.provider(kind()).orElseThrow().capabilities().contains(Capability.SHARED),
                "builds of a shared kind from one spec meet in one shared filter");
        List<String> items = presentStrings(N, 0);
        FilterSpec spec = spec(N, 0.01);
        MembershipFilter<CharSequence> added = Filters.create(kind(), spec, KeyHasher.strings());
        assumeTrue(added.capabilities().contains(Capability.ADD), "this spec's filter cannot add");
        items.forEach(added::add);
        assertThat(FilterBytes.of(Filters.build(kind(), spec, KeyHasher.strings(), items)))
                .isEqualTo(FilterBytes.of(added));
    }
}
