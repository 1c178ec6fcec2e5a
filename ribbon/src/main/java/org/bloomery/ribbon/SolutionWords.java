package org.bloomery.ribbon;

import org.bloomery.api.internal.CacheLines;

/**
 * A Ribbon filter's solution in memory: the body's words, of every body version, after {@link
 * #PAD} unused words ({@link CacheLines#LONG_ARRAY_PAD}), so that word 0, and with 8 columns every
 * group of 8 words, starts a cache line whenever the array does, as a large filter's array does. A
 * version-3 window of two 8-word groups is then two cache lines, where the array's header offset
 * alone would spread every one over three. The padding is never written to a file.
 */
final class SolutionWords {
    /** Unused words before word 0. */
    static final int PAD = CacheLines.LONG_ARRAY_PAD;

    private SolutionWords() {
    }

    /**
     * An all-zero solution of {@code words} words, after the padding.
     *
     * @param words the body's words
     * @return an array of {@code PAD + words}
     */
    static long[] allocate(int words) {
        return new long[PAD + words];
    }

    /**
     * The body's words of a solution.
     *
     * @param solution an array from {@link #allocate}
     * @return its length without the padding
     */
    static int words(long[] solution) {
        return solution.length - PAD;
    }
}
