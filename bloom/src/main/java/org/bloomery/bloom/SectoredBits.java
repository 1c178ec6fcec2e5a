package org.bloomery.bloom;

/**
 * The {@link BloomLayout#SECTORED sectored} layout over one array, its single-key query and add
 * whole: the block from the hash's high bits, two of its eight words from the low bits, {@code kw =
 * k / 2} bits in each from the fields of one product, so one cache miss and two loads per key. The
 * positions are {@link SectoredProbes}', computed here inline (a test holds the two to each other);
 * the array's size is a multiple of 512 and k is even ({@link BloomShape} sizes it so).
 */
final class SectoredBits extends BlockBits {
    /** {@link BlockedProbes}' multiplier, whose product's 6-bit fields give the probes' bits. */
    private static final long STEP = 0x9E3779B97F4A7C15L;
    /** Probes per word, k / 2, in [1, 32]. */
    private final int kw;

    SectoredBits(BloomShape shape, long[][] pages, boolean single, long setBits) {
        super(shape, pages, single, setBits);
        this.kw = shape.hashes() >>> 1;
    }

    /**
     * kw is fixed per filter; each call below passes it as a constant, so the compiler builds that
     * call's masks in straight-line code (no jump on kw inside), and the choice between them always
     * goes the same way. 3, 4 and 5 are the sizing's kw at 1%, 0.1% and 0.01%.
     */
    @Override
    public boolean contains(long hash) {
        int slot = PAD + (int) (BloomProbes.unsignedMultiplyHigh(hash, blocks) << 3);
        return kw == 3 ? test(words, slot, hash, 3)
                : kw == 4 ? test(words, slot, hash, 4)
                : kw == 5 ? test(words, slot, hash, 5)
                : test(words, slot, hash, kw);
    }

    /** As {@link #contains}, one body per common kw. */
    @Override
    public boolean add(long hash) {
        int slot = PAD + (int) (BloomProbes.unsignedMultiplyHigh(hash, blocks) << 3);
        int changed = single
                ? kw == 3 ? or(words, slot, hash, 3, false) : or(words, slot, hash, kw, false)
                : kw == 3 ? or(words, slot, hash, 3, true) : or(words, slot, hash, kw, true);
        return counted(changed);
    }

    @Override
    boolean testBlock(int slot, long hash) {
        return test(words, slot, hash, kw);
    }

    @Override
    int orBlockPlain(int slot, long hash) {
        return or(words, slot, hash, kw, false);
    }

    /**
     * Whether a key's bits are set in its two words of the block at {@code page[slot]}: both words
     * loaded before either is tested, and one test, so no branch between the two loads.
     */
    static boolean test(long[] page, int slot, long hash, int kw) {
        return test(page[slot + firstWord(hash)], page[slot + secondWord(hash)], hash, kw);
    }

    /**
     * Whether a key's bits are set in its two words, given their values (word {@link #firstWord} and
     * word {@link #secondWord} of its block, wherever the block is stored).
     */
    static boolean test(long first, long second, long hash, int kw) {
        return (~first & firstMask(hash, kw) | ~second & secondMask(hash, kw)) == 0;
    }

    /**
     * ORs a key's bits into its two words of the block at {@code page[slot]}, each word as {@link
     * HeapBits#orWord} writes it (with many writers, an atomic OR only for a word that changes); the
     * bits turned on.
     */
    static int or(long[] page, int slot, long hash, int kw, boolean atomic) {
        return orWord(page, slot + firstWord(hash), firstMask(hash, kw), atomic)
                + orWord(page, slot + secondWord(hash), secondMask(hash, kw), atomic);
    }

    /** {@link SectoredProbes#firstWord}: the hash's low 3 bits. */
    static int firstWord(long hash) {
        return (int) hash & 7;
    }

    /** {@link SectoredProbes#secondWord}: the first XOR a distance in [1, 7], a fastrange of the next 32 bits. */
    static int secondWord(long hash) {
        return firstWord(hash) ^ (1 + (int) (((hash >>> 3) & 0xFFFFFFFFL) * 7 >>> 32));
    }

    /** {@link SectoredProbes#firstMask}: fields 0 to kw - 1 of {@code hash * STEP}. */
    private static long firstMask(long hash, int kw) {
        return fields(hash * STEP, kw);
    }

    /**
     * {@link SectoredProbes#secondMask}: fields kw to 7 of {@code hash * STEP}, moved to the top by a
     * left shift, then for kw above 4 (k above 8) the first 2kw - 8 fields of {@code hash * STEP^2}.
     */
    private static long secondMask(long hash, int kw) {
        long x = hash * STEP;
        if (kw <= 4) {
            return fields(x << 6 * kw, kw);
        }
        return fields(x << 6 * kw, 8 - kw) | fields(hash * (STEP * STEP), kw - (8 - kw));
    }

    /**
     * Fields 0 to count - 1 (6 bits each, from the top) of a product, each as one bit of a mask. The
     * cases fall through: one jump whose target is the same for every key of a filter (kw is fixed),
     * then straight-line code, three instructions a probe (a long shift takes its count's low 6
     * bits, which are the field).
     */
    @SuppressWarnings("fallthrough")
    private static long fields(long x, int count) {
        long mask = 0;
        switch (count) {
            case 8:
                mask |= 1L << (x >>> 16);
            case 7:
                mask |= 1L << (x >>> 22);
            case 6:
                mask |= 1L << (x >>> 28);
            case 5:
                mask |= 1L << (x >>> 34);
            case 4:
                mask |= 1L << (x >>> 40);
            case 3:
                mask |= 1L << (x >>> 46);
            case 2:
                mask |= 1L << (x >>> 52);
            case 1:
                mask |= 1L << (x >>> 58);
            default:
                return mask;
        }
    }
}
