package org.bloomery.ribbon;

import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.MappedBytes;

/**
 * A solution read where it lies in a mapped file: body word i, big-endian, at byte {@code base +
 * 8·i} of the mapped body. Read-only: a mapped filter writes its file's body as it is ({@link
 * org.bloomery.api.MappedFilter#writeTo}).
 */
final class MappedSolution extends Solution {
    private final MappedBytes bytes;
    /** The byte offset index 0 would have: {@code base} less the padding's words, so a query's index needs no subtraction. */
    private final long origin;
    private final int words;

    MappedSolution(MappedBytes bytes, long base, int words) {
        this.bytes = bytes;
        this.origin = base - (long) Long.BYTES * SolutionWords.PAD;
        this.words = words;
    }

    @Override
    long word(int index) {
        return bytes.getLong(origin + (long) Long.BYTES * index);
    }

    @Override
    int words() {
        return words;
    }

    /**
     * Always refuses: a mapped filter writes its file's body as it is.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    void writeTo(FilterDataOutput out) {
        throw new UnsupportedOperationException("a mapped filter writes its file's body (MappedFilter.writeTo)");
    }
}
