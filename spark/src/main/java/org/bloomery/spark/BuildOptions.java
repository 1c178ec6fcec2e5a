package org.bloomery.spark;

import java.io.Serializable;

/**
 * How {@link FilterAggregates} treats a column that does not match the spec, beside the spec
 * itself (whose options belong to the kind and travel in the filter's bytes).
 *
 * @param allowOverfill when false (the default), a build whose values push the filter's expected
 *     fpp above {@value #OVERFILL_FACTOR} times the spec's target fails, naming the values added,
 *     the spec's expected insertions and the fpp the filter would have; when true, that filter is
 *     returned and {@link BuiltFilter#expectedFpp()} reports its fpp
 * @param exactDistinctCount how {@link FilterAggregates#buildSized} counts the distinct values it
 *     sizes the filter for: exactly ({@code count(DISTINCT ...)}, a shuffle of the distinct values)
 *     when true, by HyperLogLog ({@code approx_count_distinct}, one pass, no shuffle) when false
 */
public record BuildOptions(boolean allowOverfill, boolean exactDistinctCount) implements Serializable {
    /** A filter may reach this many times its target fpp before a build refuses it. */
    public static final double OVERFILL_FACTOR = 2.0;

    /**
     * The defaults: an overfilled filter fails the build; sizing counts distinct values by
     * HyperLogLog.
     *
     * @return the defaults
     */
    public static BuildOptions defaults() {
        return new BuildOptions(false, false);
    }

    /**
     * These options, with an overfilled filter returned instead of refused.
     *
     * @return the new options
     */
    public BuildOptions withOverfillAllowed() {
        return new BuildOptions(true, exactDistinctCount);
    }

    /**
     * These options, with the distinct values counted exactly when sizing.
     *
     * @return the new options
     */
    public BuildOptions withExactDistinctCount() {
        return new BuildOptions(allowOverfill, true);
    }
}
