package org.bloomery.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The probe function over a filter built by Spark, from the DataFrame API and from SQL. */
@ExtendWith(LocalSpark.class)
class FilterProbeTest {
    private static final long BUILD_ROWS = 100_000;
    private static final long OTHER_ROWS = 1_000_000;
    private static final double FPP = 0.01;

    private static BuiltFilter built;

    @BeforeAll
    static void build() {
        built = FilterAggregates.build(TestTables.values(ColumnHasher.LONG, 0, BUILD_ROWS), "value", "classic",
                FilterSpec.of(BUILD_ROWS, FPP));
    }

    private static Column probe(Column value) {
        return FilterProbe.mightContain(lit(built.envelope()), value);
    }

    /**
     * 1,000,000 probes of values never added (rows past the build side) at a 1% target: about
     * 10,000 false positives are expected, with a binomial standard deviation of about 100, so the
     * bound of 1.15 × 1% (11,500) is 15 standard deviations above the target: a filter that meets
     * its target passes with near certainty and one 20% over it fails.
     */
    @Test
    void everyBuildValueIsFoundAndTheFppOnAMillionOtherValuesIsWithinTheBound() {
        long readsBefore = ProbeCache.reads();
        Dataset<Row> buildSide = TestTables.values(ColumnHasher.LONG, 0, BUILD_ROWS);
        Dataset<Row> others = TestTables.values(ColumnHasher.LONG, BUILD_ROWS, BUILD_ROWS + OTHER_ROWS);

        long falseNegatives = buildSide.where(not(probe(col("value")))).count();
        long falsePositives = others.where(probe(col("value"))).count();

        assertThat(falseNegatives).as("build-side values the probe missed").isZero();
        assertThat((double) falsePositives / OTHER_ROWS).as("measured fpp over %d other values", OTHER_ROWS)
                .isLessThanOrEqualTo(FPP * 1.15);
        // 16 tasks over two jobs in one executor (local mode) read the filter once.
        assertThat(ProbeCache.reads() - readsBefore).as("filter reads").isLessThanOrEqualTo(1);
    }

    @Test
    void sqlProbesAFilterBuiltBySqlFromAScalarSubquery() {
        var spark = LocalSpark.spark();
        FilterAggregates.register(spark, "build_ids", "classic", FilterSpec.of(BUILD_ROWS, FPP), ColumnHasher.LONG);
        TestTables.values(ColumnHasher.LONG, 0, BUILD_ROWS).createOrReplaceTempView("small");
        TestTables.values(ColumnHasher.LONG, 0, 2 * BUILD_ROWS).createOrReplaceTempView("big");

        Row row = spark.sql("SELECT count(*), count_if(bloomery_might_contain((SELECT build_ids(value) FROM small), value))"
                + " FROM big").head();

        long positives = row.getLong(1);
        assertThat(row.getLong(0)).isEqualTo(2 * BUILD_ROWS);
        // Every small value, plus false positives among the other 100,000 (about 1,000 at 1%).
        assertThat(positives).isBetween(BUILD_ROWS, BUILD_ROWS + (long) (BUILD_ROWS * FPP * 1.5));
        byte[] fromSql = spark.sql("SELECT build_ids(value) FROM small").head().getAs(0);
        assertThat(fromSql).as("SQL build equals the DataFrame build").isEqualTo(built.envelope());
    }

    /**
     * A bigint filter built before the long hasher became XXH3 names {@code xxh64:long-le}: the probe
     * reads it with that hasher and hashes each value with it, so it answers exactly as the filter
     * does in the JVM: every added value, and the same false positives among 100,000 others.
     */
    @Test
    void aLongFilterWrittenWithTheXxh64HasherIsProbedWithThatHasher() {
        MembershipFilter<Long> old = Filters.create("classic", FilterSpec.of(1_000, FPP), KeyHasher.longsXxh64());
        for (long id = 0; id < 1_000; id++) {
            old.add((Long) TestTables.value(ColumnHasher.LONG, id));
        }
        long expectedPositives = 1_000;
        for (long id = 1_000; id < BUILD_ROWS; id++) {
            expectedPositives += old.mightContain((Long) TestTables.value(ColumnHasher.LONG, id)) ? 1 : 0;
        }
        Column probe = FilterProbe.mightContain(lit(FilterBytes.of(old)), col("value"));

        long positives = TestTables.values(ColumnHasher.LONG, 0, BUILD_ROWS).where(probe).count();

        assertThat(positives).as("probe answers true, against %d in the JVM", expectedPositives)
                .isEqualTo(expectedPositives).isGreaterThan(1_000);
    }

