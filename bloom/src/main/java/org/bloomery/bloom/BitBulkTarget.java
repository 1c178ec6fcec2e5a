package org.bloomery.bloom;

/**
 * A {@link BitArray} as a {@link BulkBuild} fills it: plain reads and writes of the words (the
 * array is not shared yet, and each thread writes only its own part), the bits turned on tallied in
 * a local and added to the array's live count once, at the end. The positions are the layouts' own
 * ({@link BloomProbes}, {@link BlockedProbes}, {@link SectoredProbes}). The live single-writer path
 * ({@link BitProbing#setProbes} on a single-writer array) writes opaquely and moves the count a key
 * at a time, which keeps a query racing the writer sound; a build needs neither, and without them
 * the compiler may keep the tally in a register and move the loads of the next keys ahead of this
 * key's stores, so that their cache misses overlap.
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
        return new BulkBuild.Writer() {
            /** Bits this writer turned on. */
            private long changed;

            @Override
            public void apply(long[] hashes, int from, int to) {
                if (layout == BloomLayout.STANDARD) {
                    long sum = 0;
                    for (int i = from; i < to; i++) {
                        sum += setStandard(bits, hashes[i], k, part);
                    }
                    changed += sum;
                } else {
                    changed += ProbeBatch.orProbesPlain(layout, bits, hashes, from, to, k);
                }
            }

            @Override
            public void commit() {
                bits.count(changed);
            }
        };
    }

    /**
     * Sets the standard layout's probes of a key that fall in a part's words, with plain writes; the
     * bits it turned on.
     */
    private static int setStandard(BitArray bits, long hash, int k, BulkBuild.Part part) {
        long m = bits.bitSize();
        long g = hash;
        long step = BloomProbes.step(hash);
        int changed = 0;
        for (int i = 0; i < k; i++, g += step) {
            long index = BloomProbes.position(g, m);
            long word = index >>> 6;
            if (part.holdsWord(word)) {
                changed += WordWrite.PLAIN.or(bits.page(word), BitArray.slot(word), 1L << index);
            }
        }
        return changed;
    }
}
