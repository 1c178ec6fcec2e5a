package org.bloomery.benchmarks.stats;

/**
 * A measured rate: {@code hits} of {@code trials} (false positives among absent-key queries), with
 * its 95% Wilson score interval. Wilson's interval stays inside [0, 1] and keeps its coverage at the
 * small rates and large trial counts of filter measurements, where the normal approximation does not.
 *
 * @param hits the events counted, in [0, trials]
 * @param trials the trials, at least 0
 */
public record Proportion(long hits, long trials) {
    /** The two-sided 95% standard-normal quantile. */
    static final double Z95 = 1.959963984540054;

    /**
     * Validates the counts.
     *
     * @throws IllegalArgumentException if {@code trials < 0} or {@code hits} is outside [0, trials]
     */
    public Proportion {
        if (trials < 0 || hits < 0 || hits > trials) {
            throw new IllegalArgumentException("need 0 <= hits <= trials, got " + hits + " of " + trials);
        }
    }

    /**
     * The measured rate.
     *
     * @return {@code hits / trials}, or NaN when there were no trials
     */
    public double rate() {
        return trials == 0 ? Double.NaN : hits / (double) trials;
    }

    /**
     * The lower end of the 95% Wilson score interval.
     *
     * @return the bound in [0, rate], or NaN when there were no trials
     */
    public double low() {
        // Clamped to the rate as well: at 0 hits the formula's two terms cancel only up to rounding.
        return trials == 0 ? Double.NaN : Math.min(rate(), Math.max(0.0, center() - halfWidth()));
    }

    /**
     * The upper end of the 95% Wilson score interval.
     *
     * @return the bound in [rate, 1], or NaN when there were no trials
     */
    public double high() {
        return trials == 0 ? Double.NaN : Math.max(rate(), Math.min(1.0, center() + halfWidth()));
    }

    private double center() {
        double n = trials;
        double z2 = Z95 * Z95;
        return (rate() + z2 / (2 * n)) / (1 + z2 / n);
    }

    private double halfWidth() {
        double n = trials;
        double p = rate();
        double z2 = Z95 * Z95;
        return Z95 / (1 + z2 / n) * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    }
}
