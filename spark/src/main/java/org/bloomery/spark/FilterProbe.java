package org.bloomery.spark;

import static org.apache.spark.sql.functions.lit;

import java.util.Objects;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.bloomery.api.InvalidFilterDataException;

/**
 * The probe function {@value #FUNCTION_NAME}{@code (filter_bytes, value)}: null if either argument
 * is null, false if the value was definitely not added to the filter, true if it might have been.
 * The value's column type picks the hasher ({@link ColumnHasher}), and must be the type the filter
 * was built from. Each distinct filter is read once per executor, not once per row. For a semi-join
 * pre-filter: {@code big.where(mightContain(filterBytes, col("id")))}.
 *
 * <p>Errors come when the query is analysed, as an {@link org.apache.spark.sql.AnalysisException}
 * whose message is the module's: a first argument that is not {@code binary}, a value type with no
 * hasher, and, when the filter is a constant (a literal, or the bytes given to {@link
 * #mightContain(byte[], Column)}), bytes that are not a valid envelope or a filter built from
 * another column type. Filter bytes that are only known when a task runs (a column, a scalar
 * subquery) are checked there: the task fails with {@link InvalidFilterDataException} as the
 * cause of Spark's failure.
 */
public final class FilterProbe {
    /** The SQL name {@link #register} gives the function. */
    public static final String FUNCTION_NAME = "bloomery_might_contain";

    private FilterProbe() {
    }

    /**
     * The probe as a Spark function of (filter bytes, value), without the checks of {@link
     * #register}: errors surface when a task runs. Prefer {@link #mightContain(Column, Column)}.
     *
     * @return the function
     */
    public static UserDefinedFunction function() {
        return functions.udf(new MightContain(), DataTypes.BooleanType).withName(FUNCTION_NAME);
    }

    /**
     * The probe applied to two columns, checked when the query is analysed. Registers {@value
     * #FUNCTION_NAME} in the active session (as {@link #register} does) and calls it.
     *
     * @param filterBytes a {@code binary} column of envelope bytes, typically {@code lit(bytes)}
     * @param value a column of one of the types {@link ColumnHasher} names
     * @return a {@code boolean} column
     * @throws IllegalStateException if there is no active Spark session
     */
    public static Column mightContain(Column filterBytes, Column value) {
        register(SparkSession.active());
        return functions.call_function(FUNCTION_NAME, filterBytes, value);
    }

    /**
     * The probe of a filter held in this JVM, read here first: invalid bytes fail now, with {@link
     * InvalidFilterDataException}, and a column of another type than the filter was built from
     * fails when the query is analysed. The bytes travel in the query plan as a literal, once per
     * task, and each executor reads the filter once.
     *
     * @param envelope the filter's envelope bytes, as a build produces them
     * @param value a column of one of the types {@link ColumnHasher} names
     * @return a {@code boolean} column
     * @throws InvalidFilterDataException if the bytes are not a valid filter
     */
    public static Column mightContain(byte[] envelope, Column value) throws InvalidFilterDataException {
        Objects.requireNonNull(envelope, "envelope");
        ProbeCache.check(envelope);
        return mightContain(lit(envelope), value);
    }

    /**
     * Registers the probe for SQL as {@value #FUNCTION_NAME}, with its arguments checked when a
     * query is analysed (see the class comment).
     *
     * @param spark the session
     */
    public static void register(SparkSession spark) {
        UserDefinedFunction probe = function();
        SqlRegistration.register(spark, FUNCTION_NAME, arguments -> {
            if (arguments.size() != 2) {
                throw SqlRegistration.wrongArity(FUNCTION_NAME, 2, arguments.size());
            }
            Expression filter = arguments.get(0);
            Expression value = arguments.get(1);
            if (!filter.dataType().equals(DataTypes.BinaryType)) {
                throw SqlRegistration.wrongType(FUNCTION_NAME, 1, filter.dataType(), "binary");
            }
            ColumnHasher hasher = ColumnHasher.forType(value.dataType());
            if (filter.foldable() && filter.eval(null) instanceof byte[] envelope) {
                ProbeCache.filter(envelope, hasher);
            }
            return SparkExpressions.expression(
                    probe.apply(SparkExpressions.column(filter), SparkExpressions.column(value)));
        });
    }
}
