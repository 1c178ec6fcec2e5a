package org.bloomery.compare.jmh;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.bloomery.api.KeyHasher;
import org.bloomery.compare.keys.KeyGenerator;
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
 * The key hash alone, on the report's keys: Bloomery's XXH64 of a 16-character string (UTF-8) and of
 * a long, beside Guava's murmur3_128 of the same, which is what Guava's {@code BloomFilter} spends
 * per call before probing. With {@code -prof gc} the Bloomery rows show 0 B/op.
 * Warm-up as in {@link MembershipBenchmark}, for the same reason.
 * <pre>java -jar compare/target/benchmarks.jar KeyHashBenchmark -f 1 -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 3, time = 1)
public class KeyHashBenchmark {
    private static final int KEYS = 1 << 16;
    private static final HashFunction MURMUR = Hashing.murmur3_128();

    private final String[] strings = new String[KEYS];
    private final long[] longs = new long[KEYS];
    private int next;

    /** Generates the keys. */
    @Setup
    public void setUp() {
        KeyGenerator generator = new KeyGenerator(BenchmarkKeys.SEED);
        for (int i = 0; i < KEYS; i++) {
            strings[i] = generator.presentString(i);
            longs[i] = generator.presentLong(i);
        }
    }

    /** @return Bloomery's hash of a 16-character string */
    @Benchmark
    public long bloomeryString() {
        return KeyHasher.hashString(strings[next++ & (KEYS - 1)]);
    }

    /** @return Bloomery's hash of a long */
    @Benchmark
    public long bloomeryLong() {
        return KeyHasher.hashLong(longs[next++ & (KEYS - 1)]);
    }

    /** @return Guava's murmur3_128 of a 16-character string, as its string funnel feeds it */
    @Benchmark
    public long guavaString() {
        return MURMUR.hashString(strings[next++ & (KEYS - 1)], StandardCharsets.UTF_8).asLong();
    }

    /** @return Guava's murmur3_128 of a long */
    @Benchmark
    public long guavaLong() {
        return MURMUR.hashLong(longs[next++ & (KEYS - 1)]).asLong();
    }
}
