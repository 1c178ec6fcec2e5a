package org.bloomery.ribbon;

import java.io.IOException;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * Where a Ribbon filter's solution words are read from: a {@code long[]} on the heap or a mapped
 * file. Word i of the body is at index {@link SolutionWords#PAD} + i, in both, so that a query
 * computes the same indexes whichever it reads. One final class each: a process that never maps
 * loads only the heap one, and the JIT calls it directly.
 */
abstract sealed class Solution permits HeapSolution, MappedSolution {

    /**
     * One word.
     *
     * @param index {@link SolutionWords#PAD} + the word's number in the body
     * @return the word
     */
    abstract long word(int index);

    /** @return the body's words, without the padding */
    abstract int words();

    /**
     * Writes the body's words, first to last.
     *
     * @param out the body
     * @throws IOException if the stream fails
     */
    abstract void writeTo(FilterDataOutput out) throws IOException;
}
