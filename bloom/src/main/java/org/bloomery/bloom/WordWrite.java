package org.bloomery.bloom;

/**
 * The ways a probe strategy ORs a key's bits into a word of a {@link BitArray}: the one place that
 * says how a word is written. Callers pass a constant, so the compiler keeps only that way's code.
 */
enum WordWrite {
    /** Many writers at once ({@link Writers#MANY}): one atomic OR. */
    SHARED,
    /** The one live writer ({@link Writers#SINGLE}): a plain read and one opaque write. */
    ALONE,
    /**
     * A bulk build's thread in its own words of an array nobody reads yet: a plain read and write,
     * which the compiler may reorder around the next keys' loads.
     */
    PLAIN;

    /**
     * ORs a mask into one word.
     *
     * @param page the page holding the word
     * @param slot the word's index in the page
     * @param mask the bits to set
     * @return the number of bits this call turned on
     */
    int or(long[] page, int slot, long mask) {
        if (this == SHARED) {
            return BitArray.orWordShared(page, slot, mask);
        }
        if (this == ALONE) {
            return BitArray.orWordAlone(page, slot, mask);
        }
        long old = page[slot];
        page[slot] = old | mask;
        return Long.bitCount(mask & ~old);
    }
}
