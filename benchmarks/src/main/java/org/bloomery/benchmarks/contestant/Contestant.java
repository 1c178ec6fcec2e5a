package org.bloomery.benchmarks.contestant;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One filter (or exact set) under comparison, built by its {@link Entrant} for one {@link KeyType}.
 * {@code mightContain} answers "might be present" (true) or "definitely not" (false); an exact set
 * answers exactly. The methods of the key type the contestant was not built for, and {@code remove}
 * on a contestant without {@link Ability#REMOVE}, throw {@link UnsupportedOperationException}; the
 * workloads never call them. Adapters take the key as a primitive or a {@code String} so that no
 * boxing happens where the underlying library has a primitive path.
 */
public interface Contestant {
    /** Keys per batch query ({@link #countContained(long[], int, int)}). */
    int BATCH = 1024;

    /**
     * Adds a long key.
     *
     * @param key the key
     * @return what the underlying library returned: true when the key was new or inserted, false when
     *     it might already be present or the library refused it
     */
    default boolean add(long key) {
        throw unsupported("long keys");
    }

    /**
     * Queries a long key.
     *
     * @param key the key
     * @return false if the key is definitely absent
     */
    default boolean mightContain(long key) {
        throw unsupported("long keys");
    }

    /**
     * Removes one insertion of a long key that was added.
     *
     * @param key the key
     * @return true if the library reports the removal as done
     */
    default boolean remove(long key) {
        throw unsupported("removing long keys");
    }

    /**
     * Queries long keys at once, through the library's batch query where it has one; a loop of
     * {@link #mightContain(long)} where it has none.
     *
     * @param keys the keys
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @return how many might be present
     */
    default long countContained(long[] keys, int from, int to) {
        long found = 0;
        for (int i = from; i < to; i++) {
            found += mightContain(keys[i]) ? 1 : 0;
        }
        return found;
    }

    /**
     * Adds a string key.
     *
     * @param key the key
     * @return as {@link #add(long)}
     */
    default boolean add(String key) {
        throw unsupported("string keys");
    }

    /**
     * Queries a string key.
     *
     * @param key the key
     * @return false if the key is definitely absent
     */
    default boolean mightContain(String key) {
        throw unsupported("string keys");
    }

    /**
     * {@link #countContained(long[], int, int)} for string keys.
     *
     * @param keys the keys
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @return how many might be present
     */
    default long countContained(String[] keys, int from, int to) {
        long found = 0;
        for (int i = from; i < to; i++) {
            found += mightContain(keys[i]) ? 1 : 0;
        }
        return found;
    }

    /**
     * Removes one insertion of a string key that was added.
     *
     * @param key the key
     * @return true if the library reports the removal as done
     */
    default boolean remove(String key) {
        throw unsupported("removing string keys");
    }

    /**
     * The size of the data structure in bits, read from the library (its bit array, cell array,
     * bucket table or hash-table arrays), not counting object headers.
     *
     * @return the size, or empty when the library exposes none and the size must be measured from
     *     the heap
     */
    OptionalLong bitSize();

    /**
     * The number of layers of a filter that grows by adding layers.
     *
     * @return the layer count, or empty when the contestant has no layers or does not expose them
     */
    default OptionalInt layers() {
        return OptionalInt.empty();
    }

    private UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException(getClass().getSimpleName() + " does not support " + what);
    }
}
