package org.bloomery.scalable;

import java.util.function.ToLongFunction;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.TestKeys;

/**
 * One growth experiment: a filter built from a spec takes {@code n} distinct seeded keys, is
 * checked for false negatives, and is probed with fresh keys (disjoint from the inserted ones by
 * {@link TestKeys}' construction) to measure its false-positive rate.
 *
 * @param filter the grown filter
 * @param inserted distinct keys offered to {@code add}
 * @param falseAdds adds of new keys that answered false (false positives at that moment)
 * @param probes fresh keys probed
 * @param positives fresh keys the filter reported present
 */
record GrowthRun(ScalableFilter<Long> filter, int inserted, long falseAdds, long probes, long positives) {
    static final long SEED = 0x5CA1AB1EL;

    /**
     * Grows a filter and measures it.
     *
     * @param spec the spec
     * @param n distinct keys to insert
     * @param probesFor how many fresh keys to probe, given the grown filter
     * @return the outcome
     * @throws AssertionError on the first false negative
     */
    static GrowthRun grow(FilterSpec spec, int n, ToLongFunction<ScalableFilter<Long>> probesFor) {
        ScalableFilter<Long> filter = ScalableFilter.create(spec, KeyHasher.longs());
        long falseAdds = 0;
        for (int i = 0; i < n; i++) {
            falseAdds += filter.addHash(KeyHasher.hashLong(TestKeys.presentLong(SEED, i))) ? 0 : 1;
        }
        for (int i = 0; i < n; i++) {
            if (!filter.mightContainHash(KeyHasher.hashLong(TestKeys.presentLong(SEED, i)))) {
                throw new AssertionError("false negative for inserted key #" + i + " of " + n + " with " + spec);
            }
        }
        long probes = probesFor.applyAsLong(filter);
        long positives = 0;
        for (long i = 0; i < probes; i++) {
            positives += filter.mightContainHash(KeyHasher.hashLong(TestKeys.absentLong(SEED, i))) ? 1 : 0;
        }
        return new GrowthRun(filter, n, falseAdds, probes, positives);
    }

    /**
     * Fresh keys to probe so that a bound {@code target} stands at least 4 standard deviations above
     * the filter's own expected fpp p ({@link ScalableFilter#expectedFpp()}, from its set
     * bits): the positives are binomial, so P probes put the bound {@code (target − p)·P / sqrt(P·p)}
     * sigma away, which is at least 4 once {@code P ≥ 16·p / (target − p)²}. At least 1,000,000 (the
     * issue's count), at most 10,000,000, enough for p up to 0.987·target, the most any growth at
     * 0.01 reaches even with every layer full. The tightest case here, expansion 2 with tightening
     * 0.5, has p ≈ 0.00975 against 0.01 and gets about 2.5 million.
     *
     * @param expectedFpp the filter's expected fpp
     * @param target the bound asserted
     * @return the probe count
     */
    static long probesFor(double expectedFpp, double target) {
        double gap = target - expectedFpp;
        double needed = gap <= 0 ? Double.MAX_VALUE : 16 * expectedFpp / (gap * gap);
        return (long) Math.min(10_000_000, Math.max(1_000_000, Math.ceil(needed)));
    }

    /**
     * The number of layers a filter needs for {@code n} counted items: the smallest L whose layer
     * capacities sum to at least n, which is {@code capacity · (e^L − 1) / (e − 1) ≥ n} for
     * expansion e ≥ 2 and {@code L = ceil(n / capacity)} for e = 1.
     *
     * @param capacity the first layer's capacity
     * @param expansion e
     * @param n items counted by the filter
     * @return L
     */
    static int layersFor(long capacity, int expansion, long n) {
        if (expansion == 1) {
            return (int) ((n + capacity - 1) / capacity);
        }
        int layers = 1;
        while (capacity * (pow(expansion, layers) - 1) / (expansion - 1) < n) {
            layers++;
        }
        return layers;
    }

    private static long pow(long base, int exponent) {
        long result = 1;
        for (int i = 0; i < exponent; i++) {
            result = Math.multiplyExact(result, base);
        }
        return result;
    }

    /** @return positives over probes */
    double fpp() {
        return (double) positives / probes;
    }

    /** @return the filter's bits per distinct inserted key */
    double bitsPerItem() {
        return (double) filter.bitSize() / inserted;
    }
}
