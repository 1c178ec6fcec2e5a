package org.bloomery.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import java.util.stream.LongStream;
import org.bloomery.api.spi.MappedBody;

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
     * The spec for a filter that at most one thread at a time will change, for example one built by
     * each task of a parallel job and merged afterwards: the kind's single-writer setting added
     * where the kind has one and the spec does not already choose, so adds need no atomic
     * instructions. The result builds a filter with the same bits as {@code spec}, so the two merge.
     * The default returns {@code spec} unchanged.
     *
     * @param spec the spec the caller would use
     * @return that spec, or that spec with the kind's single-writer option
     */
    default FilterSpec forOneWriter(FilterSpec spec) {
        return spec;
    }

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
     * Builds a finished filter holding a whole set, given as the items' hashes. Every kind accepts
     * it: the default creates a filter with {@link #create} and adds each hash in order, which is
     * what a kind with {@link Capability#ADD} does; a static kind (without {@link Capability#ADD})
     * overrides it and builds its structure from all the hashes at once. Duplicate hashes are
     * allowed: a static kind keeps each distinct hash once; a dynamic kind adds each copy as its
     * {@code add} would (a kind that stores copies, such as {@code cuckoo}, stores them).
     *
     * @param spec the spec, as for {@link #create}
     * @param hasher the hasher that produced the hashes
     * @param hashes {@code hasher.hash(item)} of every item, each consumed once; a static kind may
     *     collect them all before building. The stream may be parallel (as {@link Filters#build}
     *     passes a caller's parallel stream on); an implementation that adds in order makes it
     *     sequential, as this default does
     * @param <T> the item type
     * @return the filter, holding every hashed item
     * @throws IllegalArgumentException as {@link #create}, or when the set cannot be built within
     *     the kind's limits or the heap, naming the limit
     * @throws FilterFullException if a dynamic kind fills up
     */
    default <T> MembershipFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        MembershipFilter<T> filter = create(spec, hasher);
        hashes.sequential().forEachOrdered(filter::addHash);
        return filter;
    }

    /**
     * {@link #build(FilterSpec, KeyHasher, LongStream)} from hashes held in an array, which a kind
     * that builds in bulk reads where it is, without a copy. The default streams the array to {@code
     * build}.
     *
     * @param spec the spec, as for {@link #create}
     * @param hasher the hasher that produced the hashes
     * @param hashes {@code hasher.hash(item)} of every item; not changed
     * @param <T> the item type
     * @return the filter, holding every hashed item
     * @throws IllegalArgumentException as {@link #build(FilterSpec, KeyHasher, LongStream)}
     * @throws FilterFullException if a dynamic kind fills up
     */
    default <T> MembershipFilter<T> buildFromHashes(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes) {
        return build(spec, hasher, LongStream.of(hashes));
    }

    /**
     * Reads a filter of this kind written by {@link MembershipFilter#writeTo}.
     *
     * @param in the stream, positioned at the start of the envelope; read to the end of the
     *     envelope and not closed
     * @param hasher the hasher the filter was written with (same {@link KeyHasher#id()}), or another
     *     built-in hasher of the same item type, which reads it with the one it names ({@link
     *     KeyHasher#forReading}; {@code Envelope.read} applies the rule)
     * @param <T> the item type
     * @return the filter
     * @throws InvalidFilterDataException if the data is not a valid filter of this kind
     * @throws IOException if the stream fails
     */
    <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException;

    /**
     * Builds the query structure of a filter of this kind over a mapped file's body, reading its
     * arrays where they lie in {@link MappedBody#bytes()}, never copying them to the heap. {@link
     * Filters#map} wraps the result in a read-only {@link MappedFilter}, which refuses every change,
     * so only its queries and its descriptive methods ({@code spec}, {@code approximateCount}, {@code
     * expectedFpp}, {@code bitSize}, {@code capabilities}) are called. The default refuses: a kind
     * that does not override it is read onto the heap with {@link Filters#readFrom}.
     *
     * @param body the mapped body of a version-3 file of this kind, its header checked
     * @param hasher the hasher to keep for queries, resolved as {@link #readFrom} resolves it
     * @param <T> the item type
     * @return a filter answering every query as the filter written in the file
     * @throws InvalidFilterDataException if the body's fields do not make a valid filter of this
     *     kind, checked as {@link #readFrom} checks them
     * @throws UnsupportedOperationException if the kind does not map, naming {@code Filters.readFrom}
     * @throws IOException if the body cannot be read
     */
    default <T> MembershipFilter<T> map(MappedBody body, KeyHasher<? super T> hasher) throws IOException {
        throw new UnsupportedOperationException("kind '" + kind() + "' cannot be mapped from a file; read it onto"
                + " the heap with Filters.readFrom");
    }
}
