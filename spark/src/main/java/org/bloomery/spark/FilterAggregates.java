package org.bloomery.spark;

import static org.apache.spark.sql.functions.approx_count_distinct;
import static org.apache.spark.sql.functions.count_distinct;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.expressions.UserDefinedAggregator;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Builds a Bloomery filter from a Spark column; its value is the filter's envelope bytes, which
 * {@link Filters#readFrom} reads in any JVM. Null values are skipped and counted.
 *
 * <p>Every kind held in-process can be built ({@link #buildableKinds()}). A kind that merges
 * ({@link #mergeableKinds()}: {@link Capability#ADD} and {@link Capability#MERGE}) is built by the
 * partitions, each into its own filter, merged into one; any other (a static kind such as {@code
 * fuse}, or {@code cuckoo} and {@code scalable}) by {@link #build} only: the partitions hash and
 * deduplicate, and the driver builds from the distinct hashes, within the limits {@link #build}
 * names. Kinds are found by name through the provider SPI: a kind on the class path is built
 * without code of its own here.
 *
 * <p>Every kind, spec and option is checked when the column, function or registration is made,
 * before any job runs: an unknown kind, an option the kind refuses, or a filter larger than one
 * Spark binary value or than the executors' memory fails there with {@link
 * IllegalArgumentException}. A build whose values overfill the filter (expected fpp above {@link
 * BuildOptions#OVERFILL_FACTOR} times the target) fails unless {@link BuildOptions#allowOverfill()}.
 */
public final class FilterAggregates {
    private FilterAggregates() {
    }

    /**
     * The kinds found that {@link #build} can build: every kind held in-process (without {@link
     * Capability#SHARED}: a shared filter lives in a server, not in the partitions).
     *
     * @return their names, sorted
     */
    public static List<String> buildableKinds() {
        return Filters.providers().stream().filter(p -> !p.capabilities().contains(Capability.SHARED))
                .map(FilterProvider::kind).sorted().toList();
    }

    /**
     * The kinds found that can be an aggregate column or SQL function: in-process kinds that take
     * items after construction and merge ({@link Capability#ADD} and {@link Capability#MERGE}).
     *
     * @return their names, sorted
     */
    public static List<String> mergeableKinds() {
        return Filters.providers().stream().filter(BuildPlan::merges).map(FilterProvider::kind).sorted().toList();
    }

    /**
     * {@link #function(String, FilterSpec, ColumnHasher, BuildOptions)} with the default options.
     *
     * @param kind a kind {@link #mergeableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @param column the type of the column the function takes, and so the filter's hasher
     * @return the function; its value is the filter's envelope bytes
     * @throws IllegalArgumentException as {@link #function(String, FilterSpec, ColumnHasher, BuildOptions)}
     */
    public static UserDefinedFunction function(String kind, FilterSpec spec, ColumnHasher column) {
        return function(kind, spec, column, BuildOptions.defaults());
    }

    /**
     * The aggregate as a Spark function of one column of the given type, for {@code
     * function.apply(column)}; for SQL use {@link #register}, which refuses other column types
     * while the query is analysed. Applied directly, Spark applies its usual implicit casts to the
     * argument, as for any typed aggregate.
     *
     * @param kind a kind {@link #mergeableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @param column the type of the column the function takes, and so the filter's hasher
     * @param options what to do with an overfilled filter
     * @return the function; its value is the filter's envelope bytes
     * @throws IllegalArgumentException if no provider has the kind, the kind does not merge
     *     (naming the mergeable kinds), the kind refuses the spec, or the filter would not fit one
     *     binary value or the active session's executors (naming the limit)
     */
    public static UserDefinedFunction function(String kind, FilterSpec spec, ColumnHasher column,
            BuildOptions options) {
        boolean session = SparkSession.getActiveSession().isDefined() || SparkSession.getDefaultSession().isDefined();
        return aggregator(plan(kind, spec, column, options, session ? SparkSession.active() : null));
    }

    // functions.udaf is declared to return a UserDefinedFunction; what it returns is the
    // UserDefinedAggregator of the aggregator's own types, which Java's generics cannot see.
    @SuppressWarnings("unchecked")
    private static UserDefinedAggregator<Object, FilterBuffer, byte[]> aggregator(BuildPlan plan) {
        if (!plan.mergesPartitions()) {
            throw new IllegalArgumentException("filter kind '" + plan.kind() + "' does not merge partitions' filters,"
                    + " so it cannot be an aggregate column or SQL function; build it with FilterAggregates.build,"
                    + " which collects the column's distinct hashes to the driver; kinds that can be an aggregate: "
                    + mergeableKinds());
        }
        return (UserDefinedAggregator<Object, FilterBuffer, byte[]>) functions.udaf(new FilterAggregator<>(plan),
                plan.column().<Object>encoder());
    }

    private static BuildPlan plan(String kind, FilterSpec spec, ColumnHasher column, BuildOptions options,
            SparkSession spark) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(options, "options");
        return BuildPlan.of(kind, spec, column, options, spark);
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
     *     types), or as {@link #function(String, FilterSpec, ColumnHasher, BuildOptions)}
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
        ColumnHasher hasher = ColumnHasher.forType(typeOf(data, value));
        return aggregator(plan(kind, spec, hasher, BuildOptions.defaults(), data.sparkSession())).apply(value);
    }

    /**
     * {@link #build(Dataset, String, String, FilterSpec, BuildOptions)} with the default options.
     *
     * @param data the dataset
     * @param column the column's name
     * @param kind a kind {@link #buildableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @return the filter's envelope bytes, the values added, the nulls skipped and the expected fpp
     * @throws IllegalArgumentException as {@link #build(Dataset, String, String, FilterSpec, BuildOptions)}
     * @throws IllegalStateException as {@link #build(Dataset, String, String, FilterSpec, BuildOptions)}
     */
    public static BuiltFilter build(Dataset<?> data, String column, String kind, FilterSpec spec) {
        return build(data, column, kind, spec, BuildOptions.defaults());
    }

    /**
     * Builds a filter from a whole column and reports what went into it. A kind that merges is
     * built in one job: each partition adds its values' hashes (read from Spark's internal rows,
     * with one writer per filter) and the driver merges the partitions' filters. Any other kind
     * takes two jobs: the partitions count, then send, their distinct hashes, and the driver builds
     * from the whole set; the set is refused before the second job if its distinct hashes (summed
     * over the partitions) exceed {@code 2^31 - 9}, {@code spark.driver.maxResultSize} at 8 bytes
     * each, or the driver's free heap at 16 bytes each (the kind's own build then checks its own
     * limits and memory: {@code fuse} at most 2^30 items, about 23 bytes each).
     *
     * @param data the dataset
     * @param column the column's name
     * @param kind a kind {@link #buildableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @param options what to do with an overfilled filter
     * @return the filter's envelope bytes, the values added, the nulls skipped and the expected fpp
     * @throws IllegalArgumentException before any job runs, if the column's type has no hasher, no
     *     provider has the kind, the kind is shared, the kind refuses the spec, or the filter would
     *     not fit one binary value or the executors' memory; after the first job, if the set is
     *     above the limits of a kind that does not merge
     * @throws IllegalStateException if the values overfill the filter and {@link
     *     BuildOptions#allowOverfill()} is false, naming the values, the expected insertions and the
     *     fpp the filter would have
     */
    public static BuiltFilter build(Dataset<?> data, String column, String kind, FilterSpec spec,
            BuildOptions options) {
        Objects.requireNonNull(data, "data");
        Dataset<?> values = data.select(data.col(column));
        BuildPlan plan = plan(kind, spec, ColumnHasher.forType(typeOf(values, values.col(column))), options,
                data.sparkSession());
        JavaRDD<InternalRow> rows = values.queryExecution().toRdd().toJavaRDD();
        return plan.mergesPartitions() ? MergedBuild.run(plan, rows)
                : CollectedBuild.run(plan, rows, data.sparkSession().sparkContext());
    }

    /**
     * Builds a filter sized from the column: a first job counts the distinct non-null values (by
     * HyperLogLog, {@code approx_count_distinct} with a relative standard deviation of {@value
     * #SIZING_RSD}, and the count is raised by three deviations, so that the filter is sized for
     * at least the true count in all but about one build in a thousand; or exactly, with {@link
     * BuildOptions#exactDistinctCount()}), and the filter is built for that many expected
     * insertions as {@link #build(Dataset, String, String, FilterSpec, BuildOptions)} does.
     *
     * @param data the dataset
     * @param column the column's name
     * @param kind a kind {@link #buildableKinds()} lists
     * @param fpp the target false-positive probability, in (0, 1)
     * @param kindOptions the kind's options, as a {@link FilterSpec}'s
     * @param options how to count, and what to do with an overfilled filter
     * @return the filter's envelope bytes, the values added, the nulls skipped and the expected fpp
     * @throws IllegalArgumentException as {@link #build(Dataset, String, String, FilterSpec, BuildOptions)}:
     *     the column's type, the kind and its options before the count runs, the size once the
     *     count is known, before the build runs
     */
    public static BuiltFilter buildSized(Dataset<?> data, String column, String kind, double fpp,
            Map<String, String> kindOptions, BuildOptions options) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(options, "options");
        FilterSpec template = new FilterSpec(1, fpp, new TreeMap<>(kindOptions));
        // The options, kind and column are checked before the count runs; the size once it is known.
        plan(kind, template, ColumnHasher.forType(typeOf(data, data.col(column))), options, null);
        Column distinct = options.exactDistinctCount() ? count_distinct(data.col(column))
                : approx_count_distinct(data.col(column), SIZING_RSD);
        long counted = data.agg(distinct).head().getLong(0);
        long expected = options.exactDistinctCount() ? counted : (long) Math.ceil(counted * (1 + 3 * SIZING_RSD));
        return build(data, column, kind, new FilterSpec(Math.max(1, expected), fpp, template.options()), options);
    }

    /**
     * Relative standard deviation of {@link #buildSized}'s HyperLogLog count: 2%, 4,096 registers
     * (410 words in Spark's aggregation buffer); each halving of it quadruples the registers, and
     * the raise of three deviations already costs only 6% more bits.
     */
    static final double SIZING_RSD = 0.02;

    /**
     * {@link #register(SparkSession, String, String, FilterSpec, ColumnHasher, BuildOptions)} with
     * the default options.
     *
     * @param spark the session
     * @param name the SQL function name
     * @param kind a kind {@link #mergeableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @param column the type of the column the function takes
     * @throws IllegalArgumentException as {@link #function(String, FilterSpec, ColumnHasher, BuildOptions)}
     */
    public static void register(SparkSession spark, String name, String kind, FilterSpec spec, ColumnHasher column) {
        register(spark, name, kind, spec, column, BuildOptions.defaults());
    }

    /**
     * Registers the aggregate for SQL under a name, for columns of exactly one type:
     * {@code SELECT name(column) FROM table}. A column of any other type is refused while the
     * query is analysed, with an {@link org.apache.spark.sql.AnalysisException} naming both types,
     * instead of being cast (a cast from {@code string} to {@code bigint} gives null for every
     * value that is not a number, and an empty filter).
     *
     * @param spark the session
     * @param name the SQL function name
     * @param kind a kind {@link #mergeableKinds()} lists
     * @param spec expected insertions, target fpp and the kind's options
     * @param column the type of the column the function takes
     * @param options what to do with an overfilled filter
     * @throws IllegalArgumentException as {@link #function(String, FilterSpec, ColumnHasher, BuildOptions)},
     *     checked against this session's executors
     */
    public static void register(SparkSession spark, String name, String kind, FilterSpec spec, ColumnHasher column,
            BuildOptions options) {
        Objects.requireNonNull(spark, "spark");
        Objects.requireNonNull(name, "name");
        UserDefinedAggregator<Object, FilterBuffer, byte[]> aggregate =
                aggregator(plan(kind, spec, column, options, spark));
        SqlRegistration.register(spark, name, arguments -> {
            if (arguments.size() != 1) {
                throw SqlRegistration.wrongArity(name, 1, arguments.size());
            }
            DataType actual = arguments.get(0).dataType();
            if (!actual.equals(column.dataType())) {
                throw SqlRegistration.wrongType(name, 1, actual, column.dataType().simpleString());
            }
            return SparkExpressions.aggregate(aggregate, CollectionConverters.asScala(arguments).toSeq());
        });
    }

    private static DataType typeOf(Dataset<?> data, Column value) {
        return data.select(value).schema().fields()[0].dataType();
    }
}
