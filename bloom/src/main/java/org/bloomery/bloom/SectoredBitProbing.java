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
     * A key already present changes nothing (many writers: one branch a key, on plain reads of its
     * two words, so it costs no locked instruction); otherwise each of the two words gets one atomic
     * OR, or one plain write with a single writer.
     */
    static boolean setProbes(BitArray bits, long hash, int k) {
        // As in probesSet: a constant per call, so each body is straight-line code.
        return k == 6 ? setProbesPerWord(bits, hash, 3)
                : k == 8 ? setProbesPerWord(bits, hash, 4)
                : k == 10 ? setProbesPerWord(bits, hash, 5)
                : setProbesPerWord(bits, hash, k >>> 1);
    }

    private static boolean setProbesPerWord(BitArray bits, long hash, int kw) {
        long base = BlockedProbes.firstWord(hash, bits.bitSize() >>> 6);
        long[] page = bits.page(base);
        int slot = BitArray.slot(base);
        int first = slot + SectoredProbes.firstWord(hash);
        int second = slot + SectoredProbes.secondWord(hash);
        long firstMask = SectoredProbes.firstMask(hash, kw);
        long secondMask = SectoredProbes.secondMask(hash, kw);
        int changed;
        if (bits.single()) {
            changed = BitArray.orWordAlone(page, first, firstMask) + BitArray.orWordAlone(page, second, secondMask);
        } else {
            if (missing(page[first], firstMask, page[second], secondMask) == 0) {
                return false;
            }
            changed = BitArray.orWordShared(page, first, firstMask) + BitArray.orWordShared(page, second, secondMask);
        }
        if (changed == 0) {
            return false;
        }
        bits.count(changed);
        return true;
    }

    /** Both words loaded before either is tested, and one test: no branch between the two loads. */
    static boolean probesSet(BitArray bits, long hash, int k) {
        // The sizing's k at 1%, 0.1% and 0.01%: each call passes a constant, so the compiler builds
        // the masks for that k in straight-line code, with no branch on k left inside.
        return k == 6 ? probesSetPerWord(bits, hash, 3)
                : k == 8 ? probesSetPerWord(bits, hash, 4)
                : k == 10 ? probesSetPerWord(bits, hash, 5)
                : probesSetPerWord(bits, hash, k >>> 1);
    }

    private static boolean probesSetPerWord(BitArray bits, long hash, int kw) {
        long base = BlockedProbes.firstWord(hash, bits.bitSize() >>> 6);
        long[] page = bits.page(base);
        int slot = BitArray.slot(base);
        return missing(page[slot + SectoredProbes.firstWord(hash)], SectoredProbes.firstMask(hash, kw),
                page[slot + SectoredProbes.secondWord(hash)], SectoredProbes.secondMask(hash, kw)) == 0;
    }

    /** The key's bits that are clear in its two words, as a non-zero value; 0 when all are set. */
    private static long missing(long firstWord, long firstMask, long secondWord, long secondMask) {
        return ~firstWord & firstMask | ~secondWord & secondMask;
    }

    /**
     * Chunk by chunk, the next chunk's blocks {@link ProbeBatch#touchBlocks touched} first, so their
     * misses are in flight while this chunk is tested; then each key tested as {@link #probesSet}
     * does, its answer stored without a branch on the loaded words. The only branch skips keys
     * already answered true, on earlier answers, not on loaded words.
     */
    static void orProbesSet(BitArray bits, long[] hashes, int from, int to, int k, boolean[] out) {
        long touched = ProbeBatch.touchBlocks(bits, hashes, from, Math.min(to, from + ProbeBatch.CHUNK));
        for (int start = from; start < to; start += ProbeBatch.CHUNK) {
            int end = Math.min(to, start + ProbeBatch.CHUNK);
            touched ^= ProbeBatch.touchBlocks(bits, hashes, end, Math.min(to, end + ProbeBatch.CHUNK));
            for (int i = start; i < end; i++) {
                if (!out[i]) {
                    out[i] = probesSet(bits, hashes[i], k);
                }
            }
        }
        ProbeBatch.keep(touched);
    }
}
