package org.bloomery.benchmarks.jmh;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.classic.ClassicProvider;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Building a filter of n = 10^7 long keys at p = 1% from the whole set, time per key: Bloomery's
 * bulk build ({@link Filters#buildFromHashes}, after hashing the keys with {@link
 * KeyHasher#hashLong}, both timed) of {@code classic} in the patterned, sectored and blocked layouts on one
 * thread and on two, beside FastFilter {@code BlockedBloom}'s add loop (one thread: it has no
 * parallel build, and its adds are plain writes, unsafe to share). The threads are a fork/join pool
 * of that parallelism, in which the hashing and the build run.
 * <pre>java -Xmx4g -jar benchmarks/target/benchmarks.jar BulkBuildBenchmark -f 1</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
public class BulkBuildBenchmark {
    /** Keys per build. */
    static final int N = 10_000_000;
    private static final double FPP = 0.01;

    final long[] keys = new long[N];
    Entrant fastFilter;

    /**
     * Generates the keys, seeded as the other benchmarks' ({@link BenchmarkKeys#SEED}), and finds
     * FastFilter's entrant.
     */
    @Setup(Level.Trial)
    public void generateKeys() {
        fastFilter = Contenders.named("fastfilter-blocked");
        KeyGenerator generator = new KeyGenerator(BenchmarkKeys.SEED);
        for (int i = 0; i < N; i++) {
            keys[i] = generator.presentLong(i);
        }
    }

    /** A Bloomery build's layout, threads and pool, and the array its hashes go to. */
    @State(Scope.Benchmark)
    public static class Bulk {
        /** The classic filter's layout. */
        @Param({"patterned", "sectored", "blocked"})
        public String layout;

        /** Threads of the pool that hashes and builds. */
        @Param({"1", "2"})
        public int threads;

        FilterSpec spec;
        ForkJoinPool pool;
        final long[] hashes = new long[N];

        /** Makes the spec and the pool. */
        @Setup(Level.Trial)
        public void setUp() {
            spec = FilterSpec.of(N, FPP).withOption(BloomLayout.OPTION, layout);
            pool = new ForkJoinPool(threads);
        }

        /** Stops the pool. */
        @TearDown(Level.Trial)
        public void tearDown() {
            pool.shutdown();
        }
    }

    /**
     * Hashes the keys and builds the classic filter from the hashes, in the pool.
     *
     * @param bulk the layout, threads and pool
     * @return the filter
     */
    @Benchmark
    @OperationsPerInvocation(N)
    public MembershipFilter<Long> bloomeryBulkBuild(Bulk bulk) {
        return bulk.pool.submit(() -> {
            hashAll(bulk);
            return Filters.buildFromHashes(ClassicProvider.KIND, bulk.spec, KeyHasher.longs(), bulk.hashes);
        }).join();
    }

    /**
     * The same build from the keys themselves ({@link Filters#buildFromLongs}), which hashes them
     * inside, in the pool: it should take what {@link #bloomeryBulkBuild} takes.
     *
     * @param bulk the layout, threads and pool
     * @return the filter
     */
    @Benchmark
    @OperationsPerInvocation(N)
    public MembershipFilter<Long> bloomeryBuildFromLongs(Bulk bulk) {
        return bulk.pool.submit(() -> Filters.buildFromLongs(ClassicProvider.KIND, bulk.spec, keys)).join();
    }

    /**
     * Yardstick: the build's hashing alone, in the pool: it reads the keys and writes their hashes
     * (160 MB of memory traffic for 10^7 keys, as every parallel loop over arrays of this size
     * has), so two threads ÷ one shows what sharing the memory costs on this machine. The layout
     * does not matter ({@code -p layout=sectored}).
     *
     * @param bulk the threads and pool
     * @return the hashes
     */
    @Benchmark
    @OperationsPerInvocation(N)
    public long[] hashInPlace(Bulk bulk) {
        return bulk.pool.submit(() -> {
            hashAll(bulk);
            return bulk.hashes;
        }).join();
    }

    /**
     * Yardstick: as many hashes computed and summed, touching no array, in the pool: two threads ÷
     * one shows what the cores give when nothing is shared.
     *
     * @param bulk the threads and pool
     * @return the sum
     */
    @Benchmark
    @OperationsPerInvocation(N)
    public long hashNoMemory(Bulk bulk) {
        return bulk.pool.submit(() -> LongStream.range(0, N).parallel().map(KeyHasher::hashLong).sum()).join();
    }

    /** The keys' hashes into {@code bulk.hashes}, on the calling thread or, for two or more threads, the pool's. */
    private void hashAll(Bulk bulk) {
        long[] hashes = bulk.hashes;
        if (bulk.threads == 1) {
            for (int i = 0; i < N; i++) {
                hashes[i] = KeyHasher.hashLong(keys[i]);
            }
        } else {
            // A parallel stream started in a pool's thread runs in that pool.
            IntStream.range(0, N).parallel().forEach(i -> hashes[i] = KeyHasher.hashLong(keys[i]));
        }
    }

    /**
     * FastFilter {@code BlockedBloom} at the comparison's bits per key, filled by its add loop through
     * the comparison's adapter (the same path as {@link MembershipBenchmark}'s add).
     *
     * @return the filled filter
     */
    @Benchmark
    @OperationsPerInvocation(N)
    public Contestant fastFilterAddLoop() {
        Contestant filter = fastFilter.create(KeyType.LONG, N, FPP);
        for (int i = 0; i < N; i++) {
            filter.add(keys[i]);
        }
        return filter;
    }
}
