package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.util.sketch.BloomFilter;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.bloom.BloomLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The speed table of the Spark docs: a filter over {@code bloomery.spark.rows} longs (default
 * 10,000,000; {@code spark.range}, cached, 8 partitions) built on {@code local[2]} by Spark's
 * {@code df.stat().bloomFilter} and by Bloomery's builds for the same n and p = 1%, in one session:
 * one warm-up build of each, then {@code bloomery.spark.runs} rounds (default 5), each round
 * building with every builder in turn so that a change of load hits all of them alike. Prints each
 * builder's median and every run, bits per item, serialized bytes and the fpp measured on the n
 * longs that follow (about 100,000 false positives expected at 1% for 10^7 probes, standard
 * deviation about 315, so the fpps resolve about ±0.01%); asserts only that every built value is
 * found. Slow, so it runs only with {@code -Dbloomery.slowTests=true}.
 */
@ExtendWith(LocalSpark.class)
@EnabledIfSystemProperty(named = "bloomery.slowTests", matches = "true")
class SparkBuildBenchmarkTest {
    private static final long N = Long.getLong("bloomery.spark.rows", 10_000_000);
    private static final int RUNS = Integer.getInteger("bloomery.spark.runs", 5);
    private static final double FPP = 0.01;

    /** What one builder made: the filter as a predicate on longs, its bits and serialized bytes. */
    private record Result(LongPredicate mightContain, long bits, long bytes) {
    }

    @Test
    void buildWithBloomeryAndWithSparkOnTheSameCachedData() {
        Dataset<Row> data = LocalSpark.spark().range(0, N, 1, LocalSpark.PARTITIONS).toDF("id").cache();
        data.count();
        FilterSpec spec = FilterSpec.of(N, FPP);
        Map<String, Supplier<Result>> builders = new LinkedHashMap<>();
        builders.put("Spark 3.5 `df.stat().bloomFilter`", () -> spark(data.stat().bloomFilter("id", N, FPP)));
        builders.put("`FilterAggregates.build`, `classic`",
                () -> bloomery(FilterAggregates.build(data, "id", "classic", spec)));
        builders.put("`FilterAggregates.build`, `classic`, `layout=blocked`", () -> bloomery(FilterAggregates.build(data,
                "id", "classic", spec.withOption(BloomLayout.OPTION, "blocked"))));
        builders.put("`FilterAggregates.column` in `agg`, `classic`", () -> bloomery(new BuiltFilter(ColumnHasher.LONG,
                data.agg(FilterAggregates.column(data, "id", "classic", spec)).head().getAs(0), N, 0, FPP)));

        TimedRounds<Result> timed = TimedRounds.run(builders, RUNS);
        data.unpersist();

        System.out.printf("%n%,d longs (spark.range, cached, %d partitions) on local[2], fpp %.2f, %d timed rounds after"
                + " one warm-up, %s%n", N, LocalSpark.PARTITIONS, FPP, RUNS, LocalDate.now());
        System.out.println("| builder | build time, s: median (runs) | bits per item | serialized bytes | measured fpp |");
        System.out.println("|---|---:|---:|---:|---:|");
        for (String name : timed.names()) {
            row(name, timed.times(name), timed.result(name));
        }
    }

    private static Result spark(BloomFilter filter) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            filter.writeTo(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Result(filter::mightContainLong, filter.bitSize(), bytes.size());
    }

    private static Result bloomery(BuiltFilter built) {
        try {
            MembershipFilter<Long> filter = built.read(KeyHasher.longs());
            return new Result(filter::mightContain, filter.bitSize(), built.envelope().length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void row(String name, String times, Result result) {
        for (long id = 0; id < N; id++) {
            assertThat(result.mightContain().test(id)).as("%s finds built value %d", name, id).isTrue();
        }
        long falsePositives = 0;
        for (long id = N; id < 2 * N; id++) {
            falsePositives += result.mightContain().test(id) ? 1 : 0;
        }
        System.out.printf("| %s | %s | %.2f | %,d | %.3f%% |%n", name, times, (double) result.bits() / N,
                result.bytes(), 100.0 * falsePositives / N);
    }
}
