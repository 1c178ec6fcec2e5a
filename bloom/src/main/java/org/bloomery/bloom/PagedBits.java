package org.bloomery.bloom;

/**
 * Any layout over pages, for filters of 2^31 words (16 GiB) or more, which no Java array holds:
 * word w is word {@code w mod 2^pageShift} of page {@code w >>> pageShift}. A page is a whole number
 * of 512-bit blocks, so a block layout finds its key's page once and then tests and writes the block
 * as its one-array class does ({@link BlockedBits}, {@link SectoredBits},
 * {@link PatternedBits}); the standard layout finds
 * each probe's page. Batches go a key at a time: at this size the one-key cost is the cache miss.
 */
final class PagedBits extends HeapBits {
    private final BloomLayout layout;
    private final long words;
    private final int k;
    private final long pageMask;
    /** The patterned layout's table for k / 2 bits per word; null in the other layouts. */
    private final long[] patterns;

    PagedBits(BloomShape shape, long[][] pages, int pageShift, boolean single, long setBits) {
        super(shape, pages, pageShift, single, setBits);
        this.layout = shape.layout();
        this.words = shape.cells() >>> 6;
        this.k = shape.hashes();
        this.pageMask = (1L << pageShift) - 1;
        this.patterns = layout == BloomLayout.PATTERNED ? PatternedProbes.table(k >>> 1) : null;
    }

    @Override
    public boolean contains(long hash) {
        if (layout == BloomLayout.STANDARD) {
            long m = bitSize();
            long g = hash;
            long step = BloomProbes.step(hash);
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                if ((word(index >>> 6) & 1L << index) == 0) {
                    return false;
                }
            }
            return true;
        }
        long base = BlockedProbes.firstWord(hash, words);
        long[] page = pages[(int) (base >>> pageShift)];
        int slot = PAD + (int) (base & pageMask);
        return switch (layout) {
            case SECTORED -> SectoredBits.test(page, slot, hash, k >>> 1);
            case PATTERNED -> PatternedBits.test(page, slot, hash, patterns);
            default -> BlockedBits.missing(page, slot, hash, k) == 0;
        };
    }

    @Override
    public boolean add(long hash) {
        long changed = single ? or(hash, false) : or(hash, true);
        return counted(changed);
    }

    private int or(long hash, boolean atomic) {
        if (layout == BloomLayout.STANDARD) {
            long m = bitSize();
            long g = hash;
            long step = BloomProbes.step(hash);
            int changed = 0;
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                long word = index >>> 6;
                changed += orWord(pages[(int) (word >>> pageShift)], PAD + (int) (word & pageMask), 1L << index, atomic);
            }
            return changed;
        }
        long base = BlockedProbes.firstWord(hash, words);
        long[] page = pages[(int) (base >>> pageShift)];
        int slot = PAD + (int) (base & pageMask);
        return switch (layout) {
            case SECTORED -> SectoredBits.or(page, slot, hash, k >>> 1, atomic);
            case PATTERNED -> PatternedBits.or(page, slot, hash, patterns, atomic);
            default -> BlockedBits.or(page, slot, hash, k, atomic);
        };
    }

    @Override
    public void containsAll(long[] hashes, int from, int to, boolean[] out) {
        for (int i = from; i < to; i++) {
            out[i] = contains(hashes[i]);
        }
    }

    @Override
    public void orContainsAll(long[] hashes, int from, int to, boolean[] out) {
        for (int i = from; i < to; i++) {
            out[i] = out[i] || contains(hashes[i]);
        }
    }

    /**
     * Plain writes of the probes in the part's words: a block layout's part gets only its own keys,
     * whose blocks all lie in it; the standard layout's gets every key and skips the other parts' words.
     */
    @Override
    long buildPart(long[] hashes, int from, int to, BulkBuild.Part part) {
        long changed = 0;
        for (int i = from; i < to; i++) {
            long hash = hashes[i];
            if (layout != BloomLayout.STANDARD) {
                changed += or(hash, false);
                continue;
            }
            long g = hash;
            long step = BloomProbes.step(hash);
            for (int j = 0; j < k; j++, g += step) {
                long index = BloomProbes.position(g, bitSize());
                long word = index >>> 6;
                if (part.holdsWord(word)) {
                    changed += orWord(pages[(int) (word >>> pageShift)], PAD + (int) (word & pageMask), 1L << index, false);
                }
            }
        }
        return changed;
    }
}
