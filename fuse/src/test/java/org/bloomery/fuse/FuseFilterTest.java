package org.bloomery.fuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.api.internal.SeededMix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The fuse kind's own properties: widths, space, duplicates, seed retry, small sets, threads. */
class FuseFilterTest {
    private static final long SEED = 0xF05E_0001L;
    private static final int MILLION = 1_000_000;

    private static FuseFilter<Long> built(int bits, long[] keys) {
        return built(bits, 3, keys);
    }

    private static FuseFilter<Long> built(int bits, int arity, long[] keys) {
        long[] hashes = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            hashes[i] = KeyHasher.hashLong(keys[i]);
        }
        FilterSpec spec = FilterSpec.of(Math.max(1, keys.length), 0.01).withOption("fingerprintBits", Integer.toString(bits))
                .withOption("arity", Integer.toString(arity));
        return FuseFilter.buildFromHashes(spec, KeyHasher.longs(), hashes);
    }

    /**
     * Per width: the probes and the band the measured fpp must fall in. At f = 8, 10^6 probes
     * expect 3,906 false positives (sd 62), so ±15% is over 9 sd and a filter off by 20% fails. At
     * f = 16, 2·10^7 probes expect 305 (sd 17.5), so ±35% is 6 sd. At f = 32 the expectation over
     * 10^7 probes is 0.002: any false positive at all fails, which catches a leak above ~3·10^-7.
     * Each width with 3 and with 4 slots per item.
     */
    static Stream<Arguments> widths() {
        return Stream.of(3, 4).flatMap(arity -> Stream.of(Arguments.of(8, arity, 1_000_000, 0.85, 1.15),
                Arguments.of(16, arity, 20_000_000, 0.65, 1.35), Arguments.of(32, arity, 10_000_000, 0.0, 0.0)));
    }

    @ParameterizedTest(name = "f={0} arity={1}")
    @MethodSource("widths")
    void everyWidthHoldsItsSetAndMeasuresItsFpp(int bits, int arity, int probes, double low, double high) {
        long[] keys = TestKeys.presentLongs(SEED, MILLION);
        FuseFilter<Long> filter = built(bits, arity, keys);
        assertThat(filter.fingerprintBits()).isEqualTo(bits);
        assertThat(filter.arity()).isEqualTo(arity);
        for (int i = 0; i < keys.length; i++) {
            if (!filter.mightContain(keys[i])) {
                throw new AssertionError("false negative for key #" + i + " at f = " + bits);
            }
        }
        long positives = 0;
        for (int i = 0; i < probes; i++) {
            positives += filter.mightContain(TestKeys.absentLong(SEED, i)) ? 1 : 0;
        }
        double expected = Math.scalb(1.0, -bits);
        assertThat(filter.expectedFpp()).isEqualTo(expected);
        if (bits == 32) {
            assertThat(positives).as("false positives over %d probes at f = 32", probes).isZero();
        } else {
            assertThat((double) positives / probes).as("measured fpp over %d probes at f = %d", probes, bits)
                    .isBetween(low * expected, high * expected);
        }
        // The paper's 1.13 (3-wise) or 1.08 (4-wise) times the bound, with a little room for rounding
        // to whole segments.
        double bitsPerItem = (double) filter.bitSize() / keys.length;
        assertThat(bitsPerItem).as("bits per item at f = %d, n = 10^6", bits)
                .isLessThanOrEqualTo((arity == 3 ? 1.1375 : 1.085) * bits);
        assertThat(filter.approximateCount()).isEqualTo(MILLION);
    }

    @Test
    void spaceMeetsTheTargetsAtAMillionItems() {
        long[] keys = TestKeys.presentLongs(SEED, MILLION);
        assertThat((double) built(8, keys).bitSize() / MILLION).as("bits per item at f = 8").isLessThanOrEqualTo(9.1);
        assertThat((double) built(16, keys).bitSize() / MILLION).as("bits per item at f = 16").isLessThanOrEqualTo(18.2);
        // 4-wise: 1.075 slots per item at large n, 1,077,248 slots here.
        assertThat((double) built(8, 4, keys).bitSize() / MILLION).as("4-wise bits per item at f = 8")
                .isLessThanOrEqualTo(8.62);
        assertThat((double) built(16, 4, keys).bitSize() / MILLION).as("4-wise bits per item at f = 16")
                .isLessThanOrEqualTo(17.24);
    }

    @Test
    void duplicatesAreRemovedAndCountedOnce() {
        int distinct = 20_000;
        long[] hashes = new long[distinct * 3 + 200];
        for (int i = 0; i < distinct; i++) {
            long h = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
            hashes[3 * i] = h;
            hashes[3 * i + 1] = h;
            hashes[3 * i + 2] = h;
        }
        // 200 copies of one hash: more than a slot's 6-bit count can hold.
        long heavy = KeyHasher.hashLong(TestKeys.presentLong(SEED, 0));
        for (int i = 0; i < 200; i++) {
            hashes[distinct * 3 + i] = heavy;
        }
        long[] given = hashes.clone();
        FuseFilter<Long> filter = FuseFilter.buildFromHashes(FilterSpec.of(distinct, 0.01), KeyHasher.longs(), hashes);
        assertThat(hashes).as("the caller's array").isEqualTo(given);
        assertThat(filter.approximateCount()).isEqualTo(distinct);
        assertThat(filter.bitSize()).isEqualTo(8L * FuseLayout.forItems(distinct).arrayLength());
        for (int i = 0; i < distinct; i++) {
            assertThat(filter.mightContain(TestKeys.presentLong(SEED, i))).isTrue();
        }
    }

    /**
     * The in-place partition puts the mixed hashes in order of their block, keeps every one, and
     * so visits first slots in ascending blocks.
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {0, 1, 5, 1000, 100_000})
    void partitionByBlockOrdersTheFirstSlotsBlockByBlock(int n) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(n);
        long[] mixed = random.longs(n).toArray();
        long[] before = mixed.clone();
        FuseLayout layout = FuseLayout.forItems(n);
        FuseConstruction.partitionByBlock(mixed, n, layout);
        long[] sortedBefore = before.clone();
        long[] sortedAfter = mixed.clone();
        java.util.Arrays.sort(sortedBefore);
        java.util.Arrays.sort(sortedAfter);
        assertThat(sortedAfter).as("the same hashes").isEqualTo(sortedBefore);
        int shift = 64 - FuseConstruction.blockBits(layout);
        for (int i = 1; i < n && shift < 64; i++) {
            assertThat(Long.compareUnsigned(mixed[i - 1] >>> shift, mixed[i] >>> shift)).isLessThanOrEqualTo(0);
        }
        // A block is at most one segment of first slots: (2^bits blocks) >= segments.
        assertThat(1L << (64 - shift)).isGreaterThanOrEqualTo(layout.segmentCount());
    }

    @Test
    void sortAndDeduplicateKeepsEachHashOnce() {
        long[] hashes = {5, -1, 5, 3, -1, 5, Long.MIN_VALUE};
        int distinct = FuseConstruction.sortAndDeduplicate(hashes);
        assertThat(distinct).isEqualTo(4);
        assertThat(java.util.Arrays.copyOf(hashes, distinct)).containsExactly(Long.MIN_VALUE, -1, 3, 5);
        assertThat(FuseConstruction.sortAndDeduplicate(new long[0])).isZero();
    }

    /**
     * Forces a retry: searches (deterministically) for a seed at which a small set fails to peel,
     * starts the build there, and checks the filter moved on to another seed, kept it through a
     * write and read, and holds the set.
     */
    @ParameterizedTest(name = "arity={0}")
    @ValueSource(ints = {3, 4})
    void aFailedPeelingRetriesWithTheNextSeedAndKeepsIt(int arity) throws IOException {
        long[] hashes = new long[40];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
        }
        long failing = FuseConstruction.FIRST_SEED;
        int tries = 0;
        while (FuseConstruction.build(hashes.clone(), 8, arity, failing).attempts() == 1) {
            failing = SeededMix.nextSeed(failing);
            assertThat(++tries).as("seeds searched for a failing one").isLessThan(100_000);
        }
        FilterSpec spec = FilterSpec.of(40, 0.01).withOption("arity", Integer.toString(arity));
        FuseFilter<Long> filter = FuseFilter.buildOwning(spec, KeyHasher.longs(), hashes.clone(), failing);
        assertThat(filter.seed()).isNotEqualTo(failing);
        for (int i = 0; i < hashes.length; i++) {
            assertThat(filter.mightContainHash(hashes[i])).as("hash #%d after a retry", i).isTrue();
        }
        FuseFilter<Long> read = FuseFilter.readFrom(new ByteArrayInputStream(FilterBytes.of(filter)), KeyHasher.longs());
        assertThat(read.seed()).isEqualTo(filter.seed());
        for (int i = 0; i < 100_000; i++) {
            long hash = KeyHasher.hashLong(TestKeys.absentLong(SEED, i));
            if (read.mightContainHash(hash) != filter.mightContainHash(hash)) {
                throw new AssertionError("answers differ after round trip for absent key #" + i);
            }
        }
    }

    /**
     * 10^6 probes of the empty set: at f = 8 a leak of 2^-8 would show about 3,900 false positives.
     * Its expected fpp is 0 too, not the 2^-f of a filter with items.
     */
    @ParameterizedTest(name = "f={0}")
    @ValueSource(ints = {8, 16, 32})
    void theEmptySetAnswersFalseForEveryItem(int bits) throws IOException {
        FuseFilter<Long> built = built(bits, bits == 16 ? 4 : 3, new long[0]);
        MembershipFilter<Long> created = Filters.create("fuse", FilterSpec.of(10, 0.01)
                .withOption("fingerprintBits", Integer.toString(bits)), KeyHasher.longs());
        FuseFilter<Long> read = FuseFilter.readFrom(new ByteArrayInputStream(FilterBytes.of(built)),
                KeyHasher.longs());
        for (MembershipFilter<Long> filter : List.of(built, created, read)) {
            assertThat(filter.approximateCount()).isZero();
            assertThat(filter.expectedFpp()).isZero();
            for (long i = 0; i < 1_000_000; i++) {
                if (filter.mightContain(i)) {
                    throw new AssertionError("the empty set answered true for " + i + " at f = " + bits);
                }
            }
        }
    }

    @ParameterizedTest(name = "arity={0}")
    @ValueSource(ints = {3, 4})
    void everySmallSetBuilds(int arity) {
        for (int n = 0; n <= 600; n++) {
            long[] keys = TestKeys.presentLongs(SEED + n, n);
            FuseFilter<Long> filter = built(8, arity, keys);
            assertThat(filter.approximateCount()).isEqualTo(n);
            for (long key : keys) {
                if (!filter.mightContain(key)) {
                    throw new AssertionError("false negative in a set of " + n);
                }
            }
        }
    }

    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.5, 0.01, 0x1p-8, 0.0039, 0x1p-16, 1e-6, 0x1p-32})
    void theDefaultWidthIsTheSmallestThatMeetsTheFpp(double fpp) {
        int bits = FuseFilter.fingerprintBits(FilterSpec.of(10, fpp));
        assertThat(Math.scalb(1.0, -bits)).isLessThanOrEqualTo(fpp);
        if (bits > 8) {
            assertThat(Math.scalb(1.0, -bits / 2)).isGreaterThan(fpp);
        }
    }

    @Test
    void badOptionsAndUnreachableFppsAreRejected() {
        assertThatThrownBy(() -> FuseFilter.fingerprintBits(FilterSpec.of(10, 0.01).withOption("fingerprintBits", "12")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("8, 16 or 32").hasMessageContaining("12");
        assertThatThrownBy(() -> FuseFilter.fingerprintBits(FilterSpec.of(10, 0.01).withOption("fingerprintBits", "64")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("64");
        assertThatThrownBy(() -> Filters.create("fuse", FilterSpec.of(10, 1e-12), KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2^-32").hasMessageContaining("1.0E-12");
        for (String arity : List.of("2", "5", "three")) {
            assertThatThrownBy(() -> Filters.create("fuse", FilterSpec.of(10, 0.01).withOption("arity", arity),
                    KeyHasher.longs())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("arity")
                    .hasMessageContaining(arity);
        }
        assertThatThrownBy(() -> Filters.create("fuse", FilterSpec.of(10, 0.01).withOption("segments", "4"),
                KeyHasher.longs())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("segments");
    }

    /**
     * The estimate for 10^8 items at f = 8, with the build's own copy of the hashes and the
     * caller's, stays within the comparison tool's 4 GiB heap less the heap check's 1/16 headroom
     * (run by hand: {@code Filters.buildFromHashes} of 10^8 hashes passed under {@code -Xmx4g}).
     */
    @Test
    void buildMemoryIsStatedAndAHundredMillionItemsFitFourGigabytes() {
        long items = 100_000_000L;
        long needed = FuseBuildMemory.bytesFor(items, FuseLayout.forItems(items), 8);
        assertThat(needed).as("bytes per item beyond the hashes").isBetween(15 * items, 16 * items);
        assertThat(needed + 2 * 8 * items).isLessThan((4L << 30) - (4L << 30) / 16);
    }

    @Test
    void aStaticFilterRefusesChangesAndNamesTheWayOut() {
        FuseFilter<Long> filter = built(8, TestKeys.presentLongs(SEED, 100));
        assertThatThrownBy(() -> filter.add(1L)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("Filters.build");
        assertThatThrownBy(() -> filter.remove(1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(filter::clear).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void manyThreadsQueryAtOnce() throws InterruptedException {
        long[] keys = TestKeys.presentLongs(SEED, 100_000);
        MembershipFilter<Long> filter = built(16, keys);
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    for (long key : keys) {
                        if (!filter.mightContain(key)) {
                            failure.compareAndSet(null, new AssertionError("false negative for " + key));
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join(TimeUnit.MINUTES.toMillis(1));
            assertThat(t.isAlive()).isFalse();
        }
        assertThat(failure.get()).isNull();
    }
}
