package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A filter given far more values than its spec's n is refused unless allowed, and a build without
 * n is sized from a first pass over the column.
 */
@ExtendWith(LocalSpark.class)
class OverfillTest {
    private static final long ROWS = 100_000;
    private static final double FPP = 0.01;

    @Test
    void valuesFarAboveNFailTheBuildNamingTheCountNAndTheFpp() {
        Dataset<Row> data = TestTables.values(ColumnHasher.LONG, 0, ROWS);

        assertThatThrownBy(() -> FilterAggregates.build(data, "value", "classic", FilterSpec.of(1, FPP)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("sized for 1 expected insertions")
                .hasMessageContaining(ROWS + " values were added")
                .hasMessageContaining("expected fpp of 1.000");
    }

    /** Three times n at 1% gives an expected fpp of about 14%, well past twice the target. */
    @Test
    void theAggregateColumnFailsTheQueryWithTheSameMessage() {
        Dataset<Row> data = TestTables.values(ColumnHasher.LONG, 0, ROWS);
        Dataset<Row> query = data.agg(FilterAggregates.column(data, "value", "classic", FilterSpec.of(ROWS / 3, FPP)));

        assertThatThrownBy(query::head).hasRootCauseInstanceOf(IllegalStateException.class)
                .rootCause().hasMessageContaining(ROWS + " values were added");
    }

    @Test
    void anAllowedOverfillReturnsTheFilterWithItsExpectedFpp() throws IOException {
        Dataset<Row> data = TestTables.values(ColumnHasher.LONG, 0, ROWS);

        BuiltFilter built = FilterAggregates.build(data, "value", "classic", FilterSpec.of(ROWS / 3, FPP),
                BuildOptions.defaults().withOverfillAllowed());

        MembershipFilter<Long> filter = built.read(KeyHasher.longs());
        assertThat(built.expectedFpp()).isGreaterThan(BuildOptions.OVERFILL_FACTOR * FPP)
                .isEqualTo(filter.expectedFpp());
        assertThat(built.valuesAdded()).isEqualTo(ROWS);
    }

    @Test
    void aFilterAtItsNPassesWithItsExpectedFppNearTheTarget() {
        BuiltFilter built = FilterAggregates.build(TestTables.values(ColumnHasher.LONG, 0, ROWS), "value", "classic",
                FilterSpec.of(ROWS, FPP));
        assertThat(built.expectedFpp()).isBetween(FPP / 2, FPP * 1.1);
    }

    /**
     * Each value twice (rows {@code i} and {@code i + distinct} hold the same string), a tenth of
     * them null: the sized filter is built for the distinct non-null values, counted exactly or by
     * HyperLogLog (raised by three of its relative deviations), and holds every value.
     */
    @ParameterizedTest(name = "exact count: {0}")
    @ValueSource(booleans = {true, false})
    void aBuildWithoutNIsSizedFromTheColumnsDistinctValues(boolean exact) throws IOException {
        long distinct = ROWS / 2;
        Dataset<Row> data = LocalSpark.spark().range(0, ROWS, 1, LocalSpark.PARTITIONS)
                .selectExpr("CASE WHEN id % 10 = 0 THEN NULL ELSE concat('user-', id % " + distinct + ") END AS value");
        BuildOptions options = exact ? BuildOptions.defaults().withExactDistinctCount() : BuildOptions.defaults();

        BuiltFilter built = FilterAggregates.buildSized(data, "value", "classic", FPP, Map.of(), options);

        MembershipFilter<CharSequence> filter = built.read(KeyHasher.strings());
        long nonNullDistinct = distinct - distinct / 10;
        long n = filter.spec().expectedInsertions();
        if (exact) {
            assertThat(n).isEqualTo(nonNullDistinct);
        } else {
            // Within three deviations of the true count, raised by three deviations.
            double rsd = FilterAggregates.SIZING_RSD;
            assertThat(n).isBetween((long) (nonNullDistinct * (1 - 3 * rsd)),
                    (long) Math.ceil(nonNullDistinct * (1 + 3 * rsd) * (1 + 3 * rsd)));
        }
        assertThat(built.nullsSkipped()).isEqualTo(ROWS / 10);
        assertThat(built.valuesAdded()).isEqualTo(ROWS - ROWS / 10);
        assertThat(built.expectedFpp()).isLessThanOrEqualTo(FPP * 1.15);
        for (long id = 0; id < distinct; id++) {
            if (id % 10 != 0) {
                assertThat(filter.mightContain("user-" + id)).as("user-%d", id).isTrue();
            }
        }
    }
}
