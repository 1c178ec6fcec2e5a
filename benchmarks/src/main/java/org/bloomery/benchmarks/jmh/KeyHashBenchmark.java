package org.bloomery.benchmarks.jmh;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.bloomery.api.KeyHasher;
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
 * The key hash alone, on the report's keys: Bloomery's XXH64 of a 16-character string (UTF-8), its
 * XXH3-64 of a long ({@code KeyHasher.longs()}) and its XXH64 of a long ({@code
 * KeyHasher.longsXxh64()}, the long hasher of earlier releases), beside Guava's murmur3_128 of the same, which is what Guava's {@code BloomFilter} spends
 * per call before probing, and what reading a string's chars alone costs. With {@code -prof gc} the
 * Bloomery rows show 0 B/op.
 * Warm-up as in {@link MembershipBenchmark}, for the same reason.
 * <pre>java -jar benchmarks/target/benchmarks.jar KeyHashBenchmark -f 1 -prof gc</pre>
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

    /**
     * The floor under any hash of a {@code String} on JDK 17 without {@code Unsafe}: the 16 chars of a
     * key read with {@code charAt} in straight-line code (a loop over them measured slower) and added,
     * nothing packed or mixed.
     *
     * @return the sum of a 16-character key's chars
     */
    @Benchmark
    public long stringCharsOnly() {
        String s = strings[next++ & (KEYS - 1)];
        return (long) s.charAt(0) + s.charAt(1) + s.charAt(2) + s.charAt(3) + s.charAt(4) + s.charAt(5)
                + s.charAt(6) + s.charAt(7) + s.charAt(8) + s.charAt(9) + s.charAt(10) + s.charAt(11)
                + s.charAt(12) + s.charAt(13) + s.charAt(14) + s.charAt(15);
    }

    /** @return Bloomery's hash of a long: XXH3-64, {@code KeyHasher.longs()} */
    @Benchmark
    public long bloomeryLong() {
        return KeyHasher.hashLong(longs[next++ & (KEYS - 1)]);
    }

    /** @return Bloomery's XXH64 of a long, {@code KeyHasher.longsXxh64()} */
    @Benchmark
    public long bloomeryLongXxh64() {
        return KeyHasher.hashLongXxh64(longs[next++ & (KEYS - 1)]);
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
