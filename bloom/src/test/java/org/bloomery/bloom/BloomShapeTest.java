package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BloomShapeTest {

    /** Figures from FACTS.md: 9.59, 14.38 and 19.17 bits per element; k = 7, 10, 13. */
    @ParameterizedTest
    @CsvSource({"1000000, 0.01, 9585059, 7", "1000000, 0.001, 14377588, 10", "1000000, 0.0001, 19170117, 13",
                "1, 0.5, 64, 1", "100, 0.5, 192, 1"})
    void optimalMatchesTheFormula(long n, double p, long exactBits, int k) {
        BloomShape shape = BloomShape.optimal(n, p);
        assertThat(shape.cells()).isEqualTo(Math.max(64, (exactBits + 63) / 64 * 64));
        assertThat(shape.cells() - exactBits).isBetween(0L, 63L + 64);
        assertThat(shape.hashes()).isEqualTo(k);
    }

    @Test
    void rejectsOutOfRangeSizesNamingTheLimit() {
        assertThatThrownBy(() -> new BloomShape(32, 3)).hasMessageContaining("[64, 137438953472]").hasMessageContaining("16 GiB");
        assertThatThrownBy(() -> new BloomShape((1L << 37) + 64, 3)).hasMessageContaining("got 137438953536");
        assertThatThrownBy(() -> new BloomShape(100, 3)).hasMessageContaining("multiple of 64");
        assertThatThrownBy(() -> new BloomShape(64, 0)).hasMessageContaining("hashes must be in [1, 64], got 0");
        assertThatThrownBy(() -> new BloomShape(64, 65)).hasMessageContaining("got 65");
        assertThatThrownBy(() -> BloomShape.optimal(100_000_000_000L, 1e-9)).hasMessageContaining("2^37");
        assertThat(new BloomShape(1L << 37, 64).cells()).isEqualTo(1L << 37);
    }

    @Test
    void fromSpecLetsEachOptionReplaceItsPartOfTheOptimum() {
        FilterSpec spec = FilterSpec.of(1_000_000, 0.01);
        assertThat(BloomShape.fromSpec(spec, "demo", "cells", 1L << 30, "2^30 cells")).isEqualTo(BloomShape.optimal(1_000_000, 0.01));
        assertThat(BloomShape.fromSpec(spec.withOption("cells", "100"), "demo", "cells", 1L << 30, "2^30 cells"))
                .isEqualTo(new BloomShape(128, 7));
        assertThat(BloomShape.fromSpec(spec.withOption("hashes", "3"), "demo", "cells", 1L << 30, "2^30 cells"))
                .isEqualTo(new BloomShape(BloomShape.optimalCells(1_000_000, 0.01), 3));
        assertThatThrownBy(() -> BloomShape.fromSpec(spec.withOption("cells", "2000000000"), "demo", "cells", 1L << 30, "2^30 cells"))
                .hasMessageContaining("option 'cells' of kind 'demo' must be an integer in [64, 1073741824], got '2000000000'")
                .hasMessageContaining("the limit is 2^30 cells");
        assertThatThrownBy(() -> BloomShape.fromSpec(spec.withOption("hashes", "65"), "demo", "cells", 1L << 30, "2^30 cells"))
                .hasMessageContaining("[1, 64], got '65'");
        assertThatThrownBy(() -> BloomShape.fromSpec(spec.withOption("bits", "64"), "demo", "cells", 1L << 30, "2^30 cells"))
                .hasMessageContaining("no option 'bits'");
        assertThatThrownBy(() -> BloomShape.fromSpec(FilterSpec.of(1_000_000_000, 1e-6), "demo", "cells", 1L << 30, "2^30 cells"))
                .hasMessageContaining("1000000000 insertions at fpp 1.0E-6 need 28755175133 cells")
                .hasMessageContaining("2^30 cells");
    }

    @Test
    void idealHashesIsUncapped() {
        assertThat(BloomShape.idealHashes(1e-30)).isEqualTo(100);
        assertThat(BloomShape.optimalHashes(1e-30)).isEqualTo(64);
        assertThat(BloomShape.idealHashes(0.9)).isEqualTo(1);
    }

    @Test
    void theoreticalFiguresAndEstimates() {
        BloomShape shape = BloomShape.optimal(1_000_000, 0.01);
        assertThat(shape.fppAt(1_000_000)).isCloseTo(0.01, within(0.0002));
        assertThat(shape.fppAt(0)).isZero();
        assertThat(shape.fppFromOccupied(shape.cells() / 2)).isCloseTo(Math.pow(0.5, 7), within(1e-12));
        // The estimator inverts the expected fill: X = m(1 - e^(-kn/m)).
        long n = 600_000;
        long expectedSetBits = Math.round(shape.cells() * -Math.expm1(-7.0 * n / shape.cells()));
        assertThat(shape.estimateCount(expectedSetBits)).isCloseTo(n, within(2L));
        assertThat(shape.estimateCount(0)).isZero();
        assertThat(shape.estimateCount(shape.cells())).isPositive();
        assertThat(shape.estimateCount(-3)).as("a live count caught mid-race below 0").isZero();
        assertThat(shape.fppFromOccupied(-3)).isZero();
        assertThat(shape.fppFromOccupied(shape.cells() + 5)).isEqualTo(1.0);
    }
}
