package org.bloomery.benchmarks.jmh;

import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.classic.ClassicProvider;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.bloomery.cuckoo.CuckooProvider;
import org.bloomery.fuse.FuseProvider;
import org.bloomery.ribbon.RibbonProvider;
import org.fastfilter.xor.Xor16;
import org.fastfilter.xor.Xor8;
import org.fastfilter.xor.XorFuse8;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Static filters built from one set of n (default 1,000,000) 64-bit key hashes (the report's long keys,
 * seed 42, hashed by {@code KeyHasher.hashLong}): Bloomery's {@code fuse} at 8 and 16 fingerprint
 * bits (and at 8 bits with option {@code arity=4}), {@code ribbon} at fpp 2^-8 (r = 8, fuse 8's fpp) and
 * at 1% (7 result bits in part, fractional), the {@code classic} and {@code cuckoo} kinds built from the same set through {@code
 * Filters.buildFromHashes} at fpp 2^-8, the {@code classic} kind's blocked and sectored layouts at 1% ({@code
 * classic-blocked-1pct}, {@code classic-sectored-1pct}: the Bloom filters {@code ribbon-1pct} is measured against), and FastFilter 1.0.2's {@code Xor8}, {@code
 * XorFuse8} and {@code Xor16} fed the same hashes as their 64-bit keys. Every contestant answers on
 * hashes, so the item hash is outside the timing for all alike.
 * <ul>
 *   <li>{@code build}: one whole build per invocation, reported per build (JMH takes no parameter
 *       as its operations per invocation): divide by n for the time per item.</li>
 *   <li>{@code queryPresent} / {@code queryAbsent}: one query per operation, cycling through 2^20
 *       present or absent hashes; the {@link Answers} counters prove the answers (no present key
 *       answered false; the absent share answered true is the fpp).</li>
 *   <li>{@code queryPresentBatch} / {@code queryAbsentBatch} (Bloomery contestants only; the others
 *       fail at their first call and JMH goes on): the same hashes, {@value #BATCH} in one {@code
 *       mightContainHashes} call, reported per key ({@code @OperationsPerInvocation}).</li>
 * </ul>
 * <pre>java -jar benchmarks/target/benchmarks.jar StaticFilterBenchmark -f 1</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
public class StaticFilterBenchmark {
    private static final int QUERIES = 1 << 20;
    private static final double FUSE8_FPP = 0x1p-8;
    /** Keys per batch query. */
    private static final int BATCH = 1024;

    /** The contestant. */
    @Param({"fuse-8", "fuse-16", "fuse-8-4wise", "ribbon-8", "ribbon-1pct", "classic", "classic-blocked-1pct",
        "classic-sectored-1pct", "cuckoo", "fastfilter-xor8", "fastfilter-xorfuse8", "fastfilter-xor16"})
    public String contestant;

    /** Items in the set; {@code -p n=10000,1000000,10000000} shows how build time scales. */
    @Param({"1000000"})
    public int n;

    private long[] set;
    private long[] present;
    private long[] absent;
    private LongPredicate filter;
    /** The contestant as a Bloomery filter, for the batch queries; null for FastFilter's. */
    private MembershipFilter<Long> bloomery;
    private final boolean[] batchAnswers = new boolean[QUERIES];
    private int cursor;

    /** Hashes the keys and builds the contestant once for the query benchmarks. */
    @Setup
    public void setUp() {
        KeyGenerator generator = new KeyGenerator(42);
        set = new long[n];
        for (int i = 0; i < n; i++) {
            set[i] = KeyHasher.hashLong(generator.presentLong(i));
        }
        present = new long[QUERIES];
        absent = new long[QUERIES];
        for (int i = 0; i < QUERIES; i++) {
            present[i] = set[i % n];
            absent[i] = KeyHasher.hashLong(generator.absentLong(i));
        }
        filter = construct();
    }

