package org.bloomery.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;

/**
 * The probe function {@value #FUNCTION_NAME}{@code (filter_bytes, value)}: null if either argument
 * is null, false if the value was definitely not added to the filter, true if it might have been.
 * The value's column type picks the hasher ({@link ColumnHasher}), and must be the type the filter
 * was built from. Each distinct filter is read once per executor, not once per row. For a semi-join
 * pre-filter: {@code big.where(mightContain(lit(filterBytes), col("id")))}.
 *
 * <p>Failures surface when a task runs: bytes that are not a valid envelope, or a filter built
 * from another column type, fail the task with {@link org.bloomery.api.InvalidFilterDataException};
 * a value type with no hasher with {@link IllegalArgumentException}.
 */
public final class FilterProbe {
    /** The SQL name {@link #register} gives the function. */
    public static final String FUNCTION_NAME = "bloomery_might_contain";

    private FilterProbe() {
    }

    /**
     * The probe as a Spark function of (filter bytes, value).
     *
     * @return the function
     */
    public static UserDefinedFunction function() {
        return functions.udf(new MightContain(), DataTypes.BooleanType).withName(FUNCTION_NAME);
    }

    /**
     * The probe applied to two columns.
     *
     * @param filterBytes a {@code binary} column of envelope bytes, typically {@code lit(bytes)}
     * @param value a column of one of the types {@link ColumnHasher} names
     * @return a {@code boolean} column
     */
    public static Column mightContain(Column filterBytes, Column value) {
        return function().apply(filterBytes, value);
    }

    /**
     * Registers the probe for SQL as {@value #FUNCTION_NAME}.
     *
     * @param spark the session
     */
    public static void register(SparkSession spark) {
        spark.udf().register(FUNCTION_NAME, function());
    }
}
