package org.bloomery.bloom;

import java.util.Arrays;

/**
 * Where a key's k bits go in a {@link BitArray}, by {@link BloomLayout}: the probe strategies, kept
 * apart from the storage as Guava keeps its strategies apart from its bit array. Each layout's
 * strategy is a class of its own ({@code StandardBitProbing}, {@code BlockedBitProbing}, {@code
 * SectoredBitProbing}); these methods pick it by comparing the layout with constants, branches as
 * cheap as a boolean flag, and call it statically, so the hot paths never make a virtual call whose speed would depend on
 * the JIT's type profile. A new layout is one new strategy class, one branch here, and its sizing
 * model in {@link BloomShape}; the storage and the filters do not change.
 */
public final class BitProbing {
    private BitProbing() {
    }

    /**
     * Sets the k bits of a key hash and counts the newly set ones with one update of the array's
     * live count.
     *
     * @param layout the filter's layout
     * @param bits the array, sized for the layout by {@link BloomShape}
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if any of the k bits was clear before
     */
    public static boolean setProbes(BloomLayout layout, BitArray bits, long hash, int k) {
        if (layout == BloomLayout.STANDARD) {
            return StandardBitProbing.setProbes(bits, hash, k);
        }
        // Each touched word gets one atomic OR with many writers, one opaque write with one.
        int changed = bits.single() ? orBlockProbes(layout, bits, hash, k, WordWrite.ALONE)
                : orBlockProbes(layout, bits, hash, k, WordWrite.SHARED);
        if (changed == 0) {
            return false;
        }
        bits.count(changed);
        return true;
    }

    /**
     * ORs a key's bits into its block in a block layout, written as {@code write} says (a constant
     * at every call, so the compiler keeps only that way's code).
     *
     * @param layout {@link BloomLayout#BLOCKED} or {@link BloomLayout#SECTORED}
     * @param bits the array
     * @param hash the key hash
     * @param k probes
     * @param write how each word is written
     * @return the bits it turned on, not yet counted in the array's live count
     */
    static int orBlockProbes(BloomLayout layout, BitArray bits, long hash, int k, WordWrite write) {
        long base = BlockedProbes.firstWord(hash, bits.bitSize() >>> 6);
        return orBlockProbes(layout, bits.page(base), BitArray.slot(base), hash, k, write);
    }

    /**
     * {@link #orBlockProbes(BloomLayout, BitArray, long, int, WordWrite)} for a key whose block is
     * already found: it starts at {@code page[slot]}.
     */
    static int orBlockProbes(BloomLayout layout, long[] page, int slot, long hash, int k, WordWrite write) {
        return layout == BloomLayout.SECTORED ? SectoredBitProbing.orProbes(page, slot, hash, k, write)
                : BlockedBitProbing.orProbes(page, slot, hash, k, write);
    }

    /**
     * Whether all k bits of a key hash are set.
     *
     * @param layout the filter's layout
     * @param bits the array, sized for the layout by {@link BloomShape}
     * @param hash the key hash
     * @param k probes, in [1, 64]
     * @return true if every one of the k bits is set
     */
    public static boolean probesSet(BloomLayout layout, BitArray bits, long hash, int k) {
        if (layout == BloomLayout.STANDARD) {
            return StandardBitProbing.probesSet(bits, hash, k);
        }
        long base = BlockedProbes.firstWord(hash, bits.bitSize() >>> 6);
        return blockProbesSet(layout, bits.page(base), BitArray.slot(base), hash, k);
    }

    /**
     * Whether all k bits of a key are set in a block layout, its block already found: it starts at
     * {@code page[slot]}.
     */
    static boolean blockProbesSet(BloomLayout layout, long[] page, int slot, long hash, int k) {
        return layout == BloomLayout.SECTORED ? SectoredBitProbing.probesSet(page, slot, hash, k)
                : BlockedBitProbing.probesSet(page, slot, hash, k);
    }

    /**
     * The batch form of {@link #probesSet(BloomLayout, BitArray, long, int)}: {@code out[i] =
     * probesSet(layout, bits, hashes[i], k)} for every i in [from, to). The block layouts walk the
     * keys in chunks of {@value ProbeBatch#CHUNK} ({@link ProbeBatch}); the standard layout is {@link
     * #orProbesSet} after clearing those answers.
     *
     * @param layout the filter's layout
     * @param bits the array, sized for the layout by {@link BloomShape}
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, in [1, 64]
     * @param out receives the answers at the same indices
     */
    public static void probesSet(BloomLayout layout, BitArray bits, long[] hashes, int from, int to, int k,
            boolean[] out) {
        if (layout == BloomLayout.STANDARD) {
            Arrays.fill(out, from, to, false);
            StandardBitProbing.orProbesSet(bits, hashes, from, to, k, out);
        } else {
            ProbeBatch.probesSet(layout, bits, hashes, from, to, k, out);
        }
    }

    /**
     * The batch form of {@link #probesSet(BloomLayout, BitArray, long, int)}, added to answers
     * already there: {@code out[i] = out[i] || probesSet(layout, bits, hashes[i], k)} for every i in
     * [from, to), without reading the bits of a key whose answer is already true (a scalable filter
     * asks its layers in turn this way). The keys go in chunks of {@value ProbeBatch#CHUNK} ({@link
     * ProbeBatch}).
     *
     * @param layout the filter's layout
     * @param bits the array, sized for the layout by {@link BloomShape}
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     * @param k probes, in [1, 64]
     * @param out holds earlier answers; receives these at the same indices
     */
    public static void orProbesSet(BloomLayout layout, BitArray bits, long[] hashes, int from, int to, int k,
            boolean[] out) {
        if (layout == BloomLayout.STANDARD) {
            StandardBitProbing.orProbesSet(bits, hashes, from, to, k, out);
        } else {
            ProbeBatch.orProbesSet(layout, bits, hashes, from, to, k, out);
        }
    }
}
