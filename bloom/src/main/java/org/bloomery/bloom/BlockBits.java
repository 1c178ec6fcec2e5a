package org.bloomery.bloom;

/**
 * A block layout ({@link BlockedBits}, {@link SectoredBits}, {@link PatternedBits}) over one array: what they share
 * beyond a key's own block, the walks of many keys ({@link ProbeBatch}: each chunk's blocks located
 * and touched before any is tested or written, so their cache misses overlap).
 */
abstract class BlockBits extends HeapBits {
    /** The array: {@link #PAD} unused words, then block b in words {@code [PAD + 8b, PAD + 8b + 8)}. */
    final long[] words;
    /** The number of 512-bit blocks, below 2^28. */
    final long blocks;

    BlockBits(BloomShape shape, long[][] pages, boolean single, long setBits) {
        super(shape, pages, ONE_ARRAY, single, setBits);
        this.words = pages[0];
        this.blocks = shape.cells() >>> 9;
    }

    /** Whether a key's bits are all set in its block, which starts at {@code words[slot]}. */
    abstract boolean testBlock(int slot, long hash);

    /** Sets a key's bits in its block at {@code words[slot]} with plain writes; the bits turned on. */
    abstract int orBlockPlain(int slot, long hash);

    @Override
    public final void containsAll(long[] hashes, int from, int to, boolean[] out) {
        walk(hashes, from, to, out, false);
    }

    /** As {@link #containsAll}, but a key already answered true is skipped: a branch on earlier answers, not on loaded words. */
    @Override
    public final void orContainsAll(long[] hashes, int from, int to, boolean[] out) {
        walk(hashes, from, to, out, true);
    }

    private void walk(long[] hashes, int from, int to, boolean[] out, boolean keepTrue) {
        long[] located = ProbeBatch.scratch();
        long touched = 0;
        for (int start = from; start < to; start += ProbeBatch.CHUNK) {
            int count = Math.min(ProbeBatch.CHUNK, to - start);
            touched ^= locateAndTouch(hashes, start, count, located);
            for (int i = 0; i < count; i++) {
                if (!keepTrue || !out[start + i]) {
                    out[start + i] = testBlock(PAD + (int) located[i], hashes[start + i]);
                }
            }
        }
        ProbeBatch.keep(touched);
    }

    /** The part's keys are the ones {@link BulkBuild} gave this thread: every one lies in its words. */
    @Override
    final long buildPart(long[] hashes, int from, int to, BulkBuild.Part part) {
        long[] located = ProbeBatch.scratch();
        long touched = 0;
        long changed = 0;
        for (int start = from; start < to; start += ProbeBatch.CHUNK) {
            int count = Math.min(ProbeBatch.CHUNK, to - start);
            touched ^= locateAndTouch(hashes, start, count, located);
            for (int i = 0; i < count; i++) {
                changed += orBlockPlain(PAD + (int) located[i], hashes[start + i]);
            }
        }
        ProbeBatch.keep(touched);
        return changed;
    }

    private long locateAndTouch(long[] hashes, int start, int count, long[] located) {
        ProbeBatch.locate(hashes, start, count, blocks << 3, located);
        return ProbeBatch.touch(words, located, count);
    }
}
