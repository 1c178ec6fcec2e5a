package org.bloomery.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.classic.ColumnNodeToExpressionConverter$;
import org.apache.spark.sql.classic.ExpressionUtils;
import org.apache.spark.sql.execution.aggregate.ScalaAggregator$;
import org.apache.spark.sql.expressions.UserDefinedAggregator;
import scala.collection.immutable.Seq;

/**
 * The few calls between a Catalyst {@link Expression} and the public API that differ between the
 * Spark lines this module is built for; this is Spark 4's (a {@link Column} wraps a column node).
 * The module for Spark 3.5 has its own copy of this class, and shares every other source file.
 */
final class SparkExpressions {
    private SparkExpressions() {
    }

    /** A column of an expression. */
    static Column column(Expression expression) {
        return ExpressionUtils.column(expression);
    }

    /**
     * The expression of a column, converted as a session converts it: a function call's column is a
     * node that only the converter turns into the function's expression.
     */
    static Expression expression(Column column) {
        return ColumnNodeToExpressionConverter$.MODULE$.apply(column.node());
    }

    /** The aggregate function of a typed aggregator over resolved arguments, for SQL. */
    static <IN, BUF, OUT> Expression aggregate(UserDefinedAggregator<IN, BUF, OUT> aggregator, Seq<Expression> arguments) {
        return ScalaAggregator$.MODULE$.apply(aggregator, arguments);
    }
}
