package org.bloomery.bloom;

/**
 * The {@link BloomLayout#PATTERNED patterned} layout over one array, its single-key query and add
 * whole: the block from the hash's high bits, one word in each half of it and a rotated pattern for
 * each from the low 32 bits, so one cache miss, two table loads and two word loads per key. The
 * positions are {@link PatternedProbes}', computed here inline (a test holds the two to each other);
 * the array's size is a multiple of 512 and k is even ({@link BloomShape} sizes it so).
 */
final class PatternedBits extends BlockBits {
    /**
     * The tables of the kw that sizing picks at 1%, 0.1%, 0.01% and 10^-5 (3, 4, 5, 6). As
     * static finals of 256 entries indexed by {@code & 255}, they let the compiler drop the range
     * check of the table load.
     */
    private static final long[] TABLE_3 = PatternedProbes.table(3);
    private static final long[] TABLE_4 = PatternedProbes.table(4);
    private static final long[] TABLE_5 = PatternedProbes.table(5);
    private static final long[] TABLE_6 = PatternedProbes.table(6);
    /** Bits per word, k / 2, in [1, 16]. */
    private final int kw;
    /** The pattern table for {@link #kw}, for the kw the constants above do not cover. */
    private final long[] table;

    PatternedBits(BloomShape shape, long[][] pages, boolean single, long setBits) {
        super(shape, pages, single, setBits);
        this.kw = shape.hashes() >>> 1;
        this.table = PatternedProbes.table(kw);
    }

    /**
     * kw is fixed per filter, so the choice below always goes the same way; each common kw's call
     * passes its table as a constant, whose length the compiler then knows.
     */
    @Override
    public boolean contains(long hash) {
        int slot = PAD + (int) (BloomProbes.unsignedMultiplyHigh(hash, blocks) << 3);
        return kw == 3 ? test(words, slot, hash, TABLE_3)
                : kw == 4 ? test(words, slot, hash, TABLE_4)
                : kw == 5 ? test(words, slot, hash, TABLE_5)
                : kw == 6 ? test(words, slot, hash, TABLE_6)
                : test(words, slot, hash, table);
    }

    /** As {@link #contains}, with a constant table for kw 3, the sizing's at 1%. */
    @Override
    public boolean add(long hash) {
        int slot = PAD + (int) (BloomProbes.unsignedMultiplyHigh(hash, blocks) << 3);
        int changed = single
                ? kw == 3 ? or(words, slot, hash, TABLE_3, false) : or(words, slot, hash, table, false)
                : kw == 3 ? or(words, slot, hash, TABLE_3, true) : or(words, slot, hash, table, true);
        return counted(changed);
    }

    @Override
    boolean testBlock(int slot, long hash) {
        return test(words, slot, hash, table);
    }

    @Override
    int orBlockPlain(int slot, long hash) {
        return or(words, slot, hash, table, false);
    }

    /**
     * Whether a key's bits are set in its two words of the block at {@code page[slot]}: both words
     * loaded before either is tested, and one test, so no branch between the two loads.
     */
    static boolean test(long[] page, int slot, long hash, long[] table) {
        return test(page[slot + firstWord(hash)], page[slot + secondWord(hash)], hash, table);
    }

    /**
     * Whether a key's bits are set in its two words, given their values (word {@link #firstWord} and
     * word {@link #secondWord} of its block, wherever the block is stored).
     */
    static boolean test(long first, long second, long hash, long[] table) {
        return (~first & firstMask(hash, table) | ~second & secondMask(hash, table)) == 0;
    }

    /**
     * ORs a key's bits into its two words of the block at {@code page[slot]}, each word as {@link
     * HeapBits#orWord} writes it (with many writers, an atomic OR only for a word that changes); the
     * bits turned on.
     */
    static int or(long[] page, int slot, long hash, long[] table, boolean atomic) {
        return orWord(page, slot + firstWord(hash), firstMask(hash, table), atomic)
                + orWord(page, slot + secondWord(hash), secondMask(hash, table), atomic);
    }

    /** {@link PatternedProbes#firstWord}: the hash's low 2 bits. */
    static int firstWord(long hash) {
        return (int) hash & 3;
    }

    /** {@link PatternedProbes#secondWord}: 4 plus the hash's bits 2 and 3. */
    static int secondWord(long hash) {
        return 4 | (int) hash >>> 2 & 3;
    }

    /**
     * {@link PatternedProbes#firstMask}: pattern {@code (hash >>> 4) & 255} rotated by bits 12..17
     * (a rotate takes its count's low 6 bits).
     */
    private static long firstMask(long hash, long[] table) {
        return Long.rotateLeft(table[(int) hash >>> 4 & 255], (int) hash >>> 12);
    }

    /** {@link PatternedProbes#secondMask}: pattern {@code (hash >>> 18) & 255} rotated by bits 26..31. */
    private static long secondMask(long hash, long[] table) {
        return Long.rotateLeft(table[(int) hash >>> 18 & 255], (int) hash >>> 26);
    }
}
