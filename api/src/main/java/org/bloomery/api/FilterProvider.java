package org.bloomery.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

/**
 * The {@link java.util.ServiceLoader} service through which {@link Filters} finds filter kinds. An
 * implementation module declares {@code provides org.bloomery.api.FilterProvider with ...} in its
 * {@code module-info.java} and lists the same class in
 * {@code META-INF/services/org.bloomery.api.FilterProvider}, so it is found on the module path and on
 * the class path. A provider is a small stateless factory with a public no-argument constructor.
 */
public interface FilterProvider {

    /**
     * The kind's unique name.
     *
     * @return lower-case ASCII letters, digits and '-', at most 32 characters
     */
    String kind();

    /**
     * What this kind can do with some options (see {@link Capability}): the union of the
     * capabilities of every filter it can build, each of which declares its own subset.
     *
     * @return an immutable set
     */
    Set<Capability> capabilities();

    /**
     * A short human description of the kind and of the option keys it accepts.
     *
     * @return one or more lines of text
     */
    String description();

    /**
     * Builds an empty filter.
     *
     * @param spec expected insertions, target fpp and options
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return a new filter
     * @throws IllegalArgumentException for an unknown option key or a bad option value, naming it
     *     and the allowed range
     */
    <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher);

    /**
     * Reads a filter of this kind written by {@link MembershipFilter#writeTo}.
     *
     * @param in the stream, positioned at the start of the envelope; read to the end of the
     *     envelope and not closed
     * @param hasher the hasher the filter was written with (same {@link KeyHasher#id()})
     * @param <T> the item type
     * @return the filter
     * @throws InvalidFilterDataException if the data is not a valid filter of this kind
     * @throws IOException if the stream fails
     */
    <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException;
}
