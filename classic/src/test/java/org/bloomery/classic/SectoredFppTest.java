package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.classic.ClassicFilterFppTest.FppRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sectored layout, sized by the sectored model, measured at full load: from a one-block filter
 * to 10^6 keys, at p = 1% and 0.1% (above 2^32 bits: {@link LargeBloomFilterTest}, with {@code
 * -Dbloomery.slowTests=true}).
 * Two checks per row, each stated in standard deviations of the measurement (the test computes
 * them and refuses a row where a bound is under 4 sigma):
 * <ul>
 *   <li>the target: measured fpp at most {@code 1.05 p + 3 sd} (at p = 1% with 10^6 absent probes,
 *       sd = 0.01%, so this tells 1.08% from 1%);
 *   <li>the model: measured over model fpp within [0.95, 1.05].
 * </ul>
 * Measured with the seeds below (E: the model's expected false positives; the 5% band is 5 sigma
 * at E = 10,000):
 *
 * <pre>
 *        n   p      blocks  k   model F    probes  E        measured F   measured/F
 *       45   0.01        1  8   0.005483   2e6     10,966   0.005417     0.988
 *     1000   0.01       20  6   0.009721   2e6     19,441   0.009685     0.996
 *     1000   0.001      33  8   0.0009491  2e7     18,983   0.0009554    1.007
 *    10^5    0.01     1989  6   0.009990   1e6      9,990   0.009956     0.997
 *    10^6    0.01    19886  6   0.009998   1e6      9,998   0.010013     1.001
 *    10^6    0.001   32725  8   0.0010000  1e7     10,000   0.0010072    1.007
 * </pre>
 */
class SectoredFppTest {
    private static final long SEED = 0x5EC7_0000L;

    static Stream<FppRow> grid() {
        return Stream.of(
                new FppRow(45, 0.01, 1000, 2000),
                new FppRow(1000, 0.01, 50, 40_000),
                new FppRow(1000, 0.001, 100, 200_000),
                new FppRow(100_000, 0.01, 1, 1_000_000),
                new FppRow(1_000_000, 0.01, 1, 1_000_000),
                new FppRow(1_000_000, 0.001, 1, 10_000_000));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("grid")
    void measuredFppMeetsTheTargetAndTheModel(FppRow row) {
        FilterSpec spec = FilterSpec.of(row.n(), row.p()).withOption(BloomLayout.OPTION, "sectored");
        BloomShape shape = ClassicFilter.shapeOf(spec);
        if (row.n() < 50) {
            assertThat(shape.blocks()).as("the smallest row is one block").isEqualTo(1);
        }
        long falsePositives = BlockedFppTest.falsePositives(spec, row, SEED);
        // The standard layout's filter-to-filter spread of the rate: close for blocks too, and it
        // only matters for the small rows, which average many filters.
        double spread = ClassicFilterFppTest.betweenFilterSpread(shape.cells(), shape.hashes(), row.n());
        double probes = (double) row.filters() * row.queriesPerFilter();
        double model = shape.fppAt(row.n());
        assertThat(model).as("model fpp of the sectored sizing").isLessThanOrEqualTo(row.p());
        double measured = falsePositives / probes;
        double relativeSd = Math.sqrt(1 / (model * probes) + spread * spread / row.filters());
        double sd = model * relativeSd;
        assertThat(0.05 / relativeSd).as("the 5%% band in standard deviations of the measurement")
                .isGreaterThanOrEqualTo(4.0);
        String what = String.format("measured fpp %.5g (%d of %.0f probes), model %.5g (k = %d, %d blocks)",
                measured, falsePositives, probes, model, shape.hashes(), shape.blocks());
        assertThat(measured).as(what).isLessThanOrEqualTo(1.05 * row.p() + 3 * sd);
        assertThat(measured / model).as(what).isBetween(0.95, 1.05);
    }
}
