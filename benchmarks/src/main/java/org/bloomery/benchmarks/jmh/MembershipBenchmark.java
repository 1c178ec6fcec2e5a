package org.bloomery.benchmarks.jmh;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
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
 * Add and query for every Bloomery kind (the Bloom-family kinds in their layouts, {@code -blocked}
 * for {@code layout=blocked}, {@code -sectored} for {@code layout=sectored}; {@code -single} for {@code writers=single}) and every peer, through the report's adapters, at n = 1,000,000, on
 * the report's keys (seed 42). Time is per operation; the {@link Answers} counters sit
 * next to it.
 * <ul>
 *   <li>{@code add}: n first inserts into a filter created empty before each invocation (so every
 *       add is a real first insert and a cuckoo filter never sees more than 2b copies of a key).</li>
 *   <li>{@code mightContainPresent} / {@code mightContainAbsent}: one query per operation on a
 *       filter filled once per trial, cycling through 2^20 present (inserted) or absent keys.</li>
 * </ul>
 * {@link RemoveBenchmark} holds remove, for the deletion-capable contestants only.
 *
 * <p>Warm-up is 5 iterations of 2 s: Guava's string path stays in a slow phase (about 1 µs per call,
 * 10× its settled speed) for its first 6–8 seconds of JIT compilation on this kind of machine, and a
 * shorter warm-up would measure that phase. The whole suite is one fork of each of the 228
 * parameter combinations here plus {@link RemoveBenchmark}'s, about 15 s each:
 * <pre>java -jar benchmarks/target/benchmarks.jar -f 1</pre>
 * A subset: {@code -p contestant=classic,guava -p keyType=long -p fpp=0.01}; one benchmark: add its
 * name as a regular expression, e.g. {@code MembershipBenchmark.mightContainAbsent}. A kind missing
 * from the jar fails its own parameter combinations at setup and the run goes on.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 3, time = 1)
public class MembershipBenchmark {
    /** The contestant, by the report's name: a Bloomery kind or a peer. */
    @Param({"classic", "classic-blocked", "classic-blocked-single", "classic-sectored", "classic-sectored-single",
        "counting", "counting-blocked", "counting-blocked-single", "scalable", "scalable-blocked", "scalable-sectored",
        "cuckoo",
        "guava", "commons-simple", "commons-counting", "cuckoofilter4j", "datasketches", "fastfilter-blocked",
        "fastfilter-blocked-10",
        "fastfilter-counting", "fastfilter-succinct-counting", "fastfilter-cuckoo8", "fastfilter-cuckoo16"})
    public String contestant;

    /** The key type: {@code string} (16 ASCII characters) or {@code long}. */
    @Param({"string", "long"})
    public String keyType;

    /** The target false-positive probability. */
    @Param({"0.01", "0.001"})
    public double fpp;

    Entrant entrant;
    BenchmarkKeys keys;
    Contestant filled;
    private boolean strings;

    /** Generates the keys and fills one contestant for the query benchmarks. */
    @Setup(Level.Trial)
    public void setUp() {
        entrant = Contenders.named(contestant);
        KeyType type = KeyType.valueOf(keyType.toUpperCase(Locale.ROOT));
        strings = type == KeyType.STRING;
        keys = new BenchmarkKeys(type);
        filled = keys.filled(entrant, fpp);
    }

    /** An empty contestant, new for every invocation of {@code add}. */
    @State(Scope.Thread)
    public static class Empty {
        Contestant contestant;

        /**
         * Builds the empty contestant.
         *
         * @param benchmark the trial's parameters and keys
         */
        @Setup(Level.Invocation)
        public void create(MembershipBenchmark benchmark) {
            contestant = benchmark.entrant.create(benchmark.keys.type, BenchmarkKeys.N, benchmark.fpp);
        }
    }

    /** Where each thread is in the query arrays. */
    @State(Scope.Thread)
    public static class Cursor {
        int next;
    }

    /**
     * Inserts the n keys into an empty contestant.
     *
     * @param empty the empty contestant
     * @param answers counts adds that answered true (new) and false
     */
    @Benchmark
    @OperationsPerInvocation(BenchmarkKeys.N)
    public void add(Empty empty, Answers answers) {
        answers.countBatch(keys.addAll(empty.contestant), BenchmarkKeys.N);
    }

    /**
     * Queries one inserted key.
     *
     * @param cursor the thread's position
     * @param answers must show no false answer
     * @return the answer
     */
    @Benchmark
    public boolean mightContainPresent(Cursor cursor, Answers answers) {
        int i = cursor.next++ & BenchmarkKeys.MASK;
        boolean answer = strings ? filled.mightContain(keys.presentStrings[i]) : filled.mightContain(keys.presentLongs[i]);
        answers.count(answer);
        return answer;
    }

    /**
     * Queries one absent key.
     *
     * @param cursor the thread's position
     * @param answers the true answers' share is the false-positive rate
     * @return the answer
     */
    @Benchmark
    public boolean mightContainAbsent(Cursor cursor, Answers answers) {
        int i = cursor.next++ & BenchmarkKeys.MASK;
        boolean answer = strings ? filled.mightContain(keys.absentStrings[i]) : filled.mightContain(keys.absentLongs[i]);
        answers.count(answer);
        return answer;
    }
}
