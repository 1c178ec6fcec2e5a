package org.bloomery.spark;

import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import org.apache.spark.QueryContext;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.types.DataType;
import scala.Option;
import scala.collection.immutable.Map$;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * Registers a function for SQL with a builder that sees the arguments' resolved types while the
 * query is analysed, so a function can refuse an argument of the wrong type there instead of
 * letting Spark cast it (a {@code string} cast to {@code bigint} is null). The builder's refusal
 * ({@link IllegalArgumentException}, or an {@link IOException} such as {@link
 * org.bloomery.api.InvalidFilterDataException} or a missing file) becomes an {@link
 * AnalysisException} whose message is the builder's, so it is the first line the user reads.
 */
final class SqlRegistration {
    private SqlRegistration() {
    }

    /** A builder of a function's expression from its resolved arguments; refuses by throwing. */
    @FunctionalInterface
    interface Builder extends Serializable {
        Expression build(List<Expression> arguments) throws IOException;
    }

    /** Registers (or replaces) the temporary function {@code name} in the session. */
    static void register(SparkSession spark, String name, Builder builder) {
        spark.sessionState().functionRegistry().createOrReplaceTempFunction(name, new Adapter(name, builder),
                "scala_udf");
    }

    /** The refusal of an argument of another type than the function takes, naming both. */
    static IllegalArgumentException wrongType(String name, int position, DataType actual, String expected) {
        return new IllegalArgumentException("function " + name + " takes a " + expected + " argument at position "
                + position + ", not " + actual.simpleString() + "; cast the argument or register the function for"
                + " its type (a cast to it is not made implicitly, because Spark would turn every value it cannot"
                + " convert into null)");
    }

    /** The refusal of a call with the wrong number of arguments. */
    static IllegalArgumentException wrongArity(String name, int expected, int actual) {
        return new IllegalArgumentException("function " + name + " takes " + expected + " argument(s), got " + actual);
    }

    /**
     * Throws a checked exception from a method that cannot declare it: Spark's analyser calls the
     * builder as a Scala function, where {@link AnalysisException} (checked in Java) is the
     * exception it expects and passes on.
     */
    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E rethrow(Throwable t) throws E {
        throw (E) t;
    }

    /** The builder as the Scala function Spark's registry calls. */
    private static final class Adapter extends AbstractFunction1<Seq<Expression>, Expression> implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String name;
        private final Builder builder;

        Adapter(String name, Builder builder) {
            this.name = name;
            this.builder = builder;
        }

        @Override
        public Expression apply(Seq<Expression> children) {
            try {
                return builder.build(CollectionConverters.asJava(children));
            } catch (IllegalArgumentException | IOException e) {
                throw SqlRegistration.<RuntimeException>rethrow(new AnalysisException(e.getMessage(), Option.empty(),
                        Option.empty(), Option.apply(e), Option.empty(), Map$.MODULE$.empty(), new QueryContext[0]));
            }
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