    @Test
    void nullValuesAndNullFiltersGiveNull() {
        Row row = TestTables.values(ColumnHasher.LONG, 0, 10, 2)
                .select(probe(col("value")).as("p"), FilterProbe.mightContain(lit(null).cast("binary"), col("value")))
                .where(col("value").isNull()).head();
        assertThat(row.isNullAt(0)).isTrue();
        assertThat(row.isNullAt(1)).isTrue();
    }

    @Test
    void corruptFilterBytesAreRefusedWhenTheQueryIsAnalysedWithTheModulesMessageFirst() throws InterruptedException {
        Dataset<Row> values = TestTables.values(ColumnHasher.LONG, 0, 10);
        byte[][] bad = corruptEnvelopes();
        List<Throwable> refusals = JobCounter.refusedBeforeAnyJob(
                () -> values.where(FilterProbe.mightContain(lit(bad[0]), col("value"))),
                () -> values.where(FilterProbe.mightContain(lit(bad[1]), col("value"))),
                () -> values.where(FilterProbe.mightContain(lit(bad[2]), col("value"))));
        assertThat(refusals).allSatisfy(refusal -> {
            assertThat(refusal).isInstanceOf(AnalysisException.class).hasCauseInstanceOf(InvalidFilterDataException.class);
            assertThat(firstLine(refusal)).isEqualTo(firstLine(refusal.getCause()));
        });
        for (byte[] envelope : bad) {
            assertThatThrownBy(() -> FilterProbe.mightContain(envelope, col("value")))
                    .isInstanceOf(InvalidFilterDataException.class);
        }
    }

    /** Bytes in a column are not known while the query is analysed: a task meets them. */
    @Test
    void corruptFilterBytesKnownOnlyWhenATaskRunsFailTheTaskWithInvalidFilterData() {
        Dataset<Row> probed = TestTables.values(ColumnHasher.LONG, 0, 10).withColumn("filter", lit(corruptEnvelopes()[0]))
                .where(FilterProbe.mightContain(col("filter"), col("value")));
        assertThatThrownBy(probed::count).hasRootCauseInstanceOf(InvalidFilterDataException.class);
    }

    private static byte[][] corruptEnvelopes() {
        byte[] flipped = built.envelope().clone();
        flipped[FilterBytes.bodyOffset(flipped) + 20] ^= 0x10;
        return new byte[][] {flipped, "not a filter".getBytes(), new byte[0]};
    }

    @Test
    void aColumnOfAnotherTypeThanTheFilterIsRefusedWhenTheQueryIsAnalysed() throws InterruptedException {
        Dataset<Row> values = TestTables.values(ColumnHasher.STRING, 0, 10);
        Throwable refusal = JobCounter.refusedBeforeAnyJob(() -> values.where(probe(col("value"))));
        assertThat(refusal).isInstanceOf(AnalysisException.class);
        assertThat(firstLine(refusal)).contains("xxh3:long-le").contains("xxh64:utf8");
    }

    @Test
    void aColumnTypeWithNoHasherIsRefusedNamingTheSupportedTypes() throws InterruptedException {
        Dataset<Row> values = TestTables.values(ColumnHasher.LONG, 0, 10);
        Throwable refusal = JobCounter.refusedBeforeAnyJob(() -> values.where(probe(col("value").cast("double"))));
        assertThat(refusal).isInstanceOf(AnalysisException.class);
        assertThat(firstLine(refusal)).startsWith("a column of type double has no Bloomery hasher")
                .contains(ColumnHasher.supportedTypes());
    }

    @Test
    void sqlRefusesAFilterArgumentThatIsNotBinary() throws InterruptedException {
        Throwable refusal = JobCounter.refusedBeforeAnyJob(
                () -> LocalSpark.spark().sql("SELECT bloomery_might_contain('abc', 1L)"));
        assertThat(firstLine(refusal)).startsWith("function bloomery_might_contain takes a binary argument at position 1");
    }

    private static String firstLine(Throwable t) {
        return t.getMessage().lines().findFirst().orElseThrow();
    }
}
