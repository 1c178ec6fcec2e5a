package org.bloomery.bloom;

import java.util.Arrays;
import org.bloomery.api.spi.MappedBytes;

/**
 * The {@link BloomLayout#STANDARD standard} layout over a mapping: the k positions of {@link
 * BloomProbes} over the whole file's words, stopping at the first clear bit.
 */
final class MappedStandardBits extends MappedBits {
    private final long m;
    private final int k;

    MappedStandardBits(MappedBytes bytes, long start, BloomShape shape, Writers writers, long setBits) {
        super(bytes, start, shape, writers, setBits);
        this.m = shape.cells();
        this.k = shape.hashes();
    }

    @Override
    public boolean contains(long hash) {
        long g = hash;
        long step = BloomProbes.step(hash);
        for (int i = 0; i < k; i++, g += step) {
            if (!bit(BloomProbes.position(g, m))) {
                return false;
            }
        }
        return true;
    }

    private boolean bit(long index) {
        return (word(index >>> 6) & 1L << index) != 0;
    }

    @Override
    public void containsAll(long[] hashes, int from, int to, boolean[] out) {
        Arrays.fill(out, from, to, false);
        orContainsAll(hashes, from, to, out);
    }

    /** Key by key: its probes may lie anywhere in the file, so a chunked walk gains little here. */
    @Override
    public void orContainsAll(long[] hashes, int from, int to, boolean[] out) {
        for (int i = from; i < to; i++) {
            out[i] = out[i] || contains(hashes[i]);
        }
    }
}
