package org.bloomery.aging;

import static org.assertj.core.api.Assertions.assertThat;

import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.TestKeys;

/**
 * Hashes and fpp probes shared by the window tests: item {@code i} of a stream is {@code
 * TestKeys.presentLong(seed, i)}, and a never-added key is {@code TestKeys.absentLong(seed, i)}.
 */
final class WindowRun {
    /** Seed of every stream and probe set here. */
    static final long SEED = 0xA61_46L;

    private WindowRun() {
    }

    /** @return the hash of item {@code i} of the stream */
    static long item(long i) {
        return KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
    }

    /** Fails unless item {@code i}, which the caller knows to be within the window, is reported present. */
    static void assertPresent(AgingFilter<?> filter, long i, String when) {
        if (!filter.mightContainHash(item(i))) {
            throw new AssertionError("false negative within the window for item #" + i + " " + when + ": " + filter);
        }
    }

    /**
     * The fpp over {@code probes} never-added keys.
     *
     * @param filter the filter
     * @param probes how many keys
     * @param from the first probe's index, so that successive measurements use fresh keys
     * @return the fraction reported present
     */
    static double measuredFpp(AgingFilter<?> filter, int probes, long from) {
        long positives = 0;
        for (long i = from; i < from + probes; i++) {
            positives += filter.mightContainHash(KeyHasher.hashLong(TestKeys.absentLong(SEED, i))) ? 1 : 0;
        }
        return (double) positives / probes;
    }

    /**
     * Asserts an fpp measured over {@code probes} keys is at most {@code bound}: with 10^6 probes at
     * 1% the count of false positives has a standard deviation of about 100 (0.01%), so a bound 5%
     * above the target is 5 sigma away from a filter exactly at it, and a filter at 1.1% fails.
     */
    static void assertFppAtMost(double measured, double bound, int probes, String what) {
        assertThat(measured).as("%s, measured over %d never-added keys", what, probes).isLessThanOrEqualTo(bound);
    }
}
