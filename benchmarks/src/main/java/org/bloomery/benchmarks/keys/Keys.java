package org.bloomery.benchmarks.keys;

import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * An array of keys of one type, and the loops that drive a contestant through a range of them. The
 * loops call the contestant's primitive or {@code String} methods, so no key is boxed on the way.
 */
public sealed interface Keys permits LongKeys, StringKeys {

    /**
     * The key type.
     *
     * @return the type
     */
    KeyType type();

    /**
     * The number of keys.
     *
     * @return the count
     */
    int size();

    /**
     * Adds keys {@code from} (inclusive) to {@code to} (exclusive).
     *
     * @param contestant the contestant
     * @param from first index
     * @param to end index
     */
    void addTo(Contestant contestant, int from, int to);

    /**
     * Queries keys {@code from} to {@code to}.
     *
     * @param contestant the contestant
     * @param from first index
     * @param to end index
     * @return how many the contestant says might be present
     */
    long countContained(Contestant contestant, int from, int to);

    /**
     * Queries keys {@code from} to {@code to} in batches of {@value Contestant#BATCH}, through the
     * contestant's batch query ({@link Contestant#countContained(long[], int, int)}).
     *
     * @param contestant the contestant
     * @param from first index
     * @param to end index
     * @return how many might be present
     */
    long countContainedInBatches(Contestant contestant, int from, int to);

    /**
     * Keys {@code from} to {@code to} as a set is built from them ({@link
     * org.bloomery.benchmarks.contestant.SetBuilder}): a long key as itself, a string key as Bloomery's
     * string hash ({@code KeyHasher.hashString}).
     *
     * @param from first index
     * @param to end index
     * @return a new array of {@code to - from} longs
     */
    long[] longs(int from, int to);

    /**
     * Removes keys {@code from} to {@code to}, each of which was added.
     *
     * @param contestant the contestant
     * @param from first index
     * @param to end index
     * @return how many removals the contestant reported as failed
     */
    long removeFrom(Contestant contestant, int from, int to);
}
