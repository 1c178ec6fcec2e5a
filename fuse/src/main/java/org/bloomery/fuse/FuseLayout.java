package org.bloomery.fuse;

/**
 * Where a binary fuse filter's entries sit: an array of {@code segmentCount + arity - 1} segments of
 * {@code segmentLength} slots each (a power of two). An item's {@code arity} (3 or 4) slots lie in
 * as many consecutive segments, the first chosen by the item's mixed hash among the first {@code
 * segmentCount}, the others at a hash-chosen offset within the next segments. The sizes follow the
 * paper's rules: for 3-wise filters, segment length 2^floor(ln n / ln 3.33 + 2.25), capped at 2^18,
 * and about {@code max(1.125, 0.875 + 0.25 ln(10^6) / ln n)} slots per item; for 4-wise filters,
 * segment length 2^floor(ln n / ln 2.91 - 0.5) and {@code max(1.075, 0.77 + 0.305 ln(600000) /
 * ln n)} slots per item.
 *
 * @param segmentLength slots per segment, a power of two in [4, 2^18]
 * @param segmentCount segments an item's first slot can fall in, at least 1
 * @param arrayLength {@code (segmentCount + arity - 1) * segmentLength}, the number of slots
 * @param arity the slots per item, 3 or 4
 */
record FuseLayout(int segmentLength, int segmentCount, int arrayLength, int arity) {
    /** Most distinct items one filter holds: 2^30, so the slots (about 1.13 per item) fit one array. */
    static final long MAX_ITEMS = 1L << 30;
    /** The default slots per item. */
    static final int DEFAULT_ARITY = 3;

    private static final int MIN_SEGMENT_BITS = 2;
    private static final int MAX_SEGMENT_BITS = 18;
    /** The odd multiplier of {@link #fourth}: 2^64 divided by the golden ratio. */
    private static final long FOURTH_MULTIPLIER = 0x9E37_79B9_7F4A_7C15L;

    /**
     * The 3-wise layout for a set of distinct items.
     *
     * @param items the number of distinct items, in [0, {@link #MAX_ITEMS}]
     * @return the layout
     */
    static FuseLayout forItems(long items) {
        return forItems(items, DEFAULT_ARITY);
    }

    /**
     * The layout for a set of distinct items.
     *
     * @param items the number of distinct items, in [0, {@link #MAX_ITEMS}]
     * @param arity 3 or 4
     * @return the layout
     */
    static FuseLayout forItems(long items, int arity) {
        if (items < 0 || items > MAX_ITEMS) {
            throw new IllegalArgumentException("a fuse filter holds 0 to " + MAX_ITEMS + " distinct items, got " + items);
        }
        if (arity != 3 && arity != 4) {
            throw new IllegalArgumentException("a fuse filter's arity is 3 or 4, got " + arity);
        }
        boolean four = arity == 4;
        int segmentBits = items <= 1 ? MIN_SEGMENT_BITS : (int) Math.floor(four
                ? Math.log(items) / Math.log(2.91) - 0.5 : Math.log(items) / Math.log(3.33) + 2.25);
        segmentBits = Math.max(MIN_SEGMENT_BITS, Math.min(MAX_SEGMENT_BITS, segmentBits));
        int segmentLength = 1 << segmentBits;
        double slotsPerItem = items <= 1 ? 1.0 : four
                ? Math.max(1.075, 0.77 + 0.305 * Math.log(600_000) / Math.log(items))
                : Math.max(1.125, 0.875 + 0.25 * Math.log(1e6) / Math.log(items));
        long capacity = items <= 1 ? 0 : Math.round(items * slotsPerItem);
        int extra = arity - 1;
        long segments = Math.max(1, (capacity + segmentLength - 1) / segmentLength - extra);
        return new FuseLayout(segmentLength, (int) segments, (int) ((segments + extra) * segmentLength), arity);
    }

    /**
     * The first slot of an item: its mixed hash scaled into the first {@code segmentCount}
     * segments (the high 64 bits of the unsigned 128-bit product, so every bit of the hash counts).
     *
     * @param mixed the item's mixed hash
     * @param startSlots {@code segmentCount * segmentLength}
     * @return a slot in [0, startSlots)
     */
    static int first(long mixed, int startSlots) {
        // Unsigned high product: the signed one, corrected by the multiplier when mixed is negative.
        return (int) (Math.multiplyHigh(mixed, startSlots) + ((mixed >> 63) & startSlots));
    }

    /**
     * The second slot: one segment after the first, at an offset set by bits 18 and up of the hash.
     *
     * @param mixed the item's mixed hash
     * @param first its first slot
     * @param segmentLength slots per segment
     * @return a slot in the segment after the first's
     */
    static int second(long mixed, int first, int segmentLength) {
        return (first + segmentLength) ^ ((int) (mixed >>> 18) & (segmentLength - 1));
    }

    /**
     * The third slot: two segments after the first, at an offset set by the low bits of the hash.
     *
     * @param mixed the item's mixed hash
     * @param first its first slot
     * @param segmentLength slots per segment
     * @return a slot in the second segment after the first's
     */
    static int third(long mixed, int first, int segmentLength) {
        return (first + 2 * segmentLength) ^ ((int) mixed & (segmentLength - 1));
    }

    /**
     * The fourth slot of a 4-wise filter: three segments after the first, at an offset set by the
     * high bits of the hash times an odd constant. The other offsets take bits 0 to 35 and the first
     * slot the high bits, so the fourth offset needs bits of its own: those of the product, which
     * depend on every bit of the hash.
     *
     * @param mixed the item's mixed hash
     * @param first its first slot
     * @param segmentLength slots per segment
     * @return a slot in the third segment after the first's
     */
    static int fourth(long mixed, int first, int segmentLength) {
        return (first + 3 * segmentLength) ^ ((int) ((mixed * FOURTH_MULTIPLIER) >>> 46) & (segmentLength - 1));
    }

    /**
     * Slots the first slot can take.
     *
     * @return {@code segmentCount * segmentLength}
     */
    int startSlots() {
        return segmentCount * segmentLength;
    }

    /**
     * An item's fingerprint: the mixed hash's two halves XORed, of which the fingerprints keep the low
     * 8, 16 or 32 bits.
     *
     * @param mixed the item's mixed hash
     * @return 32 fingerprint bits
     */
    static int fingerprint(long mixed) {
        return (int) (mixed ^ (mixed >>> 32));
    }
}
