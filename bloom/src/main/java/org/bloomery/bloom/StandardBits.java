package org.bloomery.bloom;

import java.util.Arrays;

/**
 * The {@link BloomLayout#STANDARD standard} layout over one array: the k positions of {@link
 * BloomProbes} spread over the whole array, so up to k cache misses per key.
 */
final class StandardBits extends HeapBits {
    private final long[] words;
    private final long m;
    private final int k;

    StandardBits(BloomShape shape, long[][] pages, boolean single, long setBits) {
        super(shape, pages, ONE_ARRAY, single, setBits);
        this.words = pages[0];
        this.m = shape.cells();
        this.k = shape.hashes();
    }

    /** Stops at the first clear pair of probes. */
    @Override
    public boolean contains(long hash) {
        long g = hash;
        long step = BloomProbes.step(hash);
        int i = 0;
        // Two probes per test: an absent key's first clear bit is a coin flip away, and one branch
        // per probe mispredicted about once a query and waited on each read; pairs of reads
        // overlap.
        for (; i + 1 < k; i += 2, g += step << 1) {
            long a = BloomProbes.position(g, m);
            long b = BloomProbes.position(g + step, m);
            if ((~words[PAD + (int) (a >>> 6)] & 1L << a | ~words[PAD + (int) (b >>> 6)] & 1L << b) != 0) {
                return false;
            }
        }
        if (i == k) {
            return true;
        }
        long a = BloomProbes.position(g, m);
        return (words[PAD + (int) (a >>> 6)] & 1L << a) != 0;
    }

    @Override
    public boolean add(long hash) {
        int changed = single ? or(hash, false) : or(hash, true);
        return counted(changed);
    }

    /**
     * ORs each probe into its word ({@link HeapBits#orWord}); the bits turned on. With many writers
     * ({@code atomic}) plain reads of all k bits come first (their misses overlap), so a key already
     * present costs one branch and no locked instruction.
     */
    private int or(long hash, boolean atomic) {
        long step = BloomProbes.step(hash);
        if (atomic) {
            long clear = 0;
            long g = hash;
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                clear |= ~words[PAD + (int) (index >>> 6)] >>> index;
            }
            if ((clear & 1) == 0) {
                return 0;
            }
        }
        int changed = 0;
        long g = hash;
        for (int i = 0; i < k; i++, g += step) {
            long index = BloomProbes.position(g, m);
            changed += orWord(words, PAD + (int) (index >>> 6), 1L << index, atomic);
        }
        return changed;
    }

    @Override
    public void containsAll(long[] hashes, int from, int to, boolean[] out) {
        Arrays.fill(out, from, to, false);
        orContainsAll(hashes, from, to, out);
    }

    /**
     * Probe by probe: probe j of every key of a chunk still possibly present, then probe j + 1, so
     * each pass issues up to a chunk's worth of independent reads.
     */
    @Override
    public void orContainsAll(long[] hashes, int from, int to, boolean[] out) {
        for (int start = from; start < to; start += ProbeBatch.CHUNK) {
            int end = Math.min(to, start + ProbeBatch.CHUNK);
            long known = ProbeBatch.known(out, start, end);
            for (int i = start; i < end; i++) {
                if ((known & 1L << (i - start)) == 0) {
                    out[i] = bit(BloomProbes.position(hashes[i], m));
                }
            }
            for (int j = 1; j < k; j++) {
                for (int i = start; i < end; i++) {
                    if (out[i] && (known & 1L << (i - start)) == 0) {
                        long hash = hashes[i];
                        out[i] = bit(BloomProbes.position(hash + j * BloomProbes.step(hash), m));
                    }
                }
            }
        }
    }

    private boolean bit(long index) {
        return (words[PAD + (int) (index >>> 6)] & 1L << index) != 0;
    }

    /** Every key's probes, writing those that fall in the part's words: the probes spread over all parts. */
    @Override
    long buildPart(long[] hashes, int from, int to, BulkBuild.Part part) {
        long changed = 0;
        for (int i = from; i < to; i++) {
            long hash = hashes[i];
            long g = hash;
            long step = BloomProbes.step(hash);
            for (int j = 0; j < k; j++, g += step) {
                long index = BloomProbes.position(g, m);
                long word = index >>> 6;
                if (part.holdsWord(word)) {
                    changed += orWord(words, PAD + (int) word, 1L << index, false);
                }
            }
        }
        return changed;
    }
}
