package org.bloomery.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.bloomery.api.Filters;
import org.bloomery.api.MembershipFilter;

/**
 * One partition's part of a build: a filter of the kind being built, the number of values added
 * and the number of null values skipped. Spark ships it between stages and to the driver by Java
 * serialization, which writes the filter in its envelope format, so a partial filter travels in the
 * same bytes a finished one is published in. Public only because Spark's encoders take public classes; it has no public
 * constructor or method. Not thread-safe: Spark gives each buffer to one task at a time.
 */
public final class FilterBuffer implements Serializable {
    private static final long serialVersionUID = 1L;

    private final ColumnHasher column;
    private long valuesAdded;
    private long nullsSkipped;
    private transient MembershipFilter<Object> filter;

    FilterBuffer(ColumnHasher column, MembershipFilter<Object> filter) {
        this.column = column;
        this.filter = filter;
    }

    /** Adds a column value; a null value is skipped and counted. */
    void add(Object value) {
        if (value == null) {
            nullsSkipped++;
        } else {
            filter.addHash(column.hash(value));
            valuesAdded++;
        }
    }

    /** Adds the value in the first field of one of Spark's internal rows; a null is skipped and counted. */
    void add(InternalRow row) {
        if (row.isNullAt(0)) {
            nullsSkipped++;
        } else {
            filter.addHash(column.hash(row, 0));
            valuesAdded++;
        }
    }

    /** Adds every item and every skipped null of another buffer to this one. */
    void mergeFrom(FilterBuffer other) {
        filter.mergeFrom(other.filter);
        valuesAdded += other.valuesAdded;
        nullsSkipped += other.nullsSkipped;
    }

    long valuesAdded() {
        return valuesAdded;
    }

    long nullsSkipped() {
        return nullsSkipped;
    }

    MembershipFilter<Object> filter() {
        return filter;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        filter.writeTo(out);
    }

    @SuppressWarnings("unchecked")
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        filter = (MembershipFilter<Object>) Filters.readFrom(in, column.keyHasher());
    }
}
