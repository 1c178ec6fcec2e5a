package org.bloomery.spark;

import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;

/**
 * Builds a Bloomery filter from a Spark column as an aggregate: every partition builds its own
 * filter of the kind, the partitions' filters are merged, and the aggregate's value is the
 * filter's envelope bytes ({@code binary}), which {@link Filters#readFrom} reads in any JVM. Only
 * the kinds {@link #mergeableKinds()} lists (with {@link Capability#MERGE} and {@link
 * Capability#ADD}) can be built this way; the others are refused when the aggregate is made. Null
 * values are skipped and counted.
 *
 * <p>From the DataFrame API, {@link #column(Dataset, String, String, FilterSpec)} picks the hasher
 * from the column's type while the query is planned; from SQL, {@link #register} names a function
 * for one column type.
 */
public final class FilterAggregates {
    private FilterAggregates() {
    }

    /**
     * The kinds found that Spark can build: in-process kinds that take items after construction and
     * merge, that is with {@link Capability#ADD} and {@link Capability#MERGE} and without {@link
     * Capability#SHARED} (a shared filter lives in a server, not in the partitions).
     *
     * @return their names, sorted
     */
    public static List<String> mergeableKinds() {
        return Filters.choose(EnumSet.of(Capability.ADD, Capability.MERGE)).stream()
                .filter(FilterAggregates::buildable).map(FilterProvider::kind).toList();
    }

    private static boolean buildable(FilterProvider provider) {
        return provider.capabilities().containsAll(EnumSet.of(Capability.ADD, Capability.MERGE))
                && !provider.capabilities().contains(Capability.SHARED);
    }

    /**
     * The aggregate as a Spark function of one column of the given type, for
     * {@code spark.udf().register(name, function)} or {@code function.apply(column)}. Spark applies
     * its usual implicit casts to the argument, as for any typed aggregate.
     *
     * @param kind a kind {@link #mergeableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @param column the type of the column the function takes, and so the filter's hasher
     * @return the function; its value is the filter's envelope bytes
     * @throws IllegalArgumentException if no provider has the kind, or {@link #mergeableKinds()}
     *     does not list it; the message names the kinds it lists
     */
    public static UserDefinedFunction function(String kind, FilterSpec spec, ColumnHasher column) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(column, "column");
        FilterProvider provider = Filters.provider(kind).orElseThrow(() -> new IllegalArgumentException(
                "unknown filter kind '" + kind + "'; kinds that Spark can build: " + mergeableKinds()));
        if (!buildable(provider)) {
            throw new IllegalArgumentException("filter kind '" + kind + "' cannot merge, take added items or be"
                    + " held in a partition, so Spark cannot build it from partitions (it has capabilities "
                    + provider.capabilities() + "; ADD and MERGE are needed, SHARED excluded); kinds that Spark can"
                    + " build: " + mergeableKinds());
        }
        return functions.udaf(new FilterAggregator<>(kind, spec, column), column.encoder());
    }

    /**
     * The aggregate over one column of a dataset, with the hasher of the column's type.
     *
     * @param data the dataset the column belongs to
     * @param column the column's name
     * @param kind a kind {@link #mergeableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @return an aggregate column whose value is the filter's envelope bytes
     * @throws IllegalArgumentException if the column's type has no hasher (naming the supported
     *     types), no provider has the kind, or the kind cannot merge (naming the mergeable kinds)
     */
    public static Column column(Dataset<?> data, String column, String kind, FilterSpec spec) {
        return column(data, data.col(column), kind, spec);
    }

    /**
     * {@link #column(Dataset, String, String, FilterSpec)} for a column expression.
     *
     * @param data the dataset the expression is evaluated over
     * @param value the expression
     * @param kind a kind {@link #mergeableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @return an aggregate column whose value is the filter's envelope bytes
     * @throws IllegalArgumentException as {@link #column(Dataset, String, String, FilterSpec)}
     */
    public static Column column(Dataset<?> data, Column value, String kind, FilterSpec spec) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(value, "value");
        DataType type = data.select(value).schema().fields()[0].dataType();
        return function(kind, spec, ColumnHasher.forType(type)).apply(value);
    }

    /**
     * Runs the aggregate over a whole column in one job and reports what it skipped.
     *
     * @param data the dataset
     * @param column the column's name
     * @param kind a kind {@link #mergeableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @return the filter's envelope bytes, the values added and the nulls skipped
     * @throws IllegalArgumentException as {@link #column(Dataset, String, String, FilterSpec)}
     */
    public static BuiltFilter build(Dataset<?> data, String column, String kind, FilterSpec spec) {
        Column value = data.col(column);
        ColumnHasher hasher = ColumnHasher.forType(data.select(value).schema().fields()[0].dataType());
        Row row = data.agg(function(kind, spec, hasher).apply(value), count(lit(1)), count(value)).head();
        long rows = row.getLong(1);
        long values = row.getLong(2);
        return new BuiltFilter(hasher, row.getAs(0), values, rows - values);
    }

    /**
     * Registers the aggregate for SQL under a name, for columns of one type:
     * {@code SELECT name(column) FROM table}.
     *
     * @param spark the session
     * @param name the SQL function name
     * @param kind a kind {@link #mergeableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @param column the type of the column the function takes
     * @throws IllegalArgumentException as {@link #function}
     */
    public static void register(SparkSession spark, String name, String kind, FilterSpec spec, ColumnHasher column) {
        Objects.requireNonNull(name, "name");
        spark.udf().register(name, function(kind, spec, column));
    }
}
