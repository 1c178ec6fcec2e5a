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
 * The patterned layout, sized by the patterned model, measured at full load: from a one-block filter
 * to 10^6 keys at p = 1%, 0.1% and 0.01%. Two checks per row, each stated in standard deviations of
 * the measurement (sd, relative to the model's fpp: the binomial count's, and for the small rows
 * the spread between filters, which many filters average):
 * <ul>
 *   <li>the target: measured fpp at most {@code p (1 + 3 sd)}, a margin of sampling noise alone (a
 *       filter whose true fpp is p passes with probability 99.87%). At 10^6 keys the probes are
 *       10^7, 3 * 10^7 and 10^8, about 10^5, 3 * 10^4 and 10^4 false positives, so sd is 0.32%,
 *       0.58% and 1.0% and the bound tells a true fpp of 1.01 p, 1.02 p and 1.03 p from p;
 *   <li>the model: measured over model fpp within [0.95, 1.05], a band of at least 4 sd.
 * </ul>
 * Measured with the seeds below (E: the model's expected false positives):
 *
 * <pre>
 *        n   p       blocks  k   model F     probes  E        measured F   measured/F
 *       45   0.01         1  6   0.005622    2e6     11,243   0.005583     0.993
 *     1000   0.01        20  6   0.009853    2e6     19,706   0.009618     0.976
 *     1000   0.001       33  8   0.0009790   2e7     19,580   0.0009686    0.989
 *    10^5    0.01      1996  6   0.009987    1e6      9,987   0.009949     0.996
 *    10^6    0.01     19954  6   0.009999    1e7     99,994   0.009969     0.997
 *    10^6    0.001    32928  8   0.0010000   3e7     29,999   0.0009850    0.985
 *    10^6    0.0001   50062 10   0.00009999  1e8      9,999   0.00009894   0.990
 * </pre>
 *
 * The model without its term for equal masks ({@code PatternedModel}) measured 1.2%, 2.5% and 4.9%
 * above it at 10^6 keys (3.6 to 4.9 sd), so these rows tell that term.
 */
class PatternedFppTest {
    private static final long SEED = 0x9A77_0000L;

    static Stream<FppRow> grid() {
        return Stream.of(
                new FppRow(45, 0.01, 1000, 2000),
                new FppRow(1000, 0.01, 50, 40_000),
                new FppRow(1000, 0.001, 100, 200_000),
                new FppRow(100_000, 0.01, 1, 1_000_000),
                new FppRow(1_000_000, 0.01, 1, 10_000_000),
                new FppRow(1_000_000, 0.001, 1, 30_000_000),
                new FppRow(1_000_000, 0.0001, 1, 100_000_000));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("grid")
    void measuredFppMeetsTheTargetAndTheModel(FppRow row) {
        FilterSpec spec = FilterSpec.of(row.n(), row.p()).withOption(BloomLayout.OPTION, "patterned");
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
        assertThat(model).as("model fpp of the patterned sizing").isLessThanOrEqualTo(row.p());
        double measured = falsePositives / probes;
        double relativeSd = Math.sqrt(1 / (model * probes) + spread * spread / row.filters());
        assertThat(0.05 / relativeSd).as("the 5%% band in standard deviations of the measurement")
                .isGreaterThanOrEqualTo(4.0);
        String what = String.format("measured fpp %.5g (%d of %.0f probes), model %.5g (k = %d, %d blocks)",
                measured, falsePositives, probes, model, shape.hashes(), shape.blocks());
        assertThat(measured).as(what).isLessThanOrEqualTo(row.p() * (1 + 3 * relativeSd));
        assertThat(measured / model).as(what).isBetween(0.95, 1.05);
    }
}
