package org.bloomery.bloom;

/**
 * The {@link BloomLayout#SECTORED sectored} layout's probes in a {@link BitArray}: the positions of
 * {@link SectoredProbes}, k / 2 bits in each of two words of one 512-bit block, so one cache miss
 * and two loads per key. The array's size is a multiple of 512 and k is even ({@link BloomShape}
 * sizes it so).
 */
final class SectoredBitProbing {
    private SectoredBitProbing() {
    }

    /**
     * ORs a key's bits into its two words of the block that starts at {@code page[slot]}, written as
     * {@code write} says; the bits it turned on, uncounted. With {@link WordWrite#SHARED} a key
     * already present (plain reads of its two words, one branch) costs no locked instruction.
     */
    static int orProbes(long[] page, int slot, long hash, int k, WordWrite write) {
        // As in probesSet: a constant per call, so each body is straight-line code.
        return k == 6 ? orProbesPerWord(page, slot, hash, 3, write)
                : k == 8 ? orProbesPerWord(page, slot, hash, 4, write)
                : k == 10 ? orProbesPerWord(page, slot, hash, 5, write)
                : orProbesPerWord(page, slot, hash, k >>> 1, write);
    }

    private static int orProbesPerWord(long[] page, int slot, long hash, int kw, WordWrite write) {
        int first = slot + SectoredProbes.firstWord(hash);
        int second = slot + SectoredProbes.secondWord(hash);
        long firstMask = SectoredProbes.firstMask(hash, kw);
        long secondMask = SectoredProbes.secondMask(hash, kw);
        if (write == WordWrite.SHARED && missing(page[first], firstMask, page[second], secondMask) == 0) {
            return 0;
        }
        return write.or(page, first, firstMask) + write.or(page, second, secondMask);
    }

    /**
     * Whether a key's bits are set in its two words of the block that starts at {@code page[slot]}:
     * both words loaded before either is tested, and one test, so no branch between the two loads.
     */
    static boolean probesSet(long[] page, int slot, long hash, int k) {
        // The sizing's k at 1%, 0.1% and 0.01%: each call passes a constant, so the compiler builds
        // the masks for that k in straight-line code, with no branch on k left inside.
        return k == 6 ? probesSetPerWord(page, slot, hash, 3)
                : k == 8 ? probesSetPerWord(page, slot, hash, 4)
                : k == 10 ? probesSetPerWord(page, slot, hash, 5)
                : probesSetPerWord(page, slot, hash, k >>> 1);
    }

    private static boolean probesSetPerWord(long[] page, int slot, long hash, int kw) {
        return missing(page[slot + SectoredProbes.firstWord(hash)], SectoredProbes.firstMask(hash, kw),
                page[slot + SectoredProbes.secondWord(hash)], SectoredProbes.secondMask(hash, kw)) == 0;
    }

    /** The key's bits that are clear in its two words, as a non-zero value; 0 when all are set. */
    private static long missing(long firstWord, long firstMask, long secondWord, long secondMask) {
        return ~firstWord & firstMask | ~secondWord & secondMask;
    }
}
