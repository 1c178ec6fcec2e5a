package org.bloomery.benchmarks.jmh;

import java.util.concurrent.TimeUnit;
import org.bloomery.aging.AgingProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.classic.ClassicProvider;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Kind {@code aging}'s query and add against a classic filter with {@code layout=blocked} at the same
 * n, the targets being within 3× and 0 B/op on queries ({@code -prof gc}). The aging filter is a
 * count window of n adds (four generations, a ring of five) in the standard or the blocked layout,
 * after three windows of adds, so that every generation is full; the classic filter holds n keys.
 * Queries ask the last n keys added (present) and never-added keys (absent); an add adds the next
 * present key again, which moves the aging filter's window on by one add and leaves the classic
 * filter's fill as it is. Long keys, through the unboxed {@code addLong} and {@code mightContainLong}.
 * <pre>java -jar benchmarks/target/benchmarks.jar WindowBenchmark -f 1 -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class WindowBenchmark {
    /** The filter under test: {@code aging}, {@code aging-blocked} or {@code classic-blocked}. */
    @Param({"aging", "aging-blocked", "classic-blocked"})
    public String contender;

    /** Items per window (and the classic filter's expected insertions): a power of two. */
    @Param({"1048576"})
    public int n;

    private long[] present;
    private long[] absent;
    private MembershipFilter<Long> filter;
    private int next;

    /** Builds the filter and brings it to its steady state. */
    @Setup
    public void setUp() {
        KeyGenerator generator = new KeyGenerator(BenchmarkKeys.SEED);
        present = new long[n];
        absent = new long[n];
        for (int i = 0; i < n; i++) {
            present[i] = generator.presentLong(i);
            absent[i] = generator.absentLong(i);
        }
        FilterSpec spec = FilterSpec.of(n, 0.01);
        if (contender.equals("classic-blocked")) {
            filter = Filters.create(ClassicProvider.KIND, spec.withOption("layout", "blocked"), KeyHasher.longs());
        } else {
            FilterSpec window = spec.withOption("window", Integer.toString(n));
            filter = Filters.create(AgingProvider.KIND, contender.equals("aging-blocked")
                    ? window.withOption("layout", "blocked") : window, KeyHasher.longs());
            // Two windows of other keys first: the ring is full when the present keys arrive.
            for (int i = 0; i < 2 * n; i++) {
                filter.addLong(generator.absentLong(n + i));
            }
        }
        for (long key : present) {
            filter.addLong(key);
        }
    }

    /**
     * @param answers counts the answers: all true
     * @return {@code mightContainLong} of a key within the window
     */
    @Benchmark
    public boolean mightContainPresent(Answers answers) {
        boolean answer = filter.mightContainLong(present[next++ & (n - 1)]);
        answers.count(answer);
        return answer;
    }

    /**
     * @param answers counts the answers: the true ones over all are the fpp
     * @return {@code mightContainLong} of a key never added
     */
    @Benchmark
    public boolean mightContainAbsent(Answers answers) {
        boolean answer = filter.mightContainLong(absent[next++ & (n - 1)]);
        answers.count(answer);
        return answer;
    }

    /** @return {@code addLong} of the next present key, again */
    @Benchmark
    public boolean add() {
        return filter.addLong(present[next++ & (n - 1)]);
    }
}
