package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.bloom.BloomLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A filter built by Spark from partitions equals, byte for byte, the filter built from the same
 * values in one JVM: every partition adds the values' hashes and the merge (bitwise OR, counter
 * sums) gives the bits a sequential build gives.
 */
@ExtendWith(LocalSpark.class)
class SparkBuildTest {
    private static final long ROWS = 1_000_000;

    /** One row per kind and spec; a new layout or kind is one more row. */
    static Stream<Arguments> specs() {
        return Stream.of(
                Arguments.of("classic", FilterSpec.of(ROWS, 0.01), ColumnHasher.LONG),
                Arguments.of("classic", FilterSpec.of(ROWS, 0.001), ColumnHasher.STRING),
                Arguments.of("classic", FilterSpec.of(ROWS, 0.01).withOption(BloomLayout.OPTION, "blocked"),
                        ColumnHasher.LONG),
                Arguments.of("classic", FilterSpec.of(ROWS, 0.01).withOption(BloomLayout.OPTION, "sectored"),
                        ColumnHasher.LONG),
                Arguments.of("classic", FilterSpec.of(ROWS, 0.01).withOption(BloomLayout.OPTION, "patterned"),
                        ColumnHasher.LONG),
                Arguments.of("counting", FilterSpec.of(ROWS, 0.01), ColumnHasher.LONG));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("specs")
    void aMillionRowsInEightPartitionsEqualAOneJvmBuild(String kind, FilterSpec spec, ColumnHasher type) {
        BuiltFilter built = FilterAggregates.build(TestTables.values(type, 0, ROWS), "value", kind, spec);

        assertThat(built.valuesAdded()).isEqualTo(ROWS);
        assertThat(built.nullsSkipped()).isZero();
        assertEqualBytes(built, oneJvmBuild(kind, spec, type, ROWS, 0));
    }

    @ParameterizedTest
    @EnumSource(ColumnHasher.class)
    void everyColumnTypeBuildsAsItsHasherDoesAndSkipsNulls(ColumnHasher type) {
        long rows = 20_000;
        long nullEvery = 10;
        FilterSpec spec = FilterSpec.of(rows, 0.01);
        BuiltFilter built = FilterAggregates.build(TestTables.values(type, 0, rows, nullEvery), "value", "classic", spec);

        assertThat(built.hasher()).isEqualTo(type);
        assertThat(built.nullsSkipped()).isEqualTo(rows / nullEvery);
        assertThat(built.valuesAdded()).isEqualTo(rows - rows / nullEvery);
        assertEqualBytes(built, oneJvmBuild("classic", spec, type, rows, nullEvery));
    }

    /**
     * The build time of a million cached longs against Spark's {@code df.stat().bloomFilter} at the
     * same n and p, recorded in the test output and not asserted (the benchmark measures speed:
     * {@code SparkBuildBenchmarkTest}); asserted is that both size the filter alike, within one
     * 64-bit word.
     */
    @Test
    void buildTimeAgainstSparksBloomFilterIsRecorded() {
        Dataset<Row> data = TestTables.values(ColumnHasher.LONG, 0, ROWS).cache();
        data.count();
        long bloomeryNanos = Long.MAX_VALUE;
        long sparkNanos = Long.MAX_VALUE;
        BuiltFilter built = null;
        org.apache.spark.util.sketch.BloomFilter sparkFilter = null;
        for (int run = 0; run < 2; run++) {
            long start = System.nanoTime();
            built = FilterAggregates.build(data, "value", "classic", FilterSpec.of(ROWS, 0.01));
            bloomeryNanos = Math.min(bloomeryNanos, System.nanoTime() - start);
            start = System.nanoTime();
            sparkFilter = data.stat().bloomFilter("value", ROWS, 0.01);
            sparkNanos = Math.min(sparkNanos, System.nanoTime() - start);
        }
        data.unpersist();
        System.out.printf("%n%,d cached longs, fpp 0.01, best of 2 (not asserted): FilterAggregates.build %.3f s,"
                + " df.stat().bloomFilter %.3f s%n", ROWS, bloomeryNanos / 1e9, sparkNanos / 1e9);
        MembershipFilter<Object> filter =
                Filters.create("classic", FilterSpec.of(ROWS, 0.01), ColumnHasher.LONG.untypedHasher());
        assertThat(built.envelope().length).isGreaterThan((int) (filter.bitSize() / Byte.SIZE));
        assertThat(Math.abs(filter.bitSize() - sparkFilter.bitSize())).as("bits: Bloomery %d, Spark %d",
                filter.bitSize(), sparkFilter.bitSize()).isLessThanOrEqualTo(64);
    }

    private static byte[] oneJvmBuild(String kind, FilterSpec spec, ColumnHasher type, long rows, long nullEvery) {
        MembershipFilter<Object> filter = Filters.create(kind, spec, type.untypedHasher());
        for (long id = 0; id < rows; id++) {
            if (nullEvery == 0 || id % nullEvery != 0) {
                filter.addHash(type.hash(TestTables.value(type, id)));
            }
        }
        return FilterBytes.of(filter);
    }

    private static void assertEqualBytes(BuiltFilter built, byte[] expected) {
        // Not assertThat(byte[]).isEqualTo: a mismatch would print megabytes.
        assertThat(Arrays.equals(built.envelope(), expected))
                .as("Spark-built envelope (%d bytes) equals the one-JVM build (%d bytes); first difference at %d",
                        built.envelope().length, expected.length, Arrays.mismatch(built.envelope(), expected))
                .isTrue();
    }
}
