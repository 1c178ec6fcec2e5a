package org.bloomery.bloom;

import org.bloomery.api.spi.MappedBytes;

/**
 * The {@link BloomLayout#PATTERNED patterned} layout over a mapping: {@link PatternedBits}' query,
 * its two words read from the key's block in the file.
 */
final class MappedPatternedBits extends MappedBlockBits {
    /** The pattern table for k / 2 bits per word. */
    private final long[] table;

    MappedPatternedBits(MappedBytes bytes, long start, BloomShape shape, Writers writers, long setBits) {
        super(bytes, start, shape, writers, setBits);
        this.table = PatternedProbes.table(shape.hashes() >>> 1);
    }

    @Override
    public boolean contains(long hash) {
        return testBlock(blockOffset(hash), hash);
    }

    @Override
    boolean testBlock(long offset, long hash) {
        return PatternedBits.test(bytes.getLong(offset + ((long) PatternedBits.firstWord(hash) << 3)),
                bytes.getLong(offset + ((long) PatternedBits.secondWord(hash) << 3)), hash, table);
    }
}
