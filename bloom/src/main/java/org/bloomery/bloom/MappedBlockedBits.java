package org.bloomery.bloom;

import org.bloomery.api.spi.MappedBytes;

/**
 * The {@link BloomLayout#BLOCKED blocked} layout over a mapping: {@link BlockedBits}' query on the
 * key's block read from the file, its eight words as values at the sizing's k = 8 at 1%, through a
 * per-thread copy of the block at any other k.
 */
final class MappedBlockedBits extends MappedBlockBits {
    /** Each thread's copy of one block, for the k that test words by index. */
    private static final ThreadLocal<long[]> BLOCK = ThreadLocal.withInitial(() -> new long[BlockedProbes.BLOCK_WORDS]);

    private final int k;

    MappedBlockedBits(MappedBytes bytes, long start, BloomShape shape, Writers writers, long setBits) {
        super(bytes, start, shape, writers, setBits);
        this.k = shape.hashes();
    }

    @Override
    public boolean contains(long hash) {
        return testBlock(blockOffset(hash), hash);
    }

    @Override
    boolean testBlock(long offset, long hash) {
        if (k == BlockedProbes.BLOCK_WORDS) {
            return BlockedBits.groupMissing(bytes.getLong(offset), bytes.getLong(offset + 8),
                    bytes.getLong(offset + 16), bytes.getLong(offset + 24), bytes.getLong(offset + 32),
                    bytes.getLong(offset + 40), bytes.getLong(offset + 48), bytes.getLong(offset + 56),
                    BlockedProbes.mix(hash, 0)) == 0;
        }
        long[] block = BLOCK.get();
        for (int w = 0; w < BlockedProbes.BLOCK_WORDS; w++) {
            block[w] = bytes.getLong(offset + ((long) w << 3));
        }
        return BlockedBits.missing(block, 0, hash, k) == 0;
    }
}
