package org.bloomery.benchmarks.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void medianOfAnOddCountIsTheMiddleRound() {
        assertThat(Spread.of(5, 1, 9, 3, 7)).isEqualTo(new Spread(5, 1, 9, 5));
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheTwoMiddleRounds() {
        assertThat(Spread.of(4, 1, 2, 8)).isEqualTo(new Spread(3, 1, 8, 4));
    }

    @Test
    void roundsThatDidNotMeasureAreLeftOut() {
        assertThat(Spread.of(Double.NaN, 2, Double.NaN)).isEqualTo(new Spread(2, 2, 2, 1));
        assertThat(Spread.of(Double.NaN)).isEqualTo(Spread.NONE);
        assertThat(Spread.NONE.measured()).isFalse();
    }

    @Test
    void aRateBecomesNanosecondsPerOperationWithTheRangeSwapped() {
        Spread perOperation = new Spread(20, 10, 50, 3).nanosPerOperation();
        assertThat(perOperation.median()).isEqualTo(50);
        assertThat(perOperation.min()).isEqualTo(20);
        assertThat(perOperation.max()).isEqualTo(100);
    }
}
