package org.bloomery.bloom;

/**
 * The {@link BloomLayout#STANDARD standard} layout's probes in a {@link BitArray}: the k positions
 * of {@link BloomProbes} over the whole array, so up to k cache misses per key.
 */
final class StandardBitProbing {
    private StandardBitProbing() {
    }

    /** {@link BitProbing#setProbes(BloomLayout, BitArray, long, int)} in this layout. */
    static boolean setProbes(BitArray bits, long hash, int k) {
        int changed;
        if (!bits.onePage()) {
            changed = setPagedProbes(bits, hash, k);
        } else {
            changed = bits.single() ? orProbes(bits, hash, k, WordWrite.ALONE) : orProbes(bits, hash, k, WordWrite.SHARED);
        }
        if (changed == 0) {
            return false;
        }
        bits.count(changed);
        return true;
    }

    /** {@link #setProbes} on an array of more than one page; the bits it turned on. */
    private static int setPagedProbes(BitArray bits, long hash, int k) {
        long m = bits.bitSize();
        long g = hash;
        long step = BloomProbes.step(hash);
        int changed = 0;
        for (int i = 0; i < k; i++, g += step) {
            changed += bits.setUncounted(BloomProbes.position(g, m));
        }
        return changed;
    }

    /**
     * {@link #setProbes} on one page, each probe written as {@code write} says, with no branch on
     * whether its bit was set (such a branch is as unpredictable as the fill, and its
     * mispredictions cost more than the writes it saves); the bits it turned on. With {@link
     * WordWrite#SHARED} plain reads of all k bits come first (their misses overlap), so a key
     * already present costs one branch and no locked instruction.
     */
    private static int orProbes(BitArray bits, long hash, int k, WordWrite write) {
        long m = bits.bitSize();
        long[] words = bits.firstPage();
        long step = BloomProbes.step(hash);
        if (write == WordWrite.SHARED) {
            long clear = 0;
            long g = hash;
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                clear |= ~words[BitArray.slot(index >>> 6)] >>> index;
            }
            if ((clear & 1) == 0) {
                return 0;
            }
        }
        int changed = 0;
        long g = hash;
        for (int i = 0; i < k; i++, g += step) {
            long index = BloomProbes.position(g, m);
            changed += write.or(words, BitArray.slot(index >>> 6), 1L << index);
        }
        return changed;
    }

    /** Stops at the first clear bit. */
    static boolean probesSet(BitArray bits, long hash, int k) {
        long m = bits.bitSize();
        if (!bits.onePage()) {
            return pagedProbesSet(bits, hash, k);
        }
        long[] words = bits.firstPage();
        long g = hash;
        long step = BloomProbes.step(hash);
        int i = 0;
        // Two probes per test: an absent key's first clear bit is a coin flip away, and one branch
        // per probe mispredicted about once a query and waited on each read; pairs of reads
        // overlap.
        for (; i + 1 < k; i += 2, g += step << 1) {
            long a = BloomProbes.position(g, m);
            long b = BloomProbes.position(g + step, m);
            if ((~words[BitArray.slot(a >>> 6)] & 1L << a | ~words[BitArray.slot(b >>> 6)] & 1L << b) != 0) {
                return false;
            }
        }
        if (i == k) {
            return true;
        }
        long a = BloomProbes.position(g, m);
        return (words[BitArray.slot(a >>> 6)] & 1L << a) != 0;
    }

    /** {@link #probesSet} over several pages, one probe at a time. */
    private static boolean pagedProbesSet(BitArray bits, long hash, int k) {
        long m = bits.bitSize();
        long g = hash;
        long step = BloomProbes.step(hash);
        for (int i = 0; i < k; i++, g += step) {
            if (!bits.get(BloomProbes.position(g, m))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Probe by probe: probe j of every key of a chunk still possibly present, then probe j + 1, so
     * each pass issues up to a chunk's worth of independent reads.
     */
    static void orProbesSet(BitArray bits, long[] hashes, int from, int to, int k, boolean[] out) {
        long m = bits.bitSize();
        for (int start = from; start < to; start += ProbeBatch.CHUNK) {
            int end = Math.min(to, start + ProbeBatch.CHUNK);
            long known = ProbeBatch.known(out, start, end);
            for (int i = start; i < end; i++) {
                if ((known & 1L << (i - start)) == 0) {
                    out[i] = bits.get(BloomProbes.position(hashes[i], m));
                }
            }
            for (int j = 1; j < k; j++) {
                for (int i = start; i < end; i++) {
                    if (out[i] && (known & 1L << (i - start)) == 0) {
                        long hash = hashes[i];
                        out[i] = bits.get(BloomProbes.position(hash + j * BloomProbes.step(hash), m));
                    }
                }
            }
        }
    }
}
