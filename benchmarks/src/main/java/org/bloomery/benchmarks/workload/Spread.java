package org.bloomery.benchmarks.workload;

import java.util.Arrays;

/**
 * One figure over the timed rounds: the median of the rounds and their range. NaN everywhere when
 * the figure was not measured.
 *
 * @param median the median of the rounds (the mean of the two middle rounds for an even count)
 * @param min the smallest round
 * @param max the largest round
 * @param rounds how many rounds it was measured in (0 when not measured)
 */
public record Spread(double median, double min, double max, int rounds) {
    /** A figure that was not measured. */
    public static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, 0);

    /**
     * The spread of some rounds' values.
     *
     * @param values one value per round; NaN values (a round that did not measure it) are left out
     * @return the spread, or {@link #NONE} when no value is a number
     */
    public static Spread of(double... values) {
        double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        int count = sorted.length;
        if (count == 0) {
            return NONE;
        }
        double median = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
        return new Spread(median, sorted[0], sorted[count - 1], count);
    }

    /**
     * Whether the figure was measured.
     *
     * @return true if at least one round measured it
     */
    public boolean measured() {
        return rounds > 0;
    }

    /**
     * The same figure as the time per operation, for a figure in millions of operations per second.
     *
     * @return nanoseconds per operation (min and max swap, since a higher rate is a shorter time)
     */
    public Spread nanosPerOperation() {
        return measured() ? new Spread(1e3 / median, 1e3 / max, 1e3 / min, rounds) : NONE;
    }
}
