package org.bloomery.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file probe against the bytes probe, for the Spark docs, in the tests' {@code local[2]}
 * session: for each size in {@code bloomery.spark.fileProbeKeys} (default 1,000,000, 10,000,000
 * and 50,000,000 keys), a {@code classic} filter of the sectored layout at p = 1%, built in this JVM
 * and written to a local file. The bytes probe is timed only on files up to {@code
 * bloomery.spark.bytesProbeMaxBytes} (default 32 MiB).
 *
 * <p><b>Time to first answer:</b> from the file's path to the result of a first query (a count over
 * 8,000 rows in 8 partitions, so every task needs the filter) that no cache of this JVM holds the
 * filter for: the bytes probe reads the file into an array at the driver ({@link
 * FilterFiles#readBytes}), checks it ({@link FilterProbe#mightContain(byte[], Column)}) and ships it
 * in the plan; the file probe checks the file and each executor maps it. {@code
 * bloomery.spark.runs} rounds (default 3), each with a filter of new keys, the two probes in
 * alternating order, after both probed a small filter once (so neither pays the first compilation
 * of its code). <b>Steady state:</b> then both probes of the last filter over {@code
 * bloomery.spark.probeRows} rows (default 10,000,000, {@code spark.range} in 8 partitions), with the
 * same scan without a probe, in rounds after one warm-up ({@link TimedRounds}). Prints medians and
 * every run, and asserts that both probes count the same rows. Slow, so it runs only with {@code
 * -Dbloomery.slowTests=true}.
 */
@ExtendWith(LocalSpark.class)
@EnabledIfSystemProperty(named = "bloomery.slowTests", matches = "true")
class FileProbeBenchmarkTest {
    private static final long[] KEYS = Arrays.stream(System.getProperty("bloomery.spark.fileProbeKeys",
            "1000000,10000000,50000000").split(",")).mapToLong(Long::parseLong).toArray();
    /**
     * Largest filter file the bytes probe is timed on ({@code bloomery.spark.bytesProbeMaxBytes}):
     * its bytes are a literal of the plan, which Spark renders in full into each query's plan
     * description, and a 64 MB filter's ran the tests' 2 GB driver out of heap.
     */
    private static final long BYTES_PROBE_MAX_BYTES = Long.getLong("bloomery.spark.bytesProbeMaxBytes", 32L << 20);
    private static final long ROWS = Long.getLong("bloomery.spark.probeRows", 10_000_000);
    private static final int RUNS = Integer.getInteger("bloomery.spark.runs", 3);
    private static final long FIRST_QUERY_ROWS = 8_000;
    private static final double FPP = 0.01;

    @TempDir
    static Path dir;

    @Test
    void theFileProbeAgainstTheBytesProbe() throws IOException {
        SparkSession spark = LocalSpark.spark();
        System.out.printf("%nFile probe against bytes probe: classic, layout=sectored, p = %.2f; local[2], JDK %s,"
                + " %d rounds, started %s UTC%n", FPP, Runtime.version(), RUNS,
                LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")));
        // Warm-up: both probes' code paths once, on a small filter, so no first answer below pays them.
        Path warmUp = write(1_000, 0);
        Dataset<Row> few = spark.range(0, FIRST_QUERY_ROWS, 1, LocalSpark.PARTITIONS).toDF("id");
        few.where(FilterProbe.mightContain(Files.readAllBytes(warmUp), col("id"))).count();
        few.where(FilterProbe.mightContainFile(warmUp.toString(), col("id"))).count();
        for (long keys : KEYS) {
            Path file = null;
            List<String> bytesFirst = new ArrayList<>();
            List<String> fileFirst = new ArrayList<>();
            double[] bytesSeconds = new double[RUNS];
            double[] fileSeconds = new double[RUNS];
            boolean bytesTimed = true;
            for (int round = 0; round < RUNS; round++) {
                file = write(keys, round);
                bytesTimed = Files.size(file) <= BYTES_PROBE_MAX_BYTES;
                String path = file.toString();
                Dataset<Row> first = spark.range(0, FIRST_QUERY_ROWS, 1, LocalSpark.PARTITIONS).toDF("id");
                Supplier<Long> bytes = () -> timedCount(() -> {
                    byte[] envelope = FilterFiles.readBytes(new org.apache.hadoop.fs.Path(path),
                            spark.sparkContext().hadoopConfiguration());
                    return first.where(FilterProbe.mightContain(envelope, col("id")));
                });
                Supplier<Long> mapped = () -> timedCount(() -> first.where(FilterProbe.mightContainFile(path, col("id"))));
                long bytesNanos = 0;
                long fileNanos;
                if (round % 2 == 0 && bytesTimed) {
                    bytesNanos = bytes.get();
                    fileNanos = mapped.get();
                } else {
                    fileNanos = mapped.get();
                    bytesNanos = bytesTimed ? bytes.get() : 0;
                }
                bytesSeconds[round] = bytesNanos / 1e9;
                fileSeconds[round] = fileNanos / 1e9;
                bytesFirst.add(String.format("%.2f", bytesSeconds[round]));
                fileFirst.add(String.format("%.2f", fileSeconds[round]));
            }
            String path = file.toString();
            Dataset<Row> rows = spark.range(0, ROWS, 1, LocalSpark.PARTITIONS).toDF("id");
            Map<String, Supplier<Long>> queries = new LinkedHashMap<>();
            if (bytesTimed) {
                Column bytesProbe = FilterProbe.mightContain(Files.readAllBytes(file), col("id"));
                queries.put("bytes probe", () -> rows.where(bytesProbe).count());
            }
            Column fileProbe = FilterProbe.mightContainFile(path, col("id"));
            queries.put("file probe", () -> rows.where(fileProbe).count());
            queries.put("the scan alone, no probe", () -> rows.where(col("id").geq(0)).count());
            TimedRounds<Long> timed = TimedRounds.run(queries, RUNS);
            if (bytesTimed) {
                assertThat(timed.result("file probe")).isEqualTo(timed.result("bytes probe"));
            }

            System.out.printf("%n%,d keys, %,d bytes; time to first answer (s): bytes probe %s, file probe %.2f (%s)%n",
                    keys, Files.size(file), bytesTimed ? String.format("%.2f (%s)", median(bytesSeconds),
                            String.join(", ", bytesFirst)) : "not timed (above bloomery.spark.bytesProbeMaxBytes)",
                    median(fileSeconds), String.join(", ", fileFirst));
            System.out.printf("steady state over %,d rows (%,d pass):%n", ROWS, timed.result("file probe"));
            System.out.println("| query | time, s: median (runs) | rows per second |");
            System.out.println("|---|---:|---:|");
            for (String name : timed.names()) {
                System.out.printf("| %s | %s | %,.0f |%n", name, timed.times(name), ROWS / timed.median(name));
            }
        }
    }

    /** A new filter of {@code keys} keys (round r adds r·keys, ..., (r + 1)·keys − 1) in a file of its own. */
    private static Path write(long keys, int round) throws IOException {
        MembershipFilter<Long> filter = Filters.create("classic", FilterSpec.of(keys, FPP).withOption("layout", "sectored"),
                KeyHasher.longs());
        for (long key = round * keys; key < (round + 1) * keys; key++) {
            filter.addLong(key);
        }
        Path file = dir.resolve("sectored-" + keys + "-" + round + ".blmf");
        try (OutputStream out = Files.newOutputStream(file)) {
            filter.writeTo(out);
        }
        return file;
    }

    /** A query's count, timed from before it is made: nanoseconds. */
    private static long timedCount(QueryMaker make) {
        long start = System.nanoTime();
        try {
            make.make().count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return System.nanoTime() - start;
    }

    private static double median(double[] seconds) {
        double[] sorted = seconds.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    @FunctionalInterface
    private interface QueryMaker {
        Dataset<Row> make() throws IOException;
    }
}
