package org.bloomery.bloom;

import org.bloomery.api.spi.MappedBytes;

/**
 * A block layout over a mapping ({@link MappedBlockedBits}, {@link MappedSectoredBits},
 * {@link MappedPatternedBits}): the key's
 * 64-byte block, and the batch walk of {@link ProbeBatch} (locate each chunk's blocks, touch them,
 * then test), so a batch keeps its cache misses in flight as the heap layouts' batches do.
 */
abstract class MappedBlockBits extends MappedBits {
    /** The number of 512-bit blocks. */
    private final long blocks;

    MappedBlockBits(MappedBytes bytes, long start, BloomShape shape, Writers writers, long setBits) {
        super(bytes, start, shape, writers, setBits);
        this.blocks = shape.cells() >>> 9;
    }

    /** The byte offset of a key's block in the mapping. */
    final long blockOffset(long hash) {
        return start + (BloomProbes.unsignedMultiplyHigh(hash, blocks) << 6);
    }

    /** Whether a key's bits are all set in its block, which starts at byte {@code offset} of the mapping. */
    abstract boolean testBlock(long offset, long hash);

    @Override
    public final void containsAll(long[] hashes, int from, int to, boolean[] out) {
        walk(hashes, from, to, out, false);
    }

    @Override
    public final void orContainsAll(long[] hashes, int from, int to, boolean[] out) {
        walk(hashes, from, to, out, true);
    }

    private void walk(long[] hashes, int from, int to, boolean[] out, boolean keepTrue) {
        long[] located = ProbeBatch.scratch();
        long touched = 0;
        for (int chunk = from; chunk < to; chunk += ProbeBatch.CHUNK) {
            int count = Math.min(ProbeBatch.CHUNK, to - chunk);
            ProbeBatch.locate(hashes, chunk, count, blocks << 3, located);
            // One byte of a block brings its whole line in; a byte is the mapping's cheapest read (no
            // byte swap), so more of the chunk's misses are in flight before the tests need them.
            for (int i = 0; i < count; i++) {
                touched ^= bytes.getByte(start + (located[i] << 3));
            }
            for (int i = 0; i < count; i++) {
                if (!keepTrue || !out[chunk + i]) {
                    out[chunk + i] = testBlock(start + (located[i] << 3), hashes[chunk + i]);
                }
            }
        }
        ProbeBatch.keep(touched);
    }
}
