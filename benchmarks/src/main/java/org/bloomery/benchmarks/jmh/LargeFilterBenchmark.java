package org.bloomery.benchmarks.jmh;

import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.benchmarks.contestant.Contestant;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Queries of filters far larger than the last-level cache: by default n = 5·10^7 long keys at p =
 * 0.01 (a filter of about 60 MB; {@code -p n=100000000} for 10^8), where every cache line a query
 * touches is a DRAM miss. Two yardsticks measure the memory itself, on a {@code long[]} as large as
 * a sectored classic filter for (n, p) (contestant {@code memory}):
 * <ul>
 *   <li>{@code dependentRead}: one read of a chain in which each read's address is the value the
 *       previous read returned (a random cycle through the whole array): nothing overlaps, so this is
 *       the memory latency, TLB misses included;</li>
 *   <li>{@code independentReads}: {@value #BATCH} reads at precomputed random indices, summed: nothing
 *       depends on a loaded value, so this is what one thread's memory-level parallelism reaches.</li>
 * </ul>
 * The queries, each read as a multiple of both:
 * <ul>
 *   <li>{@code absent} / {@code present}: one query of a key never added / added, through the
 *       report's adapter (hashing included), one at a time, as a user calls {@code mightContain};</li>
 *   <li>{@code absentHashed} / {@code absentMixed} (Bloomery kinds only): {@code absent} on the
 *       key's hash computed beforehand, and on MurmurHash3's 64-bit finalizer of the key (two
 *       multiplications, the mix FastFilter applies to a long; not a hasher Bloomery offers): what
 *       the key's hash costs inside a query;</li>
 *   <li>{@code absentLoop} / {@code absentBatch}, {@code presentLoop} / {@code presentBatch}
 *       (Bloomery kinds only): {@value #BATCH} precomputed key hashes, one {@code mightContainHash}
 *       at a time against one {@code mightContainHashes} call; time per key.</li>
 * </ul>
 * Filling takes 5–60 s per contestant and trial. The yardsticks need contestant {@code memory}, the
 * hashed, loop and batch benchmarks a Bloomery contestant (any kind found, {@code -blocked} or
 * {@code -sectored} for that layout); other combinations fail at their first call and JMH goes on.
 * For example:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar 'LargeFilterBenchmark.(dependentRead|independentReads)' -p contestant=memory
 * java -jar benchmarks/target/benchmarks.jar 'LargeFilterBenchmark.(absent|present)$' \
 *     -p contestant=classic-sectored,classic-blocked,fastfilter-blocked
 * java -jar benchmarks/target/benchmarks.jar 'LargeFilterBenchmark.(absent|present)(Loop|Batch)' \
 *     -p contestant=classic-sectored,classic-blocked
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
public class LargeFilterBenchmark {
    /** The target fpp. */
    static final double FPP = 0.01;
    /** Keys per batch query. */
    static final int BATCH = 1024;
    private static final int QUERIES = 1 << 20;
    private static final int MASK = QUERIES - 1;

    /** Keys inserted. */
    @Param("50000000")
    public long n;

    /** The contestant; {@code memory} is the plain {@code long[]} of the yardsticks. */
    @Param({"memory", "classic", "classic-blocked", "classic-sectored", "counting-blocked", "cuckoo", "guava",
        "fastfilter-blocked", "fastfilter-blocked-10", "datasketches"})
    public String contestant;

    private Contestant filled;
    private MembershipFilter<Long> bloomery;
    private long[] memory;
    private final int[] memoryIndexes = new int[QUERIES];
    private long chase;
    private final long[] presentKeys = new long[QUERIES];
    private final long[] absentKeys = new long[QUERIES];
    private final long[] presentHashes = new long[QUERIES];
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
            presentHashes[i] = KeyHasher.hashLong(presentKeys[i]);
            absentHashes[i] = KeyHasher.hashLong(absentKeys[i]);
        }
        if (contestant.equals("memory")) {
            setUpMemory();
            return;
        }
        Optional<BloomLayout> layout = Contenders.layout(contestant);
        String kind = layout.isPresent() ? Contenders.withoutLayout(contestant) : contestant;
        if (Filters.provider(kind).isPresent()) {
            FilterSpec spec = FilterSpec.of(n, FPP);
            if (layout.isPresent()) {
                spec = spec.withOption(BloomLayout.OPTION, layout.get().optionValue());
            }
            bloomery = Filters.create(kind, spec, KeyHasher.longs());
            for (long i = 0; i < n; i++) {
                bloomery.addHash(KeyHasher.hashLong(generator.presentLong(i)));
            }
            return;
        }
        filled = Contenders.named(contestant).create(KeyType.LONG, n, FPP);
        for (long i = 0; i < n; i++) {
            filled.add(generator.presentLong(i));
        }
    }

    /**
     * The yardsticks' array, as many words as a sectored classic filter for (n, p): one random cycle
     * through all of it (Sattolo's shuffle of the identity), so the chase visits every word before
     * it repeats, and random indices for the independent reads.
     */
    private void setUpMemory() {
        FilterSpec spec = FilterSpec.of(n, FPP).withOption(BloomLayout.OPTION, BloomLayout.SECTORED.optionValue());
        int words = Math.toIntExact(BloomShape.fromSpec(spec, "classic", "bits", BloomShape.MAX_CELLS, "2^37 bits").cells() / Long.SIZE);
        memory = new long[words];
        for (int i = 0; i < words; i++) {
            memory[i] = i;
        }
        SplittableRandom random = new SplittableRandom(BenchmarkKeys.SEED);
        for (int i = words - 1; i > 0; i--) {
            int j = random.nextInt(i);
            long swap = memory[i];
            memory[i] = memory[j];
            memory[j] = swap;
        }
        for (int i = 0; i < QUERIES; i++) {
            memoryIndexes[i] = random.nextInt(words);
        }
    }

    /**
     * One read of the chain: its address is the value the last read returned.
     *
     * @return the value read, the next read's address
     */
    @Benchmark
    public long dependentRead() {
        chase = memory[(int) chase];
        return chase;
    }

    /**
     * {@value #BATCH} reads at random indices that depend on nothing read.
     *
     * @return their sum
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long independentReads() {
        int from = next & MASK & ~(BATCH - 1);
        next += BATCH;
        long sum = 0;
        for (int i = from; i < from + BATCH; i++) {
            sum += memory[memoryIndexes[i]];
        }
        return sum;
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
     * {@value #BATCH} present-key hashes, one query at a time.
     *
     * @param blackhole takes the answers
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void presentLoop(Blackhole blackhole) {
        loop(presentHashes, blackhole);
    }

    /**
     * The same {@value #BATCH} present-key hashes in one batch query.
     *
     * @param blackhole takes one answer, so the batch cannot be dropped
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void presentBatch(Blackhole blackhole) {
        batch(presentHashes, blackhole);
    }

    /**
     * {@value #BATCH} absent-key hashes, one query at a time.
     *
     * @param blackhole takes the answers
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void absentLoop(Blackhole blackhole) {
        loop(absentHashes, blackhole);
    }

    /**
     * The same {@value #BATCH} absent-key hashes in one batch query.
     *
     * @param blackhole takes one answer, so the batch cannot be dropped
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void absentBatch(Blackhole blackhole) {
        batch(absentHashes, blackhole);
    }

    /** The next {@value #BATCH} of the hashes, one {@code mightContainHash} at a time. */
    private void loop(long[] hashes, Blackhole blackhole) {
        int from = next & MASK & ~(BATCH - 1);
        next += BATCH;
        for (int i = from; i < from + BATCH; i++) {
            blackhole.consume(bloomery.mightContainHash(hashes[i]));
        }
    }

    /** The next {@value #BATCH} of the hashes in one {@code mightContainHashes}. */
    private void batch(long[] hashes, Blackhole blackhole) {
        int from = next & MASK & ~(BATCH - 1);
        next += BATCH;
        bloomery.mightContainHashes(hashes, from, from + BATCH, answers);
        blackhole.consume(answers[from]);
    }
}
