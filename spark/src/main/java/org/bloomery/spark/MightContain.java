package org.bloomery.spark;

import org.apache.spark.sql.api.java.UDF2;
import org.bloomery.api.MembershipFilter;

/**
 * The probe function: whether a filter's envelope bytes might contain a column value. The hasher
 * follows the value's type; the filter is read once per JVM ({@link ProbeCache}), and each task
 * keeps the filter it used last, so rows that carry the same array (a literal) skip even the
 * cache's content hash.
 */
final class MightContain implements UDF2<byte[], Object, Boolean> {
    private static final long serialVersionUID = 1L;

    /** The filter this task probed last, with the array and hasher it came from. */
    private transient volatile Last last;

    private record Last(byte[] envelope, ColumnHasher hasher, MembershipFilter<?> filter) {
    }

    /**
     * Probes the filter.
     *
     * @return null if either argument is null; otherwise false if the value was definitely not
     *     added to the filter, true if it might have been
     * @throws org.bloomery.api.InvalidFilterDataException if the bytes are not a valid filter or
     *     were built from another column type
     * @throws IllegalArgumentException if the value's type has no hasher
     */
    @Override
    public Boolean call(byte[] envelope, Object value) throws Exception {
        if (envelope == null || value == null) {
            return null;
        }
        ColumnHasher hasher = ColumnHasher.forValue(value);
        Last seen = last;
        if (seen == null || seen.envelope != envelope || seen.hasher != hasher) {
            seen = new Last(envelope, hasher, ProbeCache.filter(envelope, hasher));
            last = seen;
        }
        return seen.filter.mightContainHash(hasher.hash(value));
    }
}
