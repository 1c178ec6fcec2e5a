package org.bloomery.spark;

import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.expressions.Aggregator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds one filter of a mergeable kind from a column as a Spark aggregate, for aggregate columns
 * and SQL: each partition adds its values' hashes to its own empty filter ({@link #reduce}), the
 * partitions' filters are merged with the kind's merge ({@link #merge}), and the result is the
 * filter's envelope bytes ({@link #finish}), refused if overfilled as the plan says. Null values
 * are skipped, counted, and the count is logged when the filter is finished. Made from a checked
 * {@link BuildPlan} by {@link FilterAggregates}.
 *
 * @param <T> the column's value type, as {@link ColumnHasher#encoder()} gives it
 */
final class FilterAggregator<T> extends Aggregator<T, FilterBuffer, byte[]> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FilterAggregator.class);

    private final BuildPlan plan;

    FilterAggregator(BuildPlan plan) {
        this.plan = plan;
    }

    @Override
    public FilterBuffer zero() {
        return plan.emptyBuffer();
    }

    @Override
    public FilterBuffer reduce(FilterBuffer buffer, T value) {
        buffer.add(value);
        return buffer;
    }

    @Override
    public FilterBuffer merge(FilterBuffer into, FilterBuffer other) {
        into.mergeFrom(other);
        return into;
    }

    @Override
    public byte[] finish(FilterBuffer buffer) {
        if (buffer.nullsSkipped() > 0) {
            LOG.info("Bloomery {} filter from a {} column: skipped {} null values", plan.kind(),
                    plan.column().dataType().simpleString(), buffer.nullsSkipped());
        }
        return plan.envelope(buffer.filter(), buffer.valuesAdded());
    }

    @Override
    public Encoder<FilterBuffer> bufferEncoder() {
        return Encoders.javaSerialization(FilterBuffer.class);
    }

    @Override
    public Encoder<byte[]> outputEncoder() {
        return Encoders.BINARY();
    }
}
