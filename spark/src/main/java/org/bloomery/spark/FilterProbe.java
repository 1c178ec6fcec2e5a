package org.bloomery.spark;

import static org.apache.spark.sql.functions.lit;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.util.SerializableConfiguration;
import org.bloomery.api.InvalidFilterDataException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The probe function {@value #FUNCTION_NAME}{@code (filter_bytes, value)}: null if either argument
 * is null, false if the value was definitely not added to the filter, true if it might have been.
 * The value's column type picks the hasher ({@link ColumnHasher}), and must be the type the filter
 * was built from. Each distinct filter is read once per executor, not once per row. For a semi-join
 * pre-filter: {@code big.where(mightContain(filterBytes, col("id")))}.
 *
 * <p>The file probe {@value #FILE_FUNCTION_NAME}{@code (path, value)} answers the same for the
 * filter in a file ({@link #mightContainFile}): only the path travels in the query, and each
 * executor maps the file once (a shared file once copied to it), or reads a file that does not map
 * onto its heap once.
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
    /** The SQL name {@link #register} gives the file probe. */
    public static final String FILE_FUNCTION_NAME = "bloomery_might_contain_file";

    private static final Logger LOG = LoggerFactory.getLogger(FilterProbe.class);

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
     * The probe of the filter in a file, at any Hadoop path, checked here first: the path is
     * qualified with the session's Hadoop configuration (a path with no scheme is on {@code
     * fs.defaultFS}), and the file must exist and be a filter that a column type hashes for. A column
     * of another type than the filter was built from fails when the query is analysed. Only the
     * path travels in the query plan.
     *
     * <p>On each executor, each task probes the file's current version (its length, modification time
     * and, where the file system gives one, inode or etag), opened once per JVM and shared by the
     * tasks: a {@code file:} path is mapped where it lies, and must name the same file on every
     * executor's machine; a file at any other scheme ({@code hdfs:}, {@code s3a:}, ...) is copied once
     * to a temporary file of the executor's JVM ({@code java.io.tmpdir}), verified and mapped there.
     * A file replaced by a move is opened anew by the tasks that start after, and the version before
     * is closed when the last task using it ends. A file whose kind does not map, or of format
     * version 2, is read onto each executor's heap once instead (the driver logs a warning saying
     * why when it can tell: for a local file, or a shared one of version 2).
     *
     * @param path the filter file, e.g. {@code "hdfs:///filters/users.blmf"} or {@code "/data/users.blmf"}
     * @param value a column of one of the types {@link ColumnHasher} names
     * @return a {@code boolean} column
     * @throws java.io.FileNotFoundException if there is no file at the path, naming it
     * @throws InvalidFilterDataException if the file is not a valid filter or was written with a
     *     hasher that no column type has, naming it
     * @throws IOException if the file system fails
     * @throws IllegalArgumentException if the path is empty
     * @throws IllegalStateException if there is no active Spark session
     */
    public static Column mightContainFile(String path, Column value) throws IOException {
        Objects.requireNonNull(path, "path");
        SparkSession spark = SparkSession.active();
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        FilterFile file = FilterFile.resolve(path, conf);
        file.check(null, conf);
        register(spark);
        return functions.call_function(FILE_FUNCTION_NAME, lit(file.path()), value);
    }

    /**
     * Registers the probes for SQL as {@value #FUNCTION_NAME} and {@value #FILE_FUNCTION_NAME}, with
     * their arguments checked when a query is analysed (see the class comment and {@link
     * #mightContainFile}); the file probe's path must be a constant string.
     *
     * @param spark the session
     */
    public static void register(SparkSession spark) {
        registerBytesProbe(spark);
        SqlRegistration.register(spark, FILE_FUNCTION_NAME, arguments -> fileProbe(spark, arguments));
    }

    private static void registerBytesProbe(SparkSession spark) {
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

    /** The file probe's expression, its file checked at the driver. */
    private static Expression fileProbe(SparkSession spark, List<Expression> arguments) throws IOException {
        if (arguments.size() != 2) {
            throw SqlRegistration.wrongArity(FILE_FUNCTION_NAME, 2, arguments.size());
        }
        Expression path = arguments.get(0);
        Expression value = arguments.get(1);
        if (!path.dataType().equals(DataTypes.StringType) || !path.foldable()) {
            throw new IllegalArgumentException("function " + FILE_FUNCTION_NAME + " takes the filter file's path as a"
                    + " constant string at position 1, not " + (path.foldable() ? "a constant of type " : "a column of type ")
                    + path.dataType().simpleString());
        }
        Object pathValue = path.eval(null);
        if (pathValue == null) {
            throw new IllegalArgumentException("function " + FILE_FUNCTION_NAME + " was given a null path");
        }
        ColumnHasher hasher = ColumnHasher.forType(value.dataType());
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        FilterFile file = FilterFile.resolve(pathValue.toString(), conf);
        file.check(hasher, conf).ifPresent(reason -> LOG.warn(
                "the filter file {} is read onto the heap of each executor, not mapped: {}", file.path(), reason));
        Broadcast<SerializableConfiguration> executorConf = file.local() ? null
                : JavaSparkContext.fromSparkContext(spark.sparkContext())
                        .broadcast(new SerializableConfiguration(new Configuration(conf)));
        UserDefinedFunction probe = functions.udf(new MightContainFile(file, hasher, executorConf), DataTypes.BooleanType)
                .withName(FILE_FUNCTION_NAME);
        return SparkExpressions.expression(probe.apply(SparkExpressions.column(value)));
    }
}
