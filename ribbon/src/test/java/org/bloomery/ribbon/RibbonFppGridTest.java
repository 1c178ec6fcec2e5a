package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The measured fpp over a grid of set sizes n and targets p (r from 1 to 16, whole and fractional):
 * every built key answers true, the filter's expected fpp is at most p, and the measured fpp agrees
 * with the expected one.
 *
 * <p>Probes: enough absent keys that 4,000 false positives are expected (at least 20,000 probes).
 * The count is then binomial with a standard deviation of about 1.6% of it, so the check, within 4
 * standard deviations (6.3%) of the expected fpp, passes for a correct filter with near certainty
 * and fails for one whose fpp is 10% off (6 standard deviations). Sizes of 10^7 keys, and r = 16
 * (260 million probes), run only with {@code -Dbloomery.slowTests=true}.
 */
class RibbonFppGridTest {
    private static final boolean SLOW = Boolean.getBoolean("bloomery.slowTests");
    private static final long SEED = 0x0F99_6A1DL;
    private static final double EXPECTED_FALSE_POSITIVES = 4_000;
    private static final int BATCH = 4096;

    static Stream<Arguments> grid() {
        double[] fpps = {0.5, 0.3, 0.1, 0.01, 1.0 / 256, 0.001};
        Stream.Builder<Arguments> grid = Stream.builder();
        for (int n : new int[] {1, 10, 1000, 100_000}) {
            for (double fpp : fpps) {
                grid.add(Arguments.of(n, fpp));
            }
        }
        grid.add(Arguments.of(1_000_000, 0.01));
        grid.add(Arguments.of(1_000_000, 0.001));
        grid.add(Arguments.of(10_000_000, 0.01));
        grid.add(Arguments.of(10_000_000, 1.0 / 256));
        grid.add(Arguments.of(100_000, Math.scalb(1.0, -16)));
        return grid.build();
    }

    @ParameterizedTest(name = "n={0} fpp={1}")
    @MethodSource("grid")
    void measuredFppMeetsTheTarget(int n, double fpp) {
        long probes = (long) Math.max(20_000, Math.ceil(EXPECTED_FALSE_POSITIVES / fpp));
        assumeTrue(SLOW || (n <= 1_000_000 && probes <= 10_000_000), "large: runs with -Dbloomery.slowTests=true");
        long[] present = TestKeys.presentLongs(SEED + n, n);
        for (int i = 0; i < n; i++) {
            present[i] = KeyHasher.hashLong(present[i]);
        }
        RibbonFilter<Long> filter = RibbonFilter.buildFromHashes(FilterSpec.of(n, fpp), KeyHasher.longs(), present);
        boolean[] held = new boolean[n];
        filter.mightContainHashes(present, 0, n, held);
        for (int i = 0; i < n; i++) {
            if (!held[i]) {
                throw new AssertionError("false negative for key #" + i + " of " + n);
            }
        }
        boolean[] answers = new boolean[BATCH];
        double expected = filter.expectedFpp();
        assertThat(expected).as("expected fpp").isLessThanOrEqualTo(fpp);
        long[] absent = new long[BATCH];
        long positives = 0;
        for (long done = 0; done < probes; done += BATCH) {
            int count = (int) Math.min(BATCH, probes - done);
            for (int i = 0; i < count; i++) {
                absent[i] = KeyHasher.hashLong(TestKeys.absentLong(SEED + n, done + i));
            }
            filter.mightContainHashes(absent, 0, count, answers);
            for (int i = 0; i < count; i++) {
                positives += answers[i] ? 1 : 0;
            }
        }
        double sigma = Math.sqrt(expected * (1 - expected) / probes);
        assertThat((double) positives / probes).as("measured fpp over %,d absent keys (expected %.5g)", probes, expected)
                .isBetween(expected - 4 * sigma, expected + 4 * sigma);
    }
}
