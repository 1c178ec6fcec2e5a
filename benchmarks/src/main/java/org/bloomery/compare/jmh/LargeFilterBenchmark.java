package org.bloomery.compare.jmh;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.compare.contestant.Contestant;
import org.bloomery.compare.contestant.KeyType;
import org.bloomery.compare.keys.KeyGenerator;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Queries of filters far larger than the last-level cache: n = 10^8 long keys at p = 0.01 (a
 * filter of 120–140 MB), where every cache line a query touches is a DRAM miss. {@code randomRead}
 * measures the memory latency itself: one read of a random element of a {@code long[]} of 120 MB
 * (a standard classic filter's size), with the index derived from a key as a filter would; each
 * query time is then read as a multiple of it. Each operation is independent of the last, for the
 * reads and the queries alike, so the CPU may overlap their misses in the same way.
 * <ul>
 *   <li>{@code absent} / {@code present}: one query of a key never added / added, through the
 *       report's adapter (hashing included);</li>
 *   <li>{@code absentHashed} / {@code absentMixed} (Bloomery kinds only): {@code absent} on the
 *       key's XXH64 hash computed beforehand, and on MurmurHash3's 64-bit finalizer of the key (two
 *       multiplications, the mix FastFilter applies to a long; not a hasher Bloomery offers): what
 *       the key's hash costs inside a query, and what a shorter hash would;</li>
 *   <li>{@code absentLoop} / {@code absentBatch} (Bloomery kinds only): 1024 precomputed absent-key
 *       hashes, one {@code mightContainHash} at a time against one {@code mightContainHashes} call;
 *       time per key.</li>
 * </ul>
 * Filling takes 10–60 s per contestant and trial. {@code randomRead} needs contestant {@code
 * memory}, the loop and batch benchmarks a Bloomery contestant (any kind found, {@code -blocked} or
 * {@code -sectored} for that layout); other combinations fail at their first call and JMH goes on. The runs documented in the README:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar 'LargeFilterBenchmark.randomRead' -p contestant=memory
 * java -jar benchmarks/target/benchmarks.jar 'LargeFilterBenchmark.absent$' \
 *     -p contestant=classic,classic-blocked,guava,fastfilter-blocked
 * java -jar benchmarks/target/benchmarks.jar 'LargeFilterBenchmark.absent(Loop|Batch)' -p contestant=classic,classic-blocked
 * java -jar benchmarks/target/benchmarks.jar 'LargeFilterBenchmark.absent(Hashed|Mixed)?$' -p contestant=classic-blocked
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
public class LargeFilterBenchmark {
    /** Keys inserted. */
    static final long N = 100_000_000;
    /** The target fpp. */
    static final double FPP = 0.01;
    /** Keys per batch query. */
    static final int BATCH = 1024;
    private static final int QUERIES = 1 << 20;
    private static final int MASK = QUERIES - 1;
    /** Words of the random-read array: the bits of a standard classic filter for (N, FPP), as longs. */
    private static final int MEMORY_WORDS = (int) (BloomShape.optimalCells(N, FPP) / Long.SIZE);

    /** The contestant; {@code memory} is the plain {@code long[]}, filled with nothing. */
    @Param({"memory", "classic", "classic-blocked", "classic-sectored", "counting-blocked", "cuckoo", "guava", "fastfilter-blocked",
        "datasketches"})
    public String contestant;

    private Contestant filled;
    private MembershipFilter<Long> bloomery;
    private long[] memory;
    private final long[] presentKeys = new long[QUERIES];
    private final long[] absentKeys = new long[QUERIES];
    private final long[] absentHashes = new long[QUERIES];
    private final boolean[] answers = new boolean[QUERIES];
    private int next;

    /** Generates the query keys and fills the contestant with the n keys. */
    @Setup(Level.Trial)
    public void setUp() {
        KeyGenerator generator = new KeyGenerator(BenchmarkKeys.SEED);
        for (int i = 0; i < QUERIES; i++) {
            presentKeys[i] = generator.presentLong(i);
            absentKeys[i] = generator.absentLong(i);
            absentHashes[i] = KeyHasher.hashLong(absentKeys[i]);
        }
        if (contestant.equals("memory")) {
            memory = new long[MEMORY_WORDS];
            for (int i = 0; i < MEMORY_WORDS; i++) {
                memory[i] = i;
            }
            return;
        }
        Optional<BloomLayout> layout = Contenders.layout(contestant);
        String kind = layout.isPresent() ? Contenders.withoutLayout(contestant) : contestant;
        if (Filters.provider(kind).isPresent()) {
            FilterSpec spec = FilterSpec.of(N, FPP);
            if (layout.isPresent()) {
                spec = spec.withOption(BloomLayout.OPTION, layout.get().optionValue());
            }
            bloomery = Filters.create(kind, spec, KeyHasher.longs());
            for (long i = 0; i < N; i++) {
                bloomery.addHash(KeyHasher.hashLong(generator.presentLong(i)));
            }
            return;
        }
        filled = Contenders.named(contestant).create(KeyType.LONG, N, FPP);
        for (long i = 0; i < N; i++) {
            filled.add(generator.presentLong(i));
        }
    }

    /**
     * One read of a random element of the 120 MB array.
     *
     * @return the element
     */
    @Benchmark
    public long randomRead() {
        long hash = KeyHasher.hashLong(absentKeys[next++ & MASK]);
        return memory[(int) Math.multiplyHigh(hash >>> 1, (long) MEMORY_WORDS << 1)];
    }

    /**
     * Queries one absent key.
     *
     * @return the answer
     */
    @Benchmark
    public boolean absent() {
        long key = absentKeys[next++ & MASK];
        return bloomery != null ? bloomery.mightContainHash(KeyHasher.hashLong(key)) : filled.mightContain(key);
    }

    /**
     * Queries one present key.
     *
     * @return the answer
     */
    @Benchmark
    public boolean present() {
        long key = presentKeys[next++ & MASK];
        return bloomery != null ? bloomery.mightContainHash(KeyHasher.hashLong(key)) : filled.mightContain(key);
    }

    /**
     * Queries one absent key by its XXH64 hash, computed at setup.
     *
     * @return the answer
     */
    @Benchmark
    public boolean absentHashed() {
        return bloomery.mightContainHash(absentHashes[next++ & MASK]);
    }

    /**
     * Queries one absent key by MurmurHash3's 64-bit finalizer of it instead of its XXH64 hash: the
     * same filter and positions, a hash with two multiplications on its path instead of five. The
     * filter holds XXH64 hashes, so the answers are those of other, equally random absent keys.
     *
     * @return the answer
     */
    @Benchmark
    public boolean absentMixed() {
        long h = absentKeys[next++ & MASK];
        h = (h ^ h >>> 33) * 0xFF51AFD7ED558CCDL;
        h = (h ^ h >>> 33) * 0xC4CEB9FE1A85EC53L;
        return bloomery.mightContainHash(h ^ h >>> 33);
    }

    /**
     * {@value #BATCH} absent-key hashes, one query at a time.
     *
     * @param blackhole takes the answers
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void absentLoop(Blackhole blackhole) {
        int from = next & MASK & ~(BATCH - 1);
        next += BATCH;
        for (int i = from; i < from + BATCH; i++) {
            blackhole.consume(bloomery.mightContainHash(absentHashes[i]));
        }
    }

    /**
     * The same {@value #BATCH} absent-key hashes in one batch query.
     *
     * @param blackhole takes one answer, so the batch cannot be dropped
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void absentBatch(Blackhole blackhole) {
        int from = next & MASK & ~(BATCH - 1);
        next += BATCH;
        bloomery.mightContainHashes(absentHashes, from, from + BATCH, answers);
        blackhole.consume(answers[from]);
    }
}
