package org.bloomery.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AxisTest {

    @Test
    void logAxisPutsEachPowerAtEvenSpacing() {
        Axis y = Axis.logAround(0.0008, 0.012, 10, 400, 0);
        assertThat(y.min()).isCloseTo(1e-4, within(1e-18));
        assertThat(y.max()).isCloseTo(0.1, within(1e-15));
        assertThat(y.at(1e-4)).isCloseTo(400, within(1e-9));
        assertThat(y.at(1e-3)).isCloseTo(400 - 400 / 3.0, within(1e-9));
        assertThat(y.at(0.1)).isCloseTo(0, within(1e-9));
        assertThat(y.ticks(10)).hasSize(4);
    }

    @Test
    void logAxisAroundOnePowerStillSpansOneDecade() {
        Axis x = Axis.logAround(8, 8, 2, 0, 100);
        assertThat(x.min()).isEqualTo(8);
        assertThat(x.max()).isEqualTo(16);
    }

    @Test
    void linearAxisStartsAtZeroAndEndsOnARoundNumber() {
        Axis x = Axis.zeroTo(37.2, 100, 600);
        assertThat(x.max()).isEqualTo(50);
        assertThat(x.at(25)).isEqualTo(350);
        assertThat(x.ticks(10)).containsExactly(0.0, 10.0, 20.0, 30.0, 40.0, 50.0);
    }

    @ParameterizedTest
    @CsvSource({"0.7,1", "1,1", "1.2,2", "2.1,2.5", "3,5", "7,10", "37.2,50", "0.012,0.02", "0,1", "-3,1"})
    void niceCeilingIsOneTwoTwoAndAHalfOrFiveTimesAPowerOfTen(double value, double nice) {
        assertThat(Axis.niceCeiling(value)).isCloseTo(nice, within(1e-12));
    }

    @Test
    void rejectsEmptyOrNonPositiveLogRanges() {
        assertThatThrownBy(() -> new Axis(1, 1, 0, 10, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Axis(0, 1, 0, 10, true)).isInstanceOf(IllegalArgumentException.class);
    }
}
