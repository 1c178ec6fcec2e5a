package org.bloomery.counting;

import org.bloomery.bloom.BloomLayout;

/**
 * Where a key's k counters go in a {@link NibbleArray}, by {@link BloomLayout}: the counting kind's
 * probe strategies, kept apart from the counter storage, and placing counters where the classic
 * kind's layouts place bits (the same {@link
 * org.bloomery.bloom.BloomProbes} and {@link org.bloomery.bloom.BlockedProbes} rules). Each layout's
 * strategy is a class of its own ({@link StandardCounterProbing}, {@link BlockedCounterProbing});
 * these methods pick it by comparing the layout with a constant and call it statically, so no hot
 * path makes a virtual call.
 */
final class CounterProbing {
    private CounterProbing() {
    }

    /**
     * Raises the k counters of a key hash by one each (a counter at 15 stays at 15), moving each
     * live count of the array with at most one update.
     *
     * @param layout the filter's layout
     * @param counters the array, sized for the layout
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if any of the k counters was 0 before
     */
    static boolean increment(BloomLayout layout, NibbleArray counters, long hash, int k) {
        return layout == BloomLayout.BLOCKED
                ? BlockedCounterProbing.increment(counters, hash, k)
                : StandardCounterProbing.increment(counters, hash, k);
    }

    /**
     * Lowers the k counters of a key hash by one each (never below 0, never from 15), unless one of
     * them is 0, moving the live count with at most one update.
     *
     * @param layout the filter's layout
     * @param counters the array, sized for the layout
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return false, with nothing changed, if any of the k counters is 0; true otherwise
     */
    static boolean remove(BloomLayout layout, NibbleArray counters, long hash, int k) {
        return layout == BloomLayout.BLOCKED
                ? BlockedCounterProbing.remove(counters, hash, k)
                : StandardCounterProbing.remove(counters, hash, k);
    }

    /**
     * Whether none of the k counters of a key hash is 0.
     *
     * @param layout the filter's layout
     * @param counters the array, sized for the layout
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if every one of the k counters is above 0
     */
    static boolean nonZero(BloomLayout layout, NibbleArray counters, long hash, int k) {
        return layout == BloomLayout.BLOCKED
                ? BlockedCounterProbing.nonZero(counters, hash, k)
                : StandardCounterProbing.nonZero(counters, hash, k);
    }

    /**
     * The batch form of {@link #nonZero(BloomLayout, NibbleArray, long, int)}: {@code out[i] =
     * nonZero(layout, counters, hashes[i], k)} for every i in [from, to), the keys in chunks of
     * {@value org.bloomery.bloom.ProbeBatch#CHUNK} ({@link org.bloomery.bloom.ProbeBatch}).
     *
     * @param layout the filter's layout
     * @param counters the array, sized for the layout
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, in [1, 64]
     * @param out receives the answers at the same indices
     */
    static void nonZero(BloomLayout layout, NibbleArray counters, long[] hashes, int from, int to, int k,
            boolean[] out) {
        if (layout == BloomLayout.BLOCKED) {
            BlockedCounterProbing.nonZero(counters, hashes, from, to, k, out);
        } else {
            StandardCounterProbing.nonZero(counters, hashes, from, to, k, out);
        }
    }

    /**
     * The least of a key's k counters.
     *
     * @param layout the filter's layout
     * @param counters the array, sized for the layout
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return 0 to 15
     */
    static int minimum(BloomLayout layout, NibbleArray counters, long hash, int k) {
        return layout == BloomLayout.BLOCKED
                ? BlockedCounterProbing.minimum(counters, hash, k)
                : StandardCounterProbing.minimum(counters, hash, k);
    }
}
