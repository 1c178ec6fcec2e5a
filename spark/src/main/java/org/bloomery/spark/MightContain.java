package org.bloomery.spark;

import org.apache.spark.sql.api.java.UDF2;
import org.bloomery.api.MembershipFilter;

/**
 * The probe function: whether a filter's envelope bytes might contain a column value. The hasher
 * follows the value's type (the built-in hasher the filter names, if it is one of that type); the filter is read once per JVM ({@link ProbeCache}), and each task
 * keeps the few filters it used last by array identity, so rows that carry the same array (a
 * literal, a scalar subquery's result) skip even the cache's content hash. A query may hold one
 * filter in several arrays (Spark evaluates {@code count_if(p)} as {@code if(not p, null, p)},
 * each with its own copy), hence several entries.
 */
final class MightContain implements UDF2<byte[], Object, Boolean> {
    private static final long serialVersionUID = 1L;
    /** Arrays remembered per task. */
    private static final int RECENT = 4;

    /** The filters this task probed last; entries are immutable, so a racing reader sees whole ones. */
    private transient Recent[] recent;
    private transient int next;

    private record Recent(byte[] envelope, ColumnHasher hasher, MembershipFilter<?> filter) {
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
        return mightContain(filter(envelope, hasher), value);
    }

    /**
     * Asks with the filter's own hasher, not the column type's: a filter built by an earlier
     * release names the long hasher of then, and is read and must be probed with that one.
     */
    @SuppressWarnings("unchecked")
    private static boolean mightContain(MembershipFilter<?> filter, Object value) {
        return ((MembershipFilter<Object>) filter).mightContain(value);
    }

    private MembershipFilter<?> filter(byte[] envelope, ColumnHasher hasher) throws Exception {
        Recent[] seen = recent;
        if (seen == null) {
            seen = new Recent[RECENT];
            recent = seen;
        }
        for (Recent r : seen) {
            if (r != null && r.envelope == envelope && r.hasher == hasher) {
                return r.filter;
            }
        }
        Recent r = new Recent(envelope, hasher, ProbeCache.filter(envelope, hasher));
        seen[next] = r;
        next = (next + 1) % RECENT;
        return r.filter;
    }
}
