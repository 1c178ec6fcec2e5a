package org.bloomery.counting;

import org.bloomery.api.FilterSpec;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.ShapeOptions;

/**
 * The counting kind's options and the shape they give: the classic optimum for the spec's
 * insertions and fpp (so the counting filter's fpp equals the classic filter's), or with option
 * {@code layout=blocked} the fewest blocks of 128 counters that meet it by the blocked model, with
 * each option overriding its own part of it.
 */
final class CountingOptions {
    /** Option: the number of counters m, rounded up to a multiple of 64. */
    static final String COUNTERS = "counters";

    private static final String LIMIT = "2^34 counters (8 GiB of 4-bit counters: one long[] holds at most 2^30 words)";

    /** Counters, hashes, layout and writers; a blocked layout puts 128 four-bit counters in a 512-bit block. */
    private static final ShapeOptions OPTIONS = new ShapeOptions(CountingProvider.KIND, COUNTERS,
            NibbleArray.MAX_COUNTERS, LIMIT, BlockedCounterProbing.BLOCK_COUNTERS, false).withWriters();

    private CountingOptions() {
    }

    /**
     * The shape a spec asks for.
     *
     * @param spec the spec
     * @return m counters, k probes and the layout
     * @throws IllegalArgumentException for an unknown option, a value out of range, or a spec that
     *     needs more than 2^34 counters, naming the value and the allowed range
     */
    static BloomShape shape(FilterSpec spec) {
        return BloomShape.fromSpec(spec, OPTIONS);
    }
}
