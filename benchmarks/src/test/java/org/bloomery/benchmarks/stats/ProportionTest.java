package org.bloomery.benchmarks.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ProportionTest {

    /** Published 95% Wilson score intervals (e.g. Newcombe 1998, Table I; Brown, Cai & DasGupta 2001). */
    static Stream<Arguments> knownIntervals() {
        return Stream.of(
                Arguments.of(0, 10, 0.0, 0.2775),
                Arguments.of(5, 10, 0.2366, 0.7634),
                Arguments.of(10, 10, 0.7225, 1.0),
                Arguments.of(81, 263, 0.2553, 0.3662),
                Arguments.of(15, 148, 0.0624, 0.1605));
    }

    @ParameterizedTest
    @MethodSource("knownIntervals")
    void matchesPublishedWilsonIntervals(long hits, long trials, double low, double high) {
        Proportion p = new Proportion(hits, trials);
        assertThat(p.rate()).isEqualTo(hits / (double) trials);
        assertThat(p.low()).isCloseTo(low, within(5e-5));
        assertThat(p.high()).isCloseTo(high, within(5e-5));
    }

    @Test
    void intervalContainsTheRateAndStaysInsideTheUnitRange() {
        for (long hits = 0; hits <= 50; hits++) {
            Proportion p = new Proportion(hits, 50);
            assertThat(p.low()).isBetween(0.0, p.rate());
            assertThat(p.high()).isBetween(p.rate(), 1.0);
        }
        // At 0 hits the formula's terms cancel only up to rounding (2.7e-20 at 10,000 trials): the
        // bound is the rate itself.
        for (long trials : new long[] {1, 7, 10_000, 5_000_000, 1L << 40}) {
            assertThat(new Proportion(0, trials).low()).as("%d trials", trials).isZero();
            assertThat(new Proportion(trials, trials).high()).as("%d trials", trials).isEqualTo(1.0);
        }
    }

    /**
     * Coverage at filter-like figures: 1,000 repetitions of 10,000 Bernoulli(0.01) trials (expected
     * 100 hits each). A 95% interval should cover 0.01 about 950 times; the binomial standard deviation
     * of that count is sqrt(1000·0.95·0.05) ≈ 6.9, and Wilson's discrete coverage wanders within about
     * ±1.5% of nominal, so [920, 980] is a 4-sigma band around the worst nominal wander: a
     * normal-approximation interval with the wrong z, or a swapped sign, falls outside it.
     */
    @Test
    void coversTheTrueRateAboutNinetyFivePercentOfTheTime() {
        SplittableRandom random = new SplittableRandom(20_141_202);
        int covered = 0;
        for (int repetition = 0; repetition < 1_000; repetition++) {
            long hits = 0;
            for (int trial = 0; trial < 10_000; trial++) {
                hits += random.nextDouble() < 0.01 ? 1 : 0;
            }
            Proportion p = new Proportion(hits, 10_000);
            covered += p.low() <= 0.01 && 0.01 <= p.high() ? 1 : 0;
        }
        assertThat(covered).isBetween(920, 980);
    }

    @Test
    void noTrialsMeansNoRate() {
        Proportion none = new Proportion(0, 0);
        assertThat(none.rate()).isNaN();
        assertThat(none.low()).isNaN();
        assertThat(none.high()).isNaN();
    }

    @Test
    void rejectsImpossibleCounts() {
        assertThatThrownBy(() -> new Proportion(11, 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("11 of 10");
        assertThatThrownBy(() -> new Proportion(-1, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Proportion(0, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
