package org.bloomery.spark;

import java.util.TreeMap;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.expressions.Aggregator;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.MembershipFilter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds one filter of a mergeable kind from a column: each partition adds its values' hashes to
 * its own empty filter ({@link #reduce}), the partitions' filters are merged with the kind's merge
 * ({@link #merge}), and the result is the filter's envelope bytes ({@link #finish}). Null values
 * are skipped, counted, and the count is logged when the filter is finished. Made and checked by
 * {@link FilterAggregates}.
 *
 * @param <T> the column's value type, as {@link ColumnHasher#encoder()} gives it
 */
final class FilterAggregator<T> extends Aggregator<T, FilterBuffer, byte[]> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FilterAggregator.class);
    /** Largest envelope a Spark binary value (a Java array) can hold, with room for the header. */
    static final long MAX_ENVELOPE_BYTES = Integer.MAX_VALUE - 4096L;

    private final String kind;
    private final long expectedInsertions;
    private final double fpp;
    private final TreeMap<String, String> options;
    private final ColumnHasher column;

    FilterAggregator(String kind, FilterSpec spec, ColumnHasher column) {
        this.kind = kind;
        this.expectedInsertions = spec.expectedInsertions();
        this.fpp = spec.fpp();
        this.options = new TreeMap<>(spec.options());
        this.column = column;
    }

    FilterSpec spec() {
        return new FilterSpec(expectedInsertions, fpp, options);
    }

    @Override
    public FilterBuffer zero() {
        MembershipFilter<Object> filter = Filters.create(kind, spec(), column.untypedHasher());
        if (filter.bitSize() / Byte.SIZE > MAX_ENVELOPE_BYTES) {
            throw new IllegalArgumentException("a " + kind + " filter for " + spec() + " takes " + filter.bitSize()
                    + " bits, more than one Spark binary value holds (about 2^34 bits); lower the expected"
                    + " insertions or raise the fpp");
        }
        return new FilterBuffer(column, filter);
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
            LOG.info("Bloomery {} filter from a {} column: skipped {} null values", kind,
                    column.dataType().simpleString(), buffer.nullsSkipped());
        }
        return buffer.envelope();
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
