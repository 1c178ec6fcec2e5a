package org.bloomery.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A Spark-built filter as a semi-join pre-filter: the big side is filtered before the join. */
@ExtendWith(LocalSpark.class)
class SemiJoinTest {
    private static final double FPP = 0.01;
    private static final long BIG_ROWS = 400_000;

    /**
     * Small: 50,000 keys, every third of [0, 150,000). Big: 400,000 rows whose keys cycle twice
     * over [0, 200,000), so 100,000 of its rows match and 300,000 do not. The pre-filter only
     * removes rows, so the pre-filtered join is a sub-multiset of the real join, and equal counts
     * and sums mean equal results. Among the 300,000 non-matching rows about 1% (3,000, standard
     * deviation 55) pass the filter; 1 − 2p asks that at most 6,000 do, 55 deviations away.
     */
    @Test
    void thePreFilteredJoinEqualsTheJoinAndDropsAtLeastOneMinusTwoPOfTheOtherRows() {
        var spark = LocalSpark.spark();
        Dataset<Row> small = spark.range(0, 150_000, 3, LocalSpark.PARTITIONS).toDF("key")
                .selectExpr("key", "concat('name-', key) AS name");
        Dataset<Row> big = spark.range(0, BIG_ROWS, 1, LocalSpark.PARTITIONS).toDF("id")
                .selectExpr("id", "id % 200000 AS key");
        BuiltFilter filter = FilterAggregates.build(small, "key", "classic", FilterSpec.of(50_000, FPP));

        Dataset<Row> preFiltered = big.where(FilterProbe.mightContain(lit(filter.envelope()), col("key")));
        Row real = big.join(small, "key").selectExpr("count(*)", "sum(id)", "sum(key)").head();
        Row viaFilter = preFiltered.join(small, "key").selectExpr("count(*)", "sum(id)", "sum(key)").head();
        long kept = preFiltered.count();

        assertThat(viaFilter).isEqualTo(real);
        long matching = real.getLong(0);
        long nonMatching = BIG_ROWS - matching;
        assertThat(matching).isEqualTo(100_000);
        long dropped = BIG_ROWS - kept;
        assertThat((double) dropped / nonMatching).as("share of non-matching rows dropped").isGreaterThanOrEqualTo(1 - 2 * FPP);
    }
}
