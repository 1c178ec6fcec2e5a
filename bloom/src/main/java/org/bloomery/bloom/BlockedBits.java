package org.bloomery.bloom;

/**
 * The {@link BloomLayout#BLOCKED blocked} layout over one array, its single-key query and add whole:
 * the block from the hash's high bits, then k probes in its eight words, probe i in word {@code (r +
 * i) mod 8} at field {@code i mod 8} of its group's product ({@link BlockedProbes} defines the
 * positions; a test holds the two to each other), so one cache miss per key. The array's size is a
 * multiple of 512 ({@link BloomShape} sizes it so).
 */
final class BlockedBits extends BlockBits {
    private final int k;

    BlockedBits(BloomShape shape, long[][] pages, boolean single, long setBits) {
        super(shape, pages, single, setBits);
        this.k = shape.hashes();
    }

    @Override
    public boolean contains(long hash) {
        return missing(words, PAD + (int) (BloomProbes.unsignedMultiplyHigh(hash, blocks) << 3), hash, k) == 0;
    }

    @Override
    public boolean add(long hash) {
        int slot = PAD + (int) (BloomProbes.unsignedMultiplyHigh(hash, blocks) << 3);
        int changed = single ? or(words, slot, hash, k, false) : or(words, slot, hash, k, true);
        return counted(changed);
    }

    @Override
    boolean testBlock(int slot, long hash) {
        return missing(words, slot, hash, k) == 0;
    }

    @Override
    int orBlockPlain(int slot, long hash) {
        return or(words, slot, hash, k, false);
    }

    /**
     * ORs a key's bits into its block at {@code page[slot]}, one {@link HeapBits#orWord} per touched
     * word (with many writers, an atomic OR only for a word that changes); the bits turned on.
     */
    static int or(long[] page, int slot, long hash, int k, boolean atomic) {
        if (atomic && missing(page, slot, hash, k) == 0) {
            // A key already present, the common add once a filter fills: one branch on plain reads
            // of the block, and no word's own branch.
            return 0;
        }
        long first = BlockedProbes.mix(hash, 0);
        int changed = 0;
        if (BlockedProbes.rotationFree(k)) {
            // Rotation 0 (k = 8 at 1%): word w takes probes w, w + 8, ..., at field w of each group's
            // product. Indexing the words by w alone lets the JIT check the block's range once, which
            // the rotated indexing below does not.
            for (int w = 0; w < BlockedProbes.BLOCK_WORDS; w++) {
                changed += orWord(page, slot + w, wordMask(hash, first, k, w), atomic);
            }
        } else {
            // Probe i lies in word r + i (mod 8), so word r + w takes probes w, w + 8, ...: each
            // word's mask comes straight from its own probes, and each word gets one write.
            int r = BlockedProbes.rotation(hash, k);
            int touched = Math.min(k, BlockedProbes.BLOCK_WORDS);
            for (int w = 0; w < touched; w++) {
                long mask = BlockedProbes.fieldBit(first, w);
                for (int i = w + BlockedProbes.BLOCK_WORDS; i < k; i += BlockedProbes.BLOCK_WORDS) {
                    mask |= BlockedProbes.bit(hash, i);
                }
                changed += orWord(page, slot + BlockedProbes.word(r, w), mask, atomic);
            }
        }
        return changed;
    }

    /**
     * Word w's mask at a rotation-free k: field w of every group's product. The loop's bound is the
     * same for every w, so at k = 8 the JIT drops the empty loop, which it does not for the rotated
     * branch's per-word bound (probes w + 8, w + 16, ... below k).
     */
    private static long wordMask(long hash, long first, int k, int w) {
        long mask = BlockedProbes.fieldBit(first, w);
        for (int g = 1; g < k >>> 3; g++) {
            mask |= BlockedProbes.fieldBit(BlockedProbes.mix(hash, g), w);
        }
        return mask;
    }

    /**
     * The probes of a key whose block starts at {@code page[slot]} that are clear, as a non-zero
     * value; 0 when all are set. Plain reads, every probe tested (they all lie in one cache line, so
     * a branch per probe would cost more in mispredictions than the reads it saves).
     */
    static long missing(long[] page, int slot, long hash, int k) {
        if (k == BlockedProbes.BLOCK_WORDS) {
            // k = 8, the blocked sizing's choice at 1%: rotation 0, probe w in word w at field w of
            // one product. Straight-line code leaves no loop, one multiplication and one range check.
            return groupMissing(page, slot, BlockedProbes.mix(hash, 0));
        }
        long missing = 0;
        if (BlockedProbes.rotationFree(k)) {
            // Rotation 0 at k = 16, 32 or 64: group g's probes lie in words 0 to 7 in turn.
            for (int g = 0; g < k >>> 3; g++) {
                missing |= groupMissing(page, slot, BlockedProbes.mix(hash, g));
            }
            return missing;
        }
        int r = BlockedProbes.rotation(hash, k);
        for (int i = 0; i < k; i++) {
            missing |= BlockedProbes.bit(hash, i) & ~page[slot + BlockedProbes.word(r, i)];
        }
        return missing;
    }

    /**
     * The probes of one group (product {@code x}) clear in the block at {@code slot}, as a non-zero
     * value, probe w in word w: each word shifted right by its probe's bit (a long shift takes its
     * count's low 6 bits, which are the field), the eight ANDed, bit 0 then set only if every probe
     * is. Three instructions a probe, against four for a mask and a test.
     */
    private static long groupMissing(long[] page, int slot, long x) {
        // The last word first: its range check covers the other seven, which the JIT then drops.
        long w7 = page[slot + 7];
        return groupMissing(page[slot], page[slot + 1], page[slot + 2], page[slot + 3], page[slot + 4],
                page[slot + 5], page[slot + 6], w7, x);
    }

    /** {@link #groupMissing(long[], int, long)} on the block's eight words, given as values. */
    static long groupMissing(long w0, long w1, long w2, long w3, long w4, long w5, long w6, long w7, long x) {
        long all = w7 >>> (x >>> 16)
                & w0 >>> (x >>> 58)
                & w1 >>> (x >>> 52)
                & w2 >>> (x >>> 46)
                & w3 >>> (x >>> 40)
                & w4 >>> (x >>> 34)
                & w5 >>> (x >>> 28)
                & w6 >>> (x >>> 22);
        return ~all & 1;
    }
}
