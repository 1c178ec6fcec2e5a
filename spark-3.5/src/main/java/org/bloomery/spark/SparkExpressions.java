package org.bloomery.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.expressions.UserDefinedAggregator;
import scala.collection.immutable.Seq;

/**
 * The few calls between a Catalyst {@link Expression} and the public API that differ between the
 * Spark lines this module is built for; this is Spark 3.5's (a {@link Column} wraps an expression).
 * Every other source file is the Spark 4 module's.
 */
final class SparkExpressions {
    private SparkExpressions() {
    }

    /** A column of an expression. */
    static Column column(Expression expression) {
        return new Column(expression);
    }

    /** The expression of a column. */
    static Expression expression(Column column) {
        return column.expr();
    }

    /** The aggregate function of a typed aggregator over resolved arguments, for SQL. */
    static <IN, BUF, OUT> Expression aggregate(UserDefinedAggregator<IN, BUF, OUT> aggregator, Seq<Expression> arguments) {
        return aggregator.scalaAggregator(arguments);
    }
}
