package org.bloomery.spark;

import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Generated tables: column {@code value} holds, for row i, a value of one column type that the
 * tests can also compute in this JVM ({@link #value}); every {@code nullEvery}-th row holds null
 * instead. The rows come from {@code spark.range}, spread over {@link LocalSpark#PARTITIONS}.
 */
final class TestTables {
    private TestTables() {
    }

    /** Rows {@code [from, to)} with the values of {@code type}, no nulls. */
    static Dataset<Row> values(ColumnHasher type, long from, long to) {
        return values(type, from, to, 0);
    }

    /** Rows {@code [from, to)} with the values of {@code type}, null at every multiple of {@code nullEvery} (0: never). */
    static Dataset<Row> values(ColumnHasher type, long from, long to, long nullEvery) {
        String value = switch (type) {
            case LONG -> "id * 7";
            case INT -> "CAST(id * 7 AS INT)";
            case STRING -> "concat('user-', id)";
            case BINARY -> "CAST(concat('b', id) AS BINARY)";
        };
        String expression = nullEvery == 0 ? value
                : "CASE WHEN id % " + nullEvery + " = 0 THEN NULL ELSE " + value + " END";
        return LocalSpark.spark().range(from, to, 1, LocalSpark.PARTITIONS).selectExpr(expression + " AS value");
    }

    /** The value of row {@code id}, as Spark hands it to a function. */
    static Object value(ColumnHasher type, long id) {
        return switch (type) {
            case LONG -> id * 7;
            case INT -> (int) (id * 7);
            case STRING -> "user-" + id;
            case BINARY -> ("b" + id).getBytes(StandardCharsets.UTF_8);
        };
    }
}
