package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kinds that do not merge, built from a DataFrame: the partitions hash and deduplicate, the driver
 * builds from the distinct hashes, and the result reads back in plain Java.
 */
@ExtendWith(LocalSpark.class)
class CollectedBuildTest {
    /** Rows of the build side; every value appears twice and every tenth row is null. */
    private static final long ROWS = 200_000;
    private static final long DISTINCT = ROWS / 2;
    private static final long OTHERS = 500_000;

    static Stream<Arguments> kinds() {
        return Stream.of(
                Arguments.of("fuse", ColumnHasher.LONG),
                Arguments.of("fuse", ColumnHasher.STRING),
                Arguments.of("cuckoo", ColumnHasher.LONG),
                Arguments.of("scalable", ColumnHasher.STRING),
                // A static kind that only the tests register: built by name, with no code for it here.
                Arguments.of(SortedSetTestProvider.KIND, ColumnHasher.LONG));
    }

    /** Row i holds the value of {@code i % DISTINCT}; null when i is a multiple of 10. */
    private static Dataset<Row> twice(ColumnHasher type) {
        String value = switch (type) {
            case LONG -> "(id % " + DISTINCT + ") * 7";
            case STRING -> "concat('user-', id % " + DISTINCT + ")";
            default -> throw new IllegalArgumentException(type.name());
        };
        return LocalSpark.spark().range(0, ROWS, 1, LocalSpark.PARTITIONS)
                .selectExpr("CASE WHEN id % 10 = 0 THEN NULL ELSE " + value + " END AS value");
    }

    /**
     * Read back with {@link Filters#readFrom} alone, the filter finds every non-null value (0 false
     * negatives) and equals, byte for byte, the kind's own build from the distinct hashes. Its fpp
     * on 500,000 values never added stays under 1.15 times the filter's own expected fpp (for
     * {@code fuse} at 1%, f = 8: 2^−8, about 1,950 false positives expected, standard deviation
     * about 44, so the bound is 6.6 deviations away).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("kinds")
    void builtFromADataFrameReadsBackInPlainJavaWithNoFalseNegatives(String kind, ColumnHasher type)
            throws IOException {
        FilterSpec spec = FilterSpec.of(DISTINCT, 0.01);
        BuiltFilter built = FilterAggregates.build(twice(type), "value", kind, spec);

        MembershipFilter<Object> filter = Filters.readFrom(new ByteArrayInputStream(built.envelope()),
                type.untypedHasher());
        assertThat(filter.kind()).isEqualTo(kind);
        assertThat(built.nullsSkipped()).isEqualTo(ROWS / 10);
        assertThat(built.valuesAdded()).isEqualTo(ROWS - ROWS / 10);
        long[] hashes = LongStream.range(0, DISTINCT).filter(id -> id % 10 != 0)
                .map(id -> type.hash(TestTables.value(type, id))).toArray();
        long falseNegatives = Arrays.stream(hashes).filter(h -> !filter.mightContainHash(h)).count();
        assertThat(falseNegatives).as("false negatives").isZero();
        long[] distinct = Arrays.stream(hashes).sorted().distinct().toArray();
        assertThat(Arrays.equals(built.envelope(), FilterBytes.of(Filters.buildFromHashes(kind, spec,
                type.untypedHasher(), distinct)))).as("equals the kind's build from the distinct hashes").isTrue();
        long falsePositives = LongStream.range(ROWS, ROWS + OTHERS)
                .filter(id -> filter.mightContainHash(type.hash(TestTables.value(type, id)))).count();
        assertThat((double) falsePositives / OTHERS).as("fpp over %d values never added", OTHERS)
                .isLessThanOrEqualTo(1.15 * filter.expectedFpp());
    }

    @Test
    void aSetAboveTheLimitsIsRefusedNamingTheLimit() {
        assertThatThrownBy(() -> CollectedBuild.checkLimits("fuse", CollectedBuild.MAX_KEYS + 1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most " + CollectedBuild.MAX_KEYS + " distinct hashes");
        assertThatThrownBy(() -> CollectedBuild.checkLimits("fuse", 200_000_000, 1L << 30))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1600000000 bytes, more than spark.driver.maxResultSize (1073741824 bytes)");
        assertThatThrownBy(() -> CollectedBuild.checkLimits("fuse", 1_000_000_000, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 16000000000 bytes");
        CollectedBuild.checkLimits("fuse", 1_000_000, 1L << 30);
    }
}
