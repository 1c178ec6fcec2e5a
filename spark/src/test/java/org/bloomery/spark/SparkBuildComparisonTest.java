package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.util.sketch.BloomFilter;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The README's comparison: a filter over 10,000,000 longs built on {@code local[2]} by Bloomery's
 * aggregate and by Spark's {@code df.stat().bloomFilter}, each timed over three builds after one
 * warm-up build, with bits per item and the fpp measured on 10,000,000 other longs (about 100,000
 * false positives expected at 1%, standard deviation about 315, so the figures resolve ±0.01%).
 * Prints the figures; slow, so it runs only with {@code -Dbloomery.slowTests=true}.
 */
@ExtendWith(LocalSpark.class)
@EnabledIfSystemProperty(named = "bloomery.slowTests", matches = "true")
class SparkBuildComparisonTest {
    private static final long N = 10_000_000;
    private static final double FPP = 0.01;
    private static final int RUNS = 3;

    @Test
    void buildTenMillionRowsWithBloomeryAndWithSpark() throws IOException {
        Dataset<Row> data = LocalSpark.spark().range(0, N, 1, LocalSpark.PARTITIONS).toDF("id");
        Dataset<Row> warmUp = LocalSpark.spark().range(0, N / 10, 1, LocalSpark.PARTITIONS).toDF("id");
        Supplier<byte[]> bloomery = () -> data.agg(FilterAggregates.column(data, "id", "classic", FilterSpec.of(N, FPP)))
                .head().getAs(0);
        Supplier<BloomFilter> spark = () -> data.stat().bloomFilter("id", N, FPP);
        warmUp.agg(FilterAggregates.column(warmUp, "id", "classic", FilterSpec.of(N, FPP))).head();
        warmUp.stat().bloomFilter("id", N, FPP);

        double[] bloomerySeconds = new double[RUNS];
        double[] sparkSeconds = new double[RUNS];
        byte[] envelope = null;
        BloomFilter sparkFilter = null;
        for (int run = 0; run < RUNS; run++) {
            long start = System.nanoTime();
            envelope = bloomery.get();
            bloomerySeconds[run] = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            sparkFilter = spark.get();
            sparkSeconds[run] = (System.nanoTime() - start) / 1e9;
        }
        MembershipFilter<Long> filter = new BuiltFilter(ColumnHasher.LONG, envelope, N, 0).read(KeyHasher.longs());
        long bloomeryFalse = 0;
        long sparkFalse = 0;
        for (long id = 0; id < N; id++) {
            assertThat(filter.mightContain(id) && sparkFilter.mightContainLong(id)).isTrue();
        }
        for (long id = N; id < 2 * N; id++) {
            bloomeryFalse += filter.mightContain(id) ? 1 : 0;
            sparkFalse += sparkFilter.mightContainLong(id) ? 1 : 0;
        }
        ByteArrayOutputStream sparkBytes = new ByteArrayOutputStream();
        sparkFilter.writeTo(sparkBytes);

        System.out.printf("%n%d longs, fpp %.2f, local[2], %d partitions, %d timed builds each after one warm-up%n",
                N, FPP, LocalSpark.PARTITIONS, RUNS);
        System.out.println("| builder | build time, s (median; runs) | bits per item | serialized bytes | measured fpp (10,000,000 probes) |");
        System.out.println("|---|---:|---:|---:|---:|");
        row("Bloomery classic aggregate", bloomerySeconds, filter.bitSize(), envelope.length, bloomeryFalse);
        row("Spark df.stat().bloomFilter", sparkSeconds, sparkFilter.bitSize(), sparkBytes.size(), sparkFalse);
    }

    private static void row(String name, double[] seconds, long bits, long bytes, long falsePositives) {
        double[] sorted = seconds.clone();
        Arrays.sort(sorted);
        System.out.printf("| %s | %.1f (%s) | %.2f | %,d | %.3f%% |%n", name, sorted[RUNS / 2],
                String.join(", ", Arrays.stream(seconds).mapToObj(s -> String.format("%.1f", s)).toList()),
                (double) bits / N, bytes, 100.0 * falsePositives / N);
    }
}
