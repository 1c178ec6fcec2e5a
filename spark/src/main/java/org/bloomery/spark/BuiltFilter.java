package org.bloomery.spark;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;

/**
 * A filter built by {@link FilterAggregates#build}: its envelope bytes, what went into it and the fpp it
 * is expected to have. The
 * array is the caller's; it is not copied.
 *
 * @param hasher the column type the filter was built from; read it back with its
 *     {@link ColumnHasher#keyHasher()}
 * @param envelope the filter in the Bloomery envelope format
 * @param valuesAdded non-null values added (duplicates included)
 * @param nullsSkipped null values skipped
 * @param expectedFpp the filter's false-positive probability expected at its fill ({@link
 *     MembershipFilter#expectedFpp()}): near the spec's target, or above it when an overfilled filter
 *     was allowed ({@link BuildOptions#withOverfillAllowed()})
 */
public record BuiltFilter(ColumnHasher hasher, byte[] envelope, long valuesAdded, long nullsSkipped,
        double expectedFpp) {

    /**
     * Checks the components.
     *
     * @throws NullPointerException if {@code hasher} or {@code envelope} is null
     */
    public BuiltFilter {
        Objects.requireNonNull(hasher, "hasher");
        Objects.requireNonNull(envelope, "envelope");
    }

    /** The result of a finished build: the plan checks the fill and writes the envelope. */
    static BuiltFilter of(BuildPlan plan, MembershipFilter<Object> filter, long valuesAdded, long nullsSkipped) {
        return new BuiltFilter(plan.column(), plan.envelope(filter, valuesAdded), valuesAdded, nullsSkipped,
                filter.expectedFpp());
    }

    /**
     * Reads the filter, as {@link Filters#readFrom} does.
     *
     * @param keyHasher the hasher of {@link #hasher()}, typed for the caller
     * @param <T> the item type
     * @return the filter
     * @throws org.bloomery.api.InvalidFilterDataException if the bytes are not a valid filter or
     *     {@code keyHasher} is another hasher
     * @throws IOException never for an array, but declared by {@link Filters#readFrom}
     */
    public <T> MembershipFilter<T> read(KeyHasher<? super T> keyHasher) throws IOException {
        return Filters.readFrom(new ByteArrayInputStream(envelope), keyHasher);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BuiltFilter other && hasher == other.hasher && Arrays.equals(envelope, other.envelope)
                && valuesAdded == other.valuesAdded && nullsSkipped == other.nullsSkipped
                && Double.compare(expectedFpp, other.expectedFpp) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(hasher, Arrays.hashCode(envelope), valuesAdded, nullsSkipped, expectedFpp);
    }

    @Override
    public String toString() {
        return "BuiltFilter[hasher=" + hasher + ", envelope=" + envelope.length + " bytes, valuesAdded="
                + valuesAdded + ", nullsSkipped=" + nullsSkipped + ", expectedFpp=" + expectedFpp + "]";
    }
}
