package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GrowthPlanTest {

    @Test
    void aPlanOutsideItsRangesIsRefusedNamingTheComponent() {
        assertThatThrownBy(() -> new GrowthPlan(0, 0.01, 2, 0.5, false, BloomLayout.STANDARD))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capacity").hasMessageContaining("0");
        assertThatThrownBy(() -> new GrowthPlan(1, 1.0, 2, 0.5, false, BloomLayout.STANDARD))
                .hasMessageContaining("error rate");
        assertThatThrownBy(() -> new GrowthPlan(1, 0.01, 32769, 0.5, false, BloomLayout.STANDARD))
                .hasMessageContaining("expansion must be in [1, 32768], got 32769");
        assertThatThrownBy(() -> new GrowthPlan(1, 0.01, 2, 1.0, false, BloomLayout.STANDARD))
                .hasMessageContaining("tightening");
        assertThatThrownBy(() -> GrowthPlan.of(FilterSpec.of(1, 0.01).withOption("growth", "2"), "redis-scalable"))
                .hasMessageContaining("'redis-scalable'").hasMessageContaining("growth");
    }

    @Test
    void defaultsAreRedisBloomsGrowthWithTheStatedTightening() {
        GrowthPlan plan = GrowthPlan.of(FilterSpec.of(100, 0.01), "scalable");
        assertThat(plan).isEqualTo(new GrowthPlan(100, 0.01, 2, 0.5, false, BloomLayout.STANDARD));
        assertThat(plan.layer(0).error()).isEqualTo(0.005);
        assertThat(plan.layer(1).error()).isEqualTo(0.0025);
        assertThat(plan.maxLayers()).isEqualTo(256);
    }

    @Test
    void layerIHasCapacityTimesExpansionToTheIAndErrorRateTimesOneMinusRTimesRToTheI() {
        GrowthPlan plan = GrowthPlan.of(FilterSpec.of(1_000, 0.01).withOption("expansion", "3")
                .withOption("tightening", "0.8"), "scalable");
        long capacity = 1_000;
        for (int i = 0; i < 10; i++, capacity *= 3) {
            double error = 0.01 * (1 - 0.8) * StrictMath.pow(0.8, i);
            assertThat(plan.layer(i)).isEqualTo(new LayerPlan(capacity, error, BloomShape.optimal(capacity, error)));
        }
    }

    @ParameterizedTest(name = "tightening={0}")
    @ValueSource(doubles = {0.01, 0.5, 0.8, 0.9, 0.99})
    void theLayersErrorsSumToLessThanTheErrorRate(double tightening) {
        GrowthPlan plan = GrowthPlan.of(FilterSpec.of(1, 0.01).withOption("expansion", "1")
                .withOption("tightening", Double.toString(tightening)), "scalable");
        double sum = 0;
        int layers = 0;
        for (; layers < plan.maxLayers(); layers++) {
            try {
                sum += plan.layer(layers).error();
            } catch (IllegalArgumentException hashLimit) {
                break;
            }
        }
        assertThat(layers).isGreaterThan(1);
        // P(1 − r)(1 + r + … + r^(L−1)) = P(1 − r^L) < P. Each layer's error is rounded to a double,
        // so the sum can land an ulp or so above the closed form, and reach P once r^L is below an ulp.
        assertThat(sum).isCloseTo(0.01 * (1 - StrictMath.pow(tightening, layers)), within(1e-15))
                .isLessThanOrEqualTo(0.01);
    }

    @Test
    void nonScalingHasOneLayerAtTheWholeErrorRate() {
        GrowthPlan plan = GrowthPlan.of(FilterSpec.of(1_000, 0.02).withOption("nonscaling", "true"), "scalable");
        assertThat(plan.maxLayers()).isEqualTo(1);
        assertThat(plan.layer(0)).isEqualTo(new LayerPlan(1_000, 0.02, BloomShape.optimal(1_000, 0.02)));
        assertThatThrownBy(() -> plan.layer(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a non-scaling filter has one layer");
    }

    @Test
    void aCapacityThatOverflowsALongIsRefused() {
        // Unreachable by real growth (a layer that large would need over 2^37 bits first), but the
        // arithmetic must not wrap: 2^40 · 32768^2 = 2^70.
        GrowthPlan plan = GrowthPlan.of(FilterSpec.of(1L << 40, 0.5).withOption("expansion", "32768"), "scalable");
        assertThatThrownBy(() -> plan.layer(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1099511627776 · 32768^2").hasMessageContaining("overflows a long");
        assertThatThrownBy(() -> plan.layer(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("36028797018963968 insertions").hasMessageContaining("2^37");
    }

    @Test
    void layersPastTheLimitsAreRefused() {
        GrowthPlan plan = GrowthPlan.of(FilterSpec.of(1, 0.01).withOption("expansion", "1")
                .withOption("tightening", "0.001"), "scalable");
        assertThat(plan.layer(5).shape().hashes()).isEqualTo(56);
        assertThatThrownBy(() -> plan.layer(6)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 66 hashes, more than 64");
        assertThatThrownBy(() -> plan.layer(256)).hasMessageContaining("at most 256 layers");
        assertThatThrownBy(() -> plan.layer(-1)).hasMessageContaining("negative layer index -1");
    }
}
