package org.bloomery.counting;

import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.bloom.BloomShape;
import org.bloomery.api.spi.SpecOptions;

/**
 * The counting kind's options and the shape they give: the classic optimum for the spec's
 * insertions and fpp (so the counting filter's fpp equals the classic filter's), with each option
 * overriding its own part of it.
 */
final class CountingOptions {
    /** Option: the number of counters m, rounded up to a multiple of 64. */
    static final String COUNTERS = "counters";
    /** Option: the number of probes k per item. */
    static final String HASHES = "hashes";

    private static final Set<String> KEYS = Set.of(COUNTERS, HASHES);
    private static final String LIMIT = "2^34 counters (8 GiB of 4-bit counters: one long[] holds at most 2^30 words)";

    private CountingOptions() {
    }

    /**
     * The shape a spec asks for.
     *
     * @param spec the spec
     * @return m counters and k probes
     * @throws IllegalArgumentException for an unknown option, a value out of range, or a spec that
     *     needs more than 2^34 counters, naming the value and the allowed range
     */
    static BloomShape shape(FilterSpec spec) {
        SpecOptions options = SpecOptions.of(spec, CountingBloomFilter.KIND, KEYS);
        OptionalLong requested;
        try {
            requested = options.longValue(COUNTERS, BloomShape.MIN_CELLS, NibbleArray.MAX_COUNTERS);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "; the limit is " + LIMIT, e);
        }
        long counters = requested.isPresent() ? requested.getAsLong() : optimalCounters(spec);
        int hashes = (int) options.longValue(HASHES, 1, BloomShape.MAX_HASHES)
                .orElse(BloomShape.optimalHashes(spec.fpp()));
        return new BloomShape(BloomShape.roundUpToWord(counters), hashes);
    }

    private static long optimalCounters(FilterSpec spec) {
        long counters;
        try {
            counters = BloomShape.optimalCells(spec.expectedInsertions(), spec.fpp());
        } catch (IllegalArgumentException e) {
            throw tooMany(spec, "more than 2^37", e);
        }
        if (counters > NibbleArray.MAX_COUNTERS) {
            throw tooMany(spec, Long.toString(counters), null);
        }
        return counters;
    }

    private static IllegalArgumentException tooMany(FilterSpec spec, String needed, Throwable cause) {
        return new IllegalArgumentException(spec.expectedInsertions() + " insertions at fpp " + spec.fpp()
                + " need " + needed + " counters, more than the counting kind's limit of " + LIMIT
                + "; lower the insertions or raise the fpp", cause);
    }
}
