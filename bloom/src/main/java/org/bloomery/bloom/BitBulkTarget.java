package org.bloomery.bloom;

/**
 * A {@link BitArray} as a {@link BulkBuild} fills it: each thread writes through a single-writer
 * {@link BitArray#writerView view} of its own, so the blocked and sectored layouts set a key's bits
 * with their ordinary single-writer code ({@link BitProbing#setProbes}), and the standard layout sets
 * only the probes that fall in the thread's words. The views' counts are added to the array's at the
 * end.
 */
final class BitBulkTarget implements BulkBuild.Target {
    private final BloomLayout layout;
    private final BitArray bits;
    private final int k;

    BitBulkTarget(BloomLayout layout, BitArray bits, int k) {
        this.layout = layout;
        this.bits = bits;
        this.k = k;
    }

    @Override
    public long words() {
        return bits.bitSize() >>> 6;
    }

    @Override
    public boolean blocked() {
        return layout != BloomLayout.STANDARD;
    }

    @Override
    public BulkBuild.Writer writer(BulkBuild.Part part) {
        BitArray view = bits.writerView();
        boolean wholeArray = part.fromWord() == 0 && part.toWord() == words();
        return new BulkBuild.Writer() {
            @Override
            public void apply(long[] hashes, int from, int to) {
                if (blocked() || wholeArray) {
                    for (int i = from; i < to; i++) {
                        BitProbing.setProbes(layout, view, hashes[i], k);
                    }
                } else {
                    long changed = 0;
                    for (int i = from; i < to; i++) {
                        changed += setProbesIn(view, hashes[i], k, part);
                    }
                    view.count(changed);
                }
            }

            @Override
            public void commit() {
                bits.count(view.cardinality());
            }
        };
    }

    /**
     * Sets the standard layout's probes of a key that fall in a part's words, with plain writes; the
     * bits it turned on.
     */
    static int setProbesIn(BitArray view, long hash, int k, BulkBuild.Part part) {
        long m = view.bitSize();
        long g = hash;
        long step = BloomProbes.step(hash);
        int changed = 0;
        for (int i = 0; i < k; i++, g += step) {
            long index = BloomProbes.position(g, m);
            long word = index >>> 6;
            if (part.holdsWord(word)) {
                long[] page = view.page(word);
                int slot = BitArray.slot(word);
                long old = page[slot];
                page[slot] = old | 1L << index;
                changed += (int) (~old >>> index) & 1;
            }
        }
        return changed;
    }
}
