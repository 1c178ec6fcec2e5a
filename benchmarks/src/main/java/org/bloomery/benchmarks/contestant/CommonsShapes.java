package org.bloomery.benchmarks.contestant;

/** The insertion count the two Commons Collections peers' shapes take. */
final class CommonsShapes {
    private CommonsShapes() {
    }

    /**
     * The insertions as {@code Shape.fromNP} takes them.
     *
     * @param n expected insertions
     * @return {@code n} as an int
     * @throws IllegalArgumentException if {@code n} exceeds {@link Integer#MAX_VALUE}, the most a
     *     Commons shape can be sized for
     */
    static int insertions(long n) {
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Commons Collections shapes take at most "
                    + Integer.MAX_VALUE + " insertions, got " + n);
        }
        return (int) n;
    }
}
