package org.bloomery.ribbon;

import java.io.IOException;
import org.bloomery.api.spi.FilterDataOutput;

/** A solution in an array on the heap, after {@link SolutionWords#PAD} unused words. */
final class HeapSolution extends Solution {
    private final long[] words;

    /** @param words an array from {@link SolutionWords#allocate}, or read after the same padding */
    HeapSolution(long[] words) {
        this.words = words;
    }

    @Override
    long word(int index) {
        return words[index];
    }

    @Override
    int words() {
        return SolutionWords.words(words);
    }

    @Override
    void writeTo(FilterDataOutput out) throws IOException {
        out.writeLongs(words, SolutionWords.PAD, words.length);
    }
}
