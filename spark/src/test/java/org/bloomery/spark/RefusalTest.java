package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the aggregate refuses before any job runs. */
@ExtendWith(LocalSpark.class)
class RefusalTest {
    private static final FilterSpec SPEC = FilterSpec.of(1000, 0.01);

    @Test
    void theBuildableKindsAreTheInProcessKindsThatAddAndMerge() {
        assertThat(FilterAggregates.mergeableKinds())
                .isEqualTo(Filters.choose(EnumSet.of(Capability.ADD, Capability.MERGE)).stream()
                        .filter(p -> !p.capabilities().contains(Capability.SHARED)).map(FilterProvider::kind).toList())
                .contains("classic", "counting")
                .doesNotContain("cuckoo", "scalable", "fuse", "ribbon", "redis-classic");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cuckoo", "scalable", "fuse", "ribbon", "redis-classic", "redis-counting"})
    void kindsThatCannotMergeAreRefusedNamingTheMergeableKinds(String kind) {
        assertThatThrownBy(() -> FilterAggregates.function(kind, SPEC, ColumnHasher.LONG))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + kind + "' cannot merge")
                .hasMessageContaining(FilterAggregates.mergeableKinds().toString());
    }

    @Test
    void anUnknownKindIsRefusedNamingTheMergeableKinds() {
        assertThatThrownBy(() -> FilterAggregates.function("no-such-kind", SPEC, ColumnHasher.LONG))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no-such-kind")
                .hasMessageContaining(FilterAggregates.mergeableKinds().toString());
    }

    @Test
    void aColumnTypeWithNoHasherIsRefusedWhenTheAggregateIsPlanned() {
        Dataset<Row> data = TestTables.values(ColumnHasher.LONG, 0, 10).selectExpr("CAST(value AS DOUBLE) AS d");
        long jobsBefore = LocalSpark.spark().sparkContext().statusTracker().getJobIdsForGroup(null).length;

        assertThatThrownBy(() -> FilterAggregates.column(data, "d", "classic", SPEC))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("type double")
                .hasMessageContaining(ColumnHasher.supportedTypes());
        assertThatThrownBy(() -> FilterAggregates.build(data, "d", "classic", SPEC))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(LocalSpark.spark().sparkContext().statusTracker().getJobIdsForGroup(null))
                .as("jobs run").hasSize((int) jobsBefore);
    }

    @Test
    void aSqlFunctionRefusesAColumnItCannotTakeWhenTheQueryIsAnalysed() {
        FilterAggregates.register(LocalSpark.spark(), "build_longs", "classic", SPEC, ColumnHasher.LONG);
        TestTables.values(ColumnHasher.BINARY, 0, 10).createOrReplaceTempView("binaries");

        assertThatThrownBy(() -> LocalSpark.spark().sql("SELECT build_longs(value) FROM binaries"))
                .isInstanceOf(AnalysisException.class)
                .hasMessageContaining("binary");
    }
}
