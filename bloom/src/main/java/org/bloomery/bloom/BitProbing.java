package org.bloomery.bloom;

import java.util.Arrays;

/**
 * Where a key's k bits go in a {@link BitArray}, for one {@link BloomLayout}: the probe strategy,
 * kept apart from the storage as Guava keeps its strategies apart from its bit array. A strategy
 * holds no state; {@link BloomLayout#bitProbing()} names the one of each layout, and a filter keeps
 * it in a final field, so each call site sees one class and the JIT inlines the strategy into the
 * filter. A new layout is one new subclass (with its position rule) and its sizing model; the
 * storage does not change.
 */
public abstract class BitProbing {
    /** Strategies live in the engine, one per layout. */
    BitProbing() {
    }

    /**
     * Sets the k bits of a key hash and counts the newly set ones with one update of the array's
     * live count.
     *
     * @param bits the array, sized for this layout by {@link BloomShape}
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if any of the k bits was clear before
     */
    public abstract boolean setProbes(BitArray bits, long hash, int k);

    /**
     * Whether all k bits of a key hash are set.
     *
     * @param bits the array, sized for this layout by {@link BloomShape}
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if every one of the k bits is set
     */
    public abstract boolean probesSet(BitArray bits, long hash, int k);

    /**
     * The batch form of {@link #probesSet}: {@code out[i] = probesSet(bits, hashes[i], k)} for every
     * i in [from, to); {@link #orProbesSet} after clearing those answers.
     *
     * @param bits the array, sized for this layout by {@link BloomShape}
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, in [1, 64]
     * @param out receives the answers at the same indices
     */
    public final void probesSet(BitArray bits, long[] hashes, int from, int to, int k, boolean[] out) {
        Arrays.fill(out, from, to, false);
        orProbesSet(bits, hashes, from, to, k, out);
    }

    /**
     * The batch form of {@link #probesSet}, added to answers already there: {@code out[i] = out[i]
     * || probesSet(bits, hashes[i], k)} for every i in [from, to), without reading the bits of a
     * key whose answer is already true (a scalable filter asks its layers in turn this way). The
     * keys go in chunks of {@value ProbeBatch#CHUNK} ({@link ProbeBatch}).
     *
     * @param bits the array, sized for this layout by {@link BloomShape}
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, in [1, 64]
     * @param out holds earlier answers; receives these at the same indices
     */
    public abstract void orProbesSet(BitArray bits, long[] hashes, int from, int to, int k, boolean[] out);
}
