package org.bloomery.benchmarks.jmh;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.bloomery.benchmarks.contestant.Ability;
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
 * Remove for the deletion-capable contestants only (the parameter list holds no other): each
 * invocation removes the n keys from a contestant filled with them just before (untimed). Run and
 * subset it as {@link MembershipBenchmark} says; {@code RemoveBenchmark} alone selects it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 3, time = 1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RemoveBenchmark {
    /** A deletion-capable Bloomery kind or peer. */
    @Param({"counting", "counting-blocked", "counting-blocked-single", "cuckoo", "commons-counting", "cuckoofilter4j", "fastfilter-counting",
        "fastfilter-succinct-counting"})
    public String contestant;

    /** The key type: {@code string} or {@code long}. */
    @Param({"string", "long"})
    public String keyType;

    /** The target false-positive probability. */
    @Param({"0.01", "0.001"})
    public double fpp;

    private Entrant entrant;
    private BenchmarkKeys keys;
    private Contestant full;

    /**
     * Generates the keys.
     *
     * @throws IllegalStateException if the contestant cannot remove (a {@code -p contestant=} override
     *     naming one); JMH reports the combination as failed and goes on
     */
    @Setup(Level.Trial)
    public void setUp() {
        entrant = Contenders.named(contestant);
        if (!entrant.can(Ability.REMOVE)) {
            throw new IllegalStateException("contestant '" + contestant + "' cannot remove");
        }
        keys = new BenchmarkKeys(KeyType.valueOf(keyType.toUpperCase(Locale.ROOT)));
    }

    /** Fills a new contestant before each invocation. */
    @Setup(Level.Invocation)
    public void fill() {
        full = keys.filled(entrant, fpp);
    }

    /**
     * Removes the n keys.
     *
     * @param answers counts removes that answered true (done) and false
     */
    @Benchmark
    @OperationsPerInvocation(BenchmarkKeys.N)
    public void remove(Answers answers) {
        answers.countBatch(keys.removeAll(full), BenchmarkKeys.N);
    }
}
