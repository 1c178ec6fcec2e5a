package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The false-positive rate at 95% load against 2b / 2^f and the load-adjusted formula. */
class CuckooFilterFppTest {
    private static final long SEED = 73;

    /**
     * Probes per width. The bound that decides is the lower end of ±15% around 2b / 2^f, since the
     * true rate at 95% load is 5% below it: f = 8 expects 0.0293 * 400,000 = 11,700 positives
     * (standard deviation 107) and the bound sits 1,070 (10 sigma) away; f = 12 expects 1.86e-3 *
     * 2,000,000 = 3,710 (sd 61), bound 390 away (6.4 sigma); f = 16 expects 1.16e-4 * 16,000,000 =
     * 1,856 (sd 43), bound 196 away (4.5 sigma). A rate 20% off the formula fails every case.
     */
    static Stream<Arguments> widths() {
        return Stream.of(Arguments.of(8, 400_000), Arguments.of(12, 2_000_000), Arguments.of(16, 16_000_000));
    }

    @ParameterizedTest(name = "f={0}, {1} probes")
    @MethodSource("widths")
    void fppAtNinetyFivePercentLoadMatchesTheFormula(int bits, int probes) {
        CuckooFilter<Long> filter = TestFilters.create(100_000, 0.01, "fingerprintBits", "" + bits);
        long slots = filter.buckets() * filter.bucketSize();
        long items = (long) (0.95 * slots);
        for (long i = 0; i < items; i++) {
            filter.addHash(TestFilters.present(SEED, i));
        }
        double load = filter.loadFactor();
        assertThat(load).isCloseTo(0.95, within(1e-4));
        double formula = 1 - Math.pow(1 - Math.scalb(1.0, -bits), 2 * filter.bucketSize() * load);
        double simple = 2.0 * filter.bucketSize() / Math.scalb(1.0, bits);
        assertThat(filter.expectedFpp()).isCloseTo(formula, within(formula * 1e-9));

        long positives = 0;
        for (int i = 0; i < probes; i++) {
            positives += filter.mightContainHash(TestFilters.absent(SEED, i)) ? 1 : 0;
        }
        double measured = (double) positives / probes;
        assertThat(measured).as("measured fpp vs 1 - (1 - 2^-f)^(2b * load) = %s", formula)
                .isBetween(0.85 * formula, 1.15 * formula);
        assertThat(measured).as("measured fpp vs 2b / 2^f = %s", simple).isBetween(0.85 * simple, 1.15 * simple);
    }
}
