package org.bloomery.benchmarks.jmh;

import java.util.concurrent.TimeUnit;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.benchmarks.contestant.FastFilterConstructors;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.fastfilter.Filter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One key per call, one thread, n long keys at p = 1%: Bloomery's classic filter ({@code patterned},
 * {@code sectored} and {@code blocked} layouts, {@code writers=many} and {@code single}) and counting filter beside
 * FastFilter_java's {@code BlockedBloom} (11 bits per key) and {@code CountingBloom}, built as the
 * comparison's contestants build them ({@link FastFilterConstructors}). Each contestant is filled
 * with the n keys in setup (Bloomery by its bulk build, FastFilter by its add loop; under a minute
 * at 5·10^7); every call then takes the next key of a fixed sample, present keys from the n, absent
 * ones never added, far outside the {@code Long} cache. Take ratios within one run; under {@code
 * -prof gc} every path should show 0 B/op, the boxed ones included.
 * <pre>
 * java -Xmx6g -jar benchmarks/target/benchmarks.jar 'OneKeyBenchmark\.(query|add)' -prof gc
 * java -Xmx6g -jar benchmarks/target/benchmarks.jar 'OneKeyBenchmark\.removeAndAdd' -p contestant=counting,counting-single,fastfilter-counting
 * </pre>
 * Add {@code -jvm /usr/lib/jvm/temurin-25-jdk-amd64/bin/java} for JDK 25.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx6g")
public class OneKeyBenchmark {
    /** Keys in each query sample: more than the caches hold in any filter, so a query misses at 5·10^7. */
    private static final int SAMPLE = 1 << 20;

    /** Keys in the filter. */
    @Param({"1000000", "50000000"})
    public long n;

    /**
     * {@code patterned}, {@code sectored}, {@code blocked} (classic, {@code writers=many}), {@code
     * patterned-single}, {@code sectored-single}, {@code blocked-single} ({@code writers=single}), {@code counting} and {@code counting-single}
     * (blocked counters; FastFilter's counting filter is not thread-safe, so {@code counting-single}
     * is its like), or the peers {@code fastfilter-blocked} and {@code fastfilter-counting}.
     */
    @Param({"patterned", "patterned-single", "sectored", "sectored-single", "blocked", "blocked-single", "fastfilter-blocked", "counting",
        "counting-single", "fastfilter-counting"})
    public String contestant;

    private final long[] present = new long[SAMPLE];
    private final long[] absent = new long[SAMPLE];
    private MembershipFilter<Long> bloomery;
    private Filter fastFilter;
    private int next;

    /** Builds the contestant with the n keys and draws the samples. */
    @Setup(Level.Trial)
    public void setUp() {
        KeyGenerator generator = new KeyGenerator(BenchmarkKeys.SEED);
        long[] keys = new long[Math.toIntExact(n)];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = generator.presentLong(i);
        }
        for (int i = 0; i < SAMPLE; i++) {
            present[i] = keys[(int) ((long) i * keys.length / SAMPLE)];
            absent[i] = generator.absentLong(i);
        }
        FilterSpec spec = FilterSpec.of(n, 0.01);
        switch (contestant) {
            case "patterned", "sectored", "blocked" -> bloomery = Filters.buildFromLongs("classic",
                    spec.withOption("layout", contestant), keys);
            case "patterned-single", "sectored-single", "blocked-single" -> bloomery = Filters.buildFromLongs("classic",
                    spec.withOption("layout", contestant.substring(0, contestant.indexOf('-')))
                            .withOption("writers", "single"), keys);
            case "counting" -> bloomery = Filters.buildFromLongs("counting", spec.withOption("layout", "blocked"), keys);
            case "counting-single" -> bloomery = Filters.buildFromLongs("counting",
                    spec.withOption("layout", "blocked").withOption("writers", "single"), keys);
            case "fastfilter-blocked" -> fastFilter = filled(FastFilterConstructors.blockedBloom(n, 0.01), keys);
            case "fastfilter-counting" -> fastFilter = filled(FastFilterConstructors.countingBloom(n, 0.01), keys);
            default -> throw new IllegalArgumentException("unknown contestant " + contestant);
        }
    }

    private static Filter filled(Filter filter, long[] keys) {
        for (long key : keys) {
            filter.add(key);
        }
        return filter;
    }

    private long nextPresent() {
        return present[next++ & (SAMPLE - 1)];
    }

    private long nextAbsent() {
        return absent[next++ & (SAMPLE - 1)];
    }

    /** @return {@code mightContainLong} (FastFilter: {@code mayContain}) of a present key */
    @Benchmark
    public boolean queryPresentLong() {
        return queryLong(nextPresent());
    }

    /** @return {@code mightContainLong} (FastFilter: {@code mayContain}) of an absent key */
    @Benchmark
    public boolean queryAbsentLong() {
        return queryLong(nextAbsent());
    }

    /**
     * @return {@code mightContain(Long)} of a present key, the {@code long} boxed at the call (the call
     *     most code makes); FastFilter takes the {@code long}
     */
    @Benchmark
    public boolean queryPresentBoxed() {
        return queryBoxed(nextPresent());
    }

    /** @return {@code mightContain(Long)} of an absent key, boxed at the call; FastFilter takes the {@code long} */
    @Benchmark
    public boolean queryAbsentBoxed() {
        return queryBoxed(nextAbsent());
    }

    /**
     * {@code addLong} (FastFilter: {@code add}) of a present key, so the fill stays as built: Bloomery
     * with {@code writers=many} reads the words and makes no atomic operation; with {@code single},
     * and FastFilter (not thread-safe, so its like is {@code single}), plain reads and writes.
     *
     * @return whether the add changed the filter (Bloomery; always false here), or false
     */
    @Benchmark
    public boolean addPresent() {
        return add(nextPresent());
    }

    /**
     * {@code addLong} (FastFilter: {@code add}) of a key of the absent sample: the first pass sets new
     * bits (and with many writers makes the atomic ORs), later passes find them set. The sample is
     * 2^20 keys, so at n = 10^6 the filter ends about twice as full as built; compare within a run.
     *
     * @return whether the add changed the filter (Bloomery), or false
     */
    @Benchmark
    public boolean addAbsent() {
        return add(nextAbsent());
    }

    private boolean queryLong(long key) {
        return fastFilter != null ? fastFilter.mayContain(key) : bloomery.mightContainLong(key);
    }

    /** The box is made here, inlined into each benchmark method, as at a caller's call. */
    private boolean queryBoxed(long key) {
        return fastFilter != null ? fastFilter.mayContain(key) : bloomery.mightContain(key);
    }

    private boolean add(long key) {
        if (fastFilter != null) {
            fastFilter.add(key);
            return false;
        }
        return bloomery.addLong(key);
    }

    /**
     * A counting filter's remove of a present key, then its add again, so the fill stays as built:
     * the same pair for Bloomery's counting filter and FastFilter's {@code CountingBloom}. Only
     * {@code counting}, {@code counting-single} and {@code fastfilter-counting} can remove; the others
     * fail this method.
     *
     * @return whether the remove found the key (Bloomery), or true
     */
    @Benchmark
    public boolean removeAndAdd() {
        long key = nextPresent();
        if (fastFilter != null) {
            fastFilter.remove(key);
            fastFilter.add(key);
            return true;
        }
        // The hash of each call, as FastFilter hashes in each: no box, and no hash shared.
        boolean removed = bloomery.removeHash(KeyHasher.hashLong(key));
        bloomery.addLong(key);
        return removed;
    }
}
