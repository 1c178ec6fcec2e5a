package org.bloomery.benchmarks.jmh;

import java.util.concurrent.TimeUnit;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A classic filter of long keys used as a user writes it: {@code add(Long)} and {@code
 * mightContain(Long)} on a {@code long} the call boxes, with keys far outside the {@code Long} cache
 * (-128 to 127), beside the unboxed {@code addLong} and {@code mightContainLong}. A box that is not
 * optimized away shows as 24 B/op (one {@code Long}) under {@code -prof gc}; the allocation per
 * operation is what this benchmark is for, and unlike its times it does not depend on the machine's
 * load.
 * <pre>java -jar benchmarks/target/benchmarks.jar LongKeyBenchmark -f 1 -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 3, time = 1)
public class LongKeyBenchmark {
    private static final int KEYS = 1 << 20;

    private final long[] present = new long[KEYS];
    private final long[] absent = new long[KEYS];
    private MembershipFilter<Long> filter;
    private int next;

    /** Generates the keys and fills the filter with the present ones. */
    @Setup
    public void setUp() {
        KeyGenerator generator = new KeyGenerator(BenchmarkKeys.SEED);
        filter = Filters.create("classic", FilterSpec.of(KEYS, 0.01), KeyHasher.longs());
        for (int i = 0; i < KEYS; i++) {
            present[i] = generator.presentLong(i);
            absent[i] = generator.absentLong(i);
            filter.add(present[i]);
        }
    }

    /** @return {@code mightContain(Long)} of a present key, boxed at the call */
    @Benchmark
    public boolean mightContainPresent() {
        return filter.mightContain(present[next++ & (KEYS - 1)]);
    }

    /** @return {@code mightContain(Long)} of an absent key, boxed at the call */
    @Benchmark
    public boolean mightContainAbsent() {
        return filter.mightContain(absent[next++ & (KEYS - 1)]);
    }

    /** @return {@code add(Long)} of a present key (so the filter does not fill), boxed at the call */
    @Benchmark
    public boolean add() {
        return filter.add(present[next++ & (KEYS - 1)]);
    }

    /** @return {@code mightContainLong} of a present key */
    @Benchmark
    public boolean mightContainLongPresent() {
        return filter.mightContainLong(present[next++ & (KEYS - 1)]);
    }

    /** @return {@code mightContainLong} of an absent key */
    @Benchmark
    public boolean mightContainLongAbsent() {
        return filter.mightContainLong(absent[next++ & (KEYS - 1)]);
    }

    /** @return {@code addLong} of a present key */
    @Benchmark
    public boolean addLong() {
        return filter.addLong(present[next++ & (KEYS - 1)]);
    }
}
