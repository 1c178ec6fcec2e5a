package org.bloomery.counting;

import org.bloomery.bloom.BloomLayout;

/**
 * Where a key's k counters go in a {@link NibbleArray}, for one {@link BloomLayout}: the counting
 * kind's probe strategy, kept apart from the counter storage as {@link
 * org.bloomery.bloom.BitProbing} is from the bit array, and placing counters where that strategy
 * places bits (the same {@link org.bloomery.bloom.BloomProbes} and {@link
 * org.bloomery.bloom.BlockedProbes} rules). A strategy holds no state; the filter keeps its
 * layout's in a final field, so each call site sees one class.
 */
abstract class CounterProbing {
    /**
     * The strategy of a layout.
     *
     * @param layout the layout
     * @return its strategy, one instance per layout
     */
    static CounterProbing of(BloomLayout layout) {
        return layout == BloomLayout.BLOCKED ? BlockedCounterProbing.INSTANCE : StandardCounterProbing.INSTANCE;
    }

    /**
     * Raises the k counters of a key hash by one each (a counter at 15 stays at 15), moving each
     * live count of the array with at most one update.
     *
     * @param counters the array, sized for this layout
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if any of the k counters was 0 before
     */
    abstract boolean increment(NibbleArray counters, long hash, int k);

    /**
     * Lowers the k counters of a key hash by one each (never below 0, never from 15), unless one of
     * them is 0, moving the live count with at most one update.
     *
     * @param counters the array, sized for this layout
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return false, with nothing changed, if any of the k counters is 0; true otherwise
     */
    abstract boolean remove(NibbleArray counters, long hash, int k);

    /**
     * Whether none of the k counters of a key hash is 0.
     *
     * @param counters the array, sized for this layout
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if every one of the k counters is above 0
     */
    abstract boolean nonZero(NibbleArray counters, long hash, int k);

    /**
     * The batch form of {@link #nonZero}: {@code out[i] = nonZero(counters, hashes[i], k)} for
     * every i in [from, to), the keys in chunks of {@value org.bloomery.bloom.ProbeBatch#CHUNK}
     * ({@link org.bloomery.bloom.ProbeBatch}).
     *
     * @param counters the array, sized for this layout
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, in [1, 64]
     * @param out receives the answers at the same indices
     */
    abstract void nonZero(NibbleArray counters, long[] hashes, int from, int to, int k, boolean[] out);

    /**
     * The least of a key's k counters.
     *
     * @param counters the array, sized for this layout
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return 0 to 15
     */
    abstract int minimum(NibbleArray counters, long hash, int k);
}