    /** Builds the contestant from the whole set (the set's array is left as it was). */
    private LongPredicate construct() {
        switch (contestant) {
            case "fuse-8":
                return bloomery(FuseProvider.KIND, FilterSpec.of(n, FUSE8_FPP).withOption("fingerprintBits", "8"));
            case "fuse-16":
                return bloomery(FuseProvider.KIND, FilterSpec.of(n, FUSE8_FPP).withOption("fingerprintBits", "16"));
            case "fuse-8-4wise":
                return bloomery(FuseProvider.KIND, FilterSpec.of(n, FUSE8_FPP).withOption("fingerprintBits", "8")
                        .withOption("arity", "4"));
            case "ribbon-8":
                return bloomery(RibbonProvider.KIND, FilterSpec.of(n, FUSE8_FPP));
            case "ribbon-1pct":
                return bloomery(RibbonProvider.KIND, FilterSpec.of(n, 0.01));
            case "classic":
                return bloomery(ClassicProvider.KIND, FilterSpec.of(n, FUSE8_FPP));
            case "classic-blocked-1pct":
                return bloomery(ClassicProvider.KIND, FilterSpec.of(n, 0.01)
                        .withOption(BloomLayout.OPTION, BloomLayout.BLOCKED.optionValue()));
            case "classic-sectored-1pct":
                return bloomery(ClassicProvider.KIND, FilterSpec.of(n, 0.01)
                        .withOption(BloomLayout.OPTION, BloomLayout.SECTORED.optionValue()));
            case "cuckoo":
                return bloomery(CuckooProvider.KIND, FilterSpec.of(n, FUSE8_FPP));
            case "fastfilter-xor8":
                return Xor8.construct(set.clone())::mayContain;
            case "fastfilter-xorfuse8":
                return XorFuse8.construct(set.clone())::mayContain;
            case "fastfilter-xor16":
                return Xor16.construct(set.clone())::mayContain;
            default:
                throw new IllegalArgumentException("unknown contestant '" + contestant + "'");
        }
    }

    private LongPredicate bloomery(String kind, FilterSpec spec) {
        MembershipFilter<Long> built = Filters.buildFromHashes(kind, spec, KeyHasher.longs(), set);
        bloomery = built;
        return built::mightContainHash;
    }

    /**
     * Builds the contestant from the n hashes; time per build (divide by n for per item).
     *
     * @return the filter, so the build is not dead code
     */
    @Benchmark
    public LongPredicate build() {
        return construct();
    }

    /**
     * One query of a present hash.
     *
     * @param answers the answer counters
     * @return the answer
     */
    @Benchmark
    public boolean queryPresent(Answers answers) {
        boolean answer = filter.test(present[cursor++ & (QUERIES - 1)]);
        answers.count(answer);
        return answer;
    }

    /**
     * One query of an absent hash.
     *
     * @param answers the answer counters
     * @return the answer
     */
    @Benchmark
    public boolean queryAbsent(Answers answers) {
        boolean answer = filter.test(absent[cursor++ & (QUERIES - 1)]);
        answers.count(answer);
        return answer;
    }

    /**
     * {@value #BATCH} present hashes in one batch query.
     *
     * @param answers the answer counters
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void queryPresentBatch(Answers answers) {
        batch(present, answers);
    }

    /**
     * {@value #BATCH} absent hashes in one batch query.
     *
     * @param answers the answer counters
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void queryAbsentBatch(Answers answers) {
        batch(absent, answers);
    }

    /** The next {@value #BATCH} of the hashes in one {@code mightContainHashes}, their answers counted. */
    private void batch(long[] hashes, Answers answers) {
        if (bloomery == null) {
            throw new UnsupportedOperationException("batch queries need a Bloomery contestant, not " + contestant);
        }
        int from = cursor & (QUERIES - 1) & ~(BATCH - 1);
        cursor += BATCH;
        bloomery.mightContainHashes(hashes, from, from + BATCH, batchAnswers);
        long trues = 0;
        for (int i = from; i < from + BATCH; i++) {
            trues += batchAnswers[i] ? 1 : 0;
        }
        answers.countBatch(trues, BATCH);
    }
}
