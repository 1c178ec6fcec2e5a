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
                long sum = 0;
                if (layout != BloomLayout.STANDARD) {
                    // As the batch queries do: the next chunk's blocks are loaded in a tight loop
                    // while this chunk's keys are written, so many of their misses are in flight.
                    long touched = ProbeBatch.touchBlocks(bits, hashes, from, Math.min(to, from + ProbeBatch.CHUNK));
                    for (int start = from; start < to; start += ProbeBatch.CHUNK) {
                        int end = Math.min(to, start + ProbeBatch.CHUNK);
                        touched ^= ProbeBatch.touchBlocks(bits, hashes, end, Math.min(to, end + ProbeBatch.CHUNK));
                        if (layout == BloomLayout.SECTORED) {
                            for (int i = start; i < end; i++) {
                                sum += setSectored(bits, hashes[i], k);
                            }
                        } else {
                            for (int i = start; i < end; i++) {
                                sum += setBlocked(bits, hashes[i], k);
                            }
                        }
                    }
                    ProbeBatch.keep(touched);
                } else {
                    for (int i = from; i < to; i++) {
                        sum += setStandard(bits, hashes[i], k, part);
                    }
                }
                changed += sum;
            }

            @Override
            public void commit() {
                bits.count(changed);
            }
        };
    }

    /** Sets a key's bits in the sectored layout with plain writes; the bits it turned on. */
    static int setSectored(BitArray bits, long hash, int k) {
        // A constant per call, as in SectoredBitProbing: straight-line masks for the common k.
        return k == 6 ? setSectoredPerWord(bits, hash, 3)
                : k == 8 ? setSectoredPerWord(bits, hash, 4)
                : k == 10 ? setSectoredPerWord(bits, hash, 5)
                : setSectoredPerWord(bits, hash, k >>> 1);
    }

    private static int setSectoredPerWord(BitArray bits, long hash, int kw) {
        long base = BlockedProbes.firstWord(hash, bits.bitSize() >>> 6);
        long[] page = bits.page(base);
        int slot = BitArray.slot(base);
        return orPlain(page, slot + SectoredProbes.firstWord(hash), SectoredProbes.firstMask(hash, kw))
                + orPlain(page, slot + SectoredProbes.secondWord(hash), SectoredProbes.secondMask(hash, kw));
    }

    /**
     * Sets a key's bits in the blocked layout with plain writes, probe i at bit {@link
     * BlockedProbes#fieldBit field} {@code i mod 8} of group {@code i / 8}'s product, in word {@link
     * BlockedProbes#word}; the bits it turned on.
     */
    static int setBlocked(BitArray bits, long hash, int k) {
        long base = BlockedProbes.firstWord(hash, bits.bitSize() >>> 6);
        long[] page = bits.page(base);
        int slot = BitArray.slot(base);
        int r = BlockedProbes.rotation(hash, k);
        int changed = 0;
        for (int group = 0; group << 3 < k; group++) {
            long x = BlockedProbes.mix(hash, group);
            int fields = Math.min(BlockedProbes.BLOCK_WORDS, k - (group << 3));
            for (int field = 0; field < fields; field++) {
                changed += orPlain(page, slot + BlockedProbes.word(r, field), BlockedProbes.fieldBit(x, field));
            }
        }
        return changed;
    }

    /**
     * Sets the standard layout's probes of a key that fall in a part's words, with plain writes; the
     * bits it turned on.
     */
    static int setStandard(BitArray bits, long hash, int k, BulkBuild.Part part) {
        long m = bits.bitSize();
        long g = hash;
        long step = BloomProbes.step(hash);
        int changed = 0;
        for (int i = 0; i < k; i++, g += step) {
            long index = BloomProbes.position(g, m);
            long word = index >>> 6;
            if (part.holdsWord(word)) {
                changed += orPlain(bits.page(word), BitArray.slot(word), 1L << index);
            }
        }
        return changed;
    }

    /** ORs a mask into a word with a plain read and write; the bits it turned on. */
    private static int orPlain(long[] page, int slot, long mask) {
        long old = page[slot];
        page[slot] = old | mask;
        return Long.bitCount(mask & ~old);
    }
}
