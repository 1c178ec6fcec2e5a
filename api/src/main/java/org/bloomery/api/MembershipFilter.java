package org.bloomery.api;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import java.util.Set;

/**
 * An approximate set: it answers "definitely not present" or "might be present" for an item. A
 * filter never gives a false negative for an item that was added and not removed; it gives a false
 * positive for an absent item with a probability close to {@link FilterSpec#fpp()} while it holds
 * no more than {@link FilterSpec#expectedInsertions()} distinct items.
 *
 * <p>Every item operation is its hash-level twin applied to {@code hasher().hash(item)}; the twins
 * take the hash directly, never box and never allocate. A filter of {@code long} keys hashed by a
 * built-in long hasher also takes them unboxed ({@link #addLong}, {@link #mightContainLong}): a
 * {@code long} passed to {@code add(Long)} is boxed at the call, which allocates for values outside
 * the {@code Long} cache. Whether a filter is safe for use from many
 * threads is stated by {@link Capability#CONCURRENT}.
 *
 * <p>Every filter can be used in try-with-resources, whatever its kind. An in-process filter holds
 * only memory and needs no closing ({@link #close} does nothing); a {@link Capability#SHARED}
 * filter built from configuration holds a connection, which {@link #close} releases.
 *
 * @param <T> the item type
 */
public interface MembershipFilter<T> extends AutoCloseable {

    /**
     * Adds an item.
     *
     * @param item the item, not null
     * @return true if the item was definitely not present before (the filter changed to hold it);
     *     false if it might already have been present
     * @throws FilterFullException if the filter cannot take the item; the filter is then unchanged
     * @throws UnsupportedOperationException if the kind lacks {@link Capability#ADD} (a static kind,
     *     built whole by {@link Filters#build})
     * @throws NullPointerException if {@code item} is null
     */
    default boolean add(T item) {
        return addHash(hasher().hash(item));
    }

    /**
     * Tests an item.
     *
     * @param item the item, not null
     * @return false if the item was definitely never added (or was removed); true if it might be
     *     present. Never false for an item added and not removed.
     * @throws NullPointerException if {@code item} is null
     */
    default boolean mightContain(T item) {
        return mightContainHash(hasher().hash(item));
    }

    /**
     * {@link #add} of a {@code long} key without boxing it, for a filter whose hasher is a built-in
     * long hasher ({@link KeyHasher#longs()} or {@link KeyHasher#longsXxh64()}): the same as {@code
     * add(key)}, and allocates nothing.
     *
     * @param key the key
     * @return as {@link #add}
     * @throws UnsupportedOperationException if the filter's hasher is not a built-in long hasher
     *     (use {@link #add}), or as {@link #add}
     * @throws FilterFullException as {@link #add}
     */
    default boolean addLong(long key) {
        return addHash(KeyHashers.hashLong(hasher(), key));
    }

    /**
     * {@link #mightContain} of a {@code long} key without boxing it, for a filter whose hasher is a
     * built-in long hasher ({@link KeyHasher#longs()} or {@link KeyHasher#longsXxh64()}): the same as
     * {@code mightContain(key)}, and allocates nothing.
     *
     * @param key the key
     * @return as {@link #mightContain}
     * @throws UnsupportedOperationException if the filter's hasher is not a built-in long hasher
     *     (use {@link #mightContain})
     */
    default boolean mightContainLong(long key) {
        return mightContainHash(KeyHashers.hashLong(hasher(), key));
    }

    /**
     * Removes one earlier insertion of an item; only for kinds with {@link Capability#REMOVE}.
     * Remove only items that were added: removing a false positive can remove another item.
     *
     * @param item the item, not null
     * @return true if an insertion was removed; false, with nothing changed, if the item was
     *     definitely absent
     * @throws UnsupportedOperationException if the kind cannot remove
     * @throws NullPointerException if {@code item} is null
     */
    default boolean remove(T item) {
        return removeHash(hasher().hash(item));
    }

    /**
     * {@link #add} for an item whose hash is already known.
     *
     * @param hash {@code hasher().hash(item)}
     * @return as {@link #add}
     * @throws FilterFullException as {@link #add}
     * @throws UnsupportedOperationException as {@link #add}
     */
    boolean addHash(long hash);

