package org.bloomery.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import org.bloomery.api.Filters;
import org.bloomery.api.MembershipFilter;

/**
 * One partition's part of a build: a filter of the kind being built and the number of null values
 * skipped. Spark ships it between stages by Java serialization, which writes the filter in its
 * envelope format, so a partial filter crosses the shuffle in the same bytes a finished one is
 * published in. Public only because Spark's encoders take public classes; it has no public
 * constructor or method. Not thread-safe: Spark gives each buffer to one task at a time.
 */
public final class FilterBuffer implements Serializable {
    private static final long serialVersionUID = 1L;

    private final ColumnHasher column;
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
        }
    }

    /** Adds every item and every skipped null of another buffer to this one. */
    void mergeFrom(FilterBuffer other) {
        filter.mergeFrom(other.filter);
        nullsSkipped += other.nullsSkipped;
    }

    long nullsSkipped() {
        return nullsSkipped;
    }

    MembershipFilter<Object> filter() {
        return filter;
    }

    /** The filter's envelope bytes. */
    byte[] envelope() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            filter.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
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
