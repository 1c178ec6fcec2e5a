package org.bloomery.bloom;

/**
 * The {@link BloomLayout#BLOCKED blocked} layout's probes in a {@link BitArray}: the k positions of
 * {@link BlockedProbes}, all in one 512-bit block (one cache line), so one cache miss per key. The
 * array's size is a multiple of 512 ({@link BloomShape} sizes it so).
 */
final class BlockedBitProbing {
    private BlockedBitProbing() {
    }

    /**
     * A key already present changes nothing; otherwise each touched word gets one atomic OR (one
     * plain write with a single writer).
     */
    static boolean setProbes(BitArray bits, long hash, int k) {
        long base = BlockedProbes.firstWord(hash, bits.bitSize() >>> 6);
        long[] page = bits.page(base);
        int slot = BitArray.slot(base);
        boolean single = bits.single();
        if (!single && blockMissing(page, slot, hash, k) == 0) {
            // Many writers: one branch a key, on plain reads of its block, so a key already present
            // costs no locked instruction. A branch a word (skipping words already holding their
            // bits) costs more than it saves: its outcome is as unpredictable as the fill.
            return false;
        }
        long first = BlockedProbes.mix(hash, 0);
        int changed = 0;
        if (BlockedProbes.rotationFree(k)) {
            // Rotation 0 (k = 8 at 1%): word w takes probes w, w + 8, ..., at field w of each group's
            // product. Indexing the words by w alone lets the JIT check the block's range once, which
            // the rotated indexing below does not.
            if (single) {
                for (int w = 0; w < BlockedProbes.BLOCK_WORDS; w++) {
                    changed += BitArray.orWordAlone(page, slot + w, wordMask(hash, first, k, w));
                }
            } else {
                for (int w = 0; w < BlockedProbes.BLOCK_WORDS; w++) {
                    changed += BitArray.orWordShared(page, slot + w, wordMask(hash, first, k, w));
                }
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
                int at = slot + BlockedProbes.word(r, w);
                changed += single ? BitArray.orWordAlone(page, at, mask) : BitArray.orWordShared(page, at, mask);
            }
        }
        if (changed == 0) {
            return false;
        }
        bits.count(changed);
        return true;
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
     * Plain reads of one 512-bit block, every probe tested (they all lie in one cache line, so a
     * branch per probe would cost more in mispredictions than the reads it saves).
     */
    static boolean probesSet(BitArray bits, long hash, int k) {
        long base = BlockedProbes.firstWord(hash, bits.bitSize() >>> 6);
        return blockMissing(bits.page(base), BitArray.slot(base), hash, k) == 0;
    }

    /** The probes of a key whose block starts at {@code slot} that are clear, as a non-zero value. */
    private static long blockMissing(long[] page, int slot, long hash, int k) {
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
        long all = page[slot + 7] >>> (x >>> 16)
                & page[slot] >>> (x >>> 58)
                & page[slot + 1] >>> (x >>> 52)
                & page[slot + 2] >>> (x >>> 46)
                & page[slot + 3] >>> (x >>> 40)
                & page[slot + 4] >>> (x >>> 34)
                & page[slot + 5] >>> (x >>> 28)
                & page[slot + 6] >>> (x >>> 22);
        return ~all & 1;
    }

    /**
     * Chunk by chunk, the next chunk's blocks {@link ProbeBatch#touchBlocks touched} first, so their
     * misses are in flight while this chunk is tested; then each key tested as {@link #probesSet}
     * does, from its block in cache or on its way, its answer stored without a branch on the loaded
     * words.
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
