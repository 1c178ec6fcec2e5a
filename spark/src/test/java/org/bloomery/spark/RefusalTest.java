package org.bloomery.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.bloom.BloomLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What a build refuses, and that it refuses it before any job runs. */
@ExtendWith(LocalSpark.class)
class RefusalTest {
    private static final FilterSpec SPEC = FilterSpec.of(1000, 0.01);

    @Test
    void everyInProcessKindBuildsAndTheKindsThatMergeAreAggregates() {
        assertThat(FilterAggregates.buildableKinds())
                .isEqualTo(Filters.providers().stream().filter(p -> !p.capabilities().contains(Capability.SHARED))
                        .map(FilterProvider::kind).sorted().toList())
                .contains("classic", "counting", "cuckoo", "scalable", "fuse", "ribbon")
                .doesNotContain("redis-classic", "redis-counting");
        assertThat(FilterAggregates.mergeableKinds()).contains("classic", "counting")
                .doesNotContain("cuckoo", "scalable", "fuse", "ribbon", "redis-classic");
    }

    /**
     * Each bad build, as the kind, the spec (n or p too large for one binary value or the
     * executors' 2 GiB heap, an unknown layout, an unknown option) and the message it is refused
     * with.
     */
    static Stream<Arguments> badBuilds() {
        return Stream.of(
                Arguments.of("no-such-kind", SPEC, "unknown filter kind 'no-such-kind'"),
                Arguments.of("redis-classic", SPEC, "lives in a server"),
                Arguments.of("classic", SPEC.withOption(BloomLayout.OPTION, "diagonal"), "diagonal"),
                Arguments.of("classic", SPEC.withOption("colour", "blue"), "colour"),
                Arguments.of("classic", FilterSpec.of(5_000_000_000L, 1e-4), "more than one Spark binary value holds"),
                Arguments.of("counting", FilterSpec.of(1_000_000_000L, 0.01), "more than one Spark binary value holds"),
                Arguments.of("classic", FilterSpec.of(600_000_000L, 0.01), "task slots"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("badBuilds")
    void aBadBuildIsRefusedByEveryEntryPointBeforeAnyJobRuns(String kind, FilterSpec spec, String message)
            throws InterruptedException {
        var spark = LocalSpark.spark();
        Dataset<Row> data = TestTables.values(ColumnHasher.LONG, 0, 100);
        List<Throwable> refusals = JobCounter.refusedBeforeAnyJob(
                () -> FilterAggregates.build(data, "value", kind, spec),
                () -> FilterAggregates.column(data, "value", kind, spec),
                () -> FilterAggregates.function(kind, spec, ColumnHasher.LONG),
                () -> FilterAggregates.register(spark, "refused", kind, spec, ColumnHasher.LONG));
        assertThat(refusals).allSatisfy(refusal -> assertThat(refusal).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message));
    }

    @Test
    void aSizedBuildChecksTheKindAndOptionsBeforeItCounts() throws InterruptedException {
        Dataset<Row> data = TestTables.values(ColumnHasher.LONG, 0, 100);
        assertThat(JobCounter.refusedBeforeAnyJob(() -> FilterAggregates.buildSized(data, "value", "classic", 0.01,
                Map.of(BloomLayout.OPTION, "diagonal"), BuildOptions.defaults())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("diagonal");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cuckoo", "scalable", "fuse", SortedSetTestProvider.KIND})
    void kindsThatDoNotMergeAreNoAggregateButPointToTheBuild(String kind) throws InterruptedException {
        Dataset<Row> data = TestTables.values(ColumnHasher.LONG, 0, 100);
        assertThat(JobCounter.refusedBeforeAnyJob(() -> FilterAggregates.column(data, "value", kind, SPEC)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + kind + "' does not merge")
                .hasMessageContaining("FilterAggregates.build")
                .hasMessageContaining(FilterAggregates.mergeableKinds().toString());
    }

    @Test
    void aColumnTypeWithNoHasherIsRefusedBeforeAnyJob() throws InterruptedException {
        Dataset<Row> data = TestTables.values(ColumnHasher.LONG, 0, 10).selectExpr("CAST(value AS DOUBLE) AS d");
        List<Throwable> refusals = JobCounter.refusedBeforeAnyJob(
                () -> FilterAggregates.column(data, "d", "classic", SPEC),
                () -> FilterAggregates.build(data, "d", "classic", SPEC));
        assertThat(refusals).allSatisfy(refusal -> assertThat(refusal).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("type double")
                .hasMessageContaining(ColumnHasher.supportedTypes()));
    }

    /** Spark would cast a string to bigint (null for every e-mail) and an int to bigint; both are refused. */
    @ParameterizedTest
    @ValueSource(strings = {"STRING", "INT", "BINARY"})
    void aSqlFunctionRefusesAColumnOfAnotherTypeWhenTheQueryIsAnalysed(ColumnHasher type) throws InterruptedException {
        var spark = LocalSpark.spark();
        FilterAggregates.register(spark, "build_longs", "classic", SPEC, ColumnHasher.LONG);
        TestTables.values(type, 0, 10).createOrReplaceTempView("other_type");

        Throwable refusal = JobCounter.refusedBeforeAnyJob(() -> spark.sql("SELECT build_longs(value) FROM other_type"));

        assertThat(refusal).isInstanceOf(AnalysisException.class);
        assertThat(refusal.getMessage().lines().findFirst().orElseThrow())
                .startsWith("function build_longs takes a bigint argument at position 1, not "
                        + type.dataType().simpleString());
    }

    @Test
    void aSqlFunctionTakesItsOwnTypeAndCountsNullsAsSkipped() {
        var spark = LocalSpark.spark();
        FilterAggregates.register(spark, "build_strings", "classic", SPEC, ColumnHasher.STRING);
        TestTables.values(ColumnHasher.STRING, 0, 1000, 10).createOrReplaceTempView("strings");

        Row row = spark.sql("SELECT build_strings(value), count(*) - count(value) FROM strings").head();

        assertThat(row.getLong(1)).as("nulls skipped").isEqualTo(100);
        assertThat((byte[]) row.getAs(0)).isEqualTo(
                FilterAggregates.build(TestTables.values(ColumnHasher.STRING, 0, 1000, 10), "value", "classic", SPEC)
                        .envelope());
        assertThat(spark.table("strings").where(col("value").isNull()).count()).isEqualTo(100);
    }
}
