package org.bloomery.bloom;

import org.bloomery.api.spi.MappedBytes;

/**
 * The {@link BloomLayout#SECTORED sectored} layout over a mapping: {@link SectoredBits}' query, its
 * two words read from the key's block in the file.
 */
final class MappedSectoredBits extends MappedBlockBits {
    /** Probes per word, k / 2. */
    private final int kw;

    MappedSectoredBits(MappedBytes bytes, long start, BloomShape shape, Writers writers, long setBits) {
        super(bytes, start, shape, writers, setBits);
        this.kw = shape.hashes() >>> 1;
    }

    @Override
    public boolean contains(long hash) {
        return testBlock(blockOffset(hash), hash);
    }

    @Override
    boolean testBlock(long offset, long hash) {
        return SectoredBits.test(bytes.getLong(offset + ((long) SectoredBits.firstWord(hash) << 3)),
                bytes.getLong(offset + ((long) SectoredBits.secondWord(hash) << 3)), hash, kw);
    }
}