    /**
     * {@link #mightContain} for an item whose hash is already known.
     *
     * @param hash {@code hasher().hash(item)}
     * @return as {@link #mightContain}
     */
    boolean mightContainHash(long hash);

    /**
     * {@link #mightContainHash} for many hashes at once: {@code out[i] = mightContainHash(hashes[i])}
     * for every i in [from, to); the other elements of {@code out} are left as they were. The
     * answers are exactly the single queries'; kinds override this to overlap the memory accesses of
     * several keys, which pays off when the filter is larger than the CPU caches.
     *
     * @param hashes key hashes, {@code hasher().hash(item)} each
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param out receives the answers, at the same indices as their hashes
     * @throws IndexOutOfBoundsException if [from, to) is not a range of both arrays; nothing is
     *     written then
     */
    default void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        for (int i = from; i < to; i++) {
            out[i] = mightContainHash(hashes[i]);
        }
    }

    /**
     * {@link #remove} for an item whose hash is already known.
     *
     * @param hash {@code hasher().hash(item)}
     * @return as {@link #remove}
     * @throws UnsupportedOperationException if the kind cannot remove
     */
    default boolean removeHash(long hash) {
        throw new UnsupportedOperationException("filter kind '" + kind()
                + "' cannot remove items; choose a kind with Capability.REMOVE");
    }

    /**
     * Adds every item of another filter of the same kind to this one; only for kinds with
     * {@link Capability#MERGE}. Afterwards this filter answers true for every item either filter
     * held. This is the kind-neutral form of a kind's own merge (e.g. a classic filter's bitwise
     * OR), for code that combines filters without knowing their kind, such as a distributed build.
     *
     * @param other a filter of the same kind, size and hasher id; it is not changed
     * @throws UnsupportedOperationException if the kind cannot merge
     * @throws IllegalArgumentException if {@code other} is of another kind or is not compatible,
     *     naming the difference; this filter is then unchanged
     */
    default void mergeFrom(MembershipFilter<T> other) {
        throw new UnsupportedOperationException("filter kind '" + kind()
                + "' cannot merge filters; choose a kind with Capability.MERGE");
    }

    /**
     * What this filter does, as built (see {@link Capability}): a subset of its provider's
     * capabilities, which its options may narrow.
     *
     * @return an immutable set
     */
    Set<Capability> capabilities();

    /**
     * The kind's name, as registered with {@link Filters}.
     *
     * @return the kind, e.g. {@code "classic"}
     */
    String kind();

    /**
     * The spec the filter was built from.
     *
     * @return the spec
     */
    FilterSpec spec();

    /**
     * The hasher that maps items to hashes for this filter.
     *
     * @return the hasher
     */
    KeyHasher<? super T> hasher();

    /**
     * Estimated number of distinct items held (exact for kinds that store one entry per item).
     *
     * @return the estimate, at least 0
     */
    long approximateCount();

    /**
     * The false-positive probability expected at the current fill (not the target in the spec).
     *
     * @return a probability in [0, 1]
     */
    double expectedFpp();

    /**
     * Bits of filter data actually allocated (not counting object headers).
     *
     * @return the size in bits
     */
    long bitSize();

    /**
     * Removes every item, keeping the size; the filter then answers false for everything.
     *
     * @throws UnsupportedOperationException if the kind lacks {@link Capability#ADD}: a static
     *     filter is immutable
     */
    void clear();

    /**
     * Writes the filter in the Bloomery envelope format (see FORMAT.md); {@link Filters#readFrom}
     * reads it back into an equal filter. Concurrent updates during the write may or may not be
     * included.
     *
     * @param out the stream; not closed
     * @throws IOException if the stream fails
     */
    void writeTo(OutputStream out) throws IOException;

    /**
     * Releases what the filter holds outside the JVM's memory, and declares no checked exception.
     * Does nothing for an in-process filter, which stays usable; a shared filter releases the
     * connection it opened itself (never a client the caller passed in) and must not be used
     * afterwards.
     */
    @Override
    default void close() {
    }
}
