package org.bloomery.bloom;

/**
 * {@link HeapBits} as a {@link BulkBuild} fills them: plain reads and writes of the words (the bits
 * are not shared yet, and each thread writes only its own part), the bits turned on tallied in a
 * local and added to the live count once, at the end. Without a count moved per key, the compiler
 * may keep the tally in a register and move the loads of the next keys ahead of this key's stores,
 * so that their cache misses overlap.
 */
final class BitBulkTarget implements BulkBuild.Target {
    private final HeapBits bits;

    BitBulkTarget(HeapBits bits) {
        this.bits = bits;
    }

    @Override
    public long words() {
        return bits.bitSize() >>> 6;
    }

    @Override
    public boolean blocked() {
        return bits.shape.layout() != BloomLayout.STANDARD;
    }

    @Override
    public BulkBuild.Writer writer(BulkBuild.Part part) {
        return new BulkBuild.Writer() {
            /** Bits this writer turned on. */
            private long changed;

            @Override
            public void apply(long[] hashes, int from, int to) {
                changed += bits.buildPart(hashes, from, to, part);
            }

            @Override
            public void commit() {
                if (changed != 0) {
                    bits.count(changed);
                }
            }
        };
    }
}
