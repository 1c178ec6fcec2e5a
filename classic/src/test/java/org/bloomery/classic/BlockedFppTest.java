package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.classic.ClassicFilterFppTest.FppRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The blocked layout, sized by the blocked model: from a one-block filter to 10^6 keys, the
 * measured fpp at full load is within 10% of the model's (which the sizing keeps at or below p),
 * so it stays at or below p up to that 10%. Filters above 2^32 bits: {@link LargeClassicFilterTest}.
 */
class BlockedFppTest {
    private static final long SEED = 0xB10C_0000L;

    /**
     * The grid: model fpp F (at most p), probes, expected false positives E = F * probes and the
     * relative standard deviation of the measured mean (binomial 1/sqrt(E), combined with the
     * filter-to-filter spread of small filters), with the 10% bound in those deviations:
     *
     * <pre>
     *        n  p       blocks  k   F          probes   E        sd     10% bound  measured/F
     *       50  0.01    1       8   0.0078     2e6      15,563   0.97%  10.3 sigma  0.984
     *     1000  0.01    20      8   0.0093     2e6      18,540   0.91%  10.9 sigma  1.001
     *     1000  0.001   31      8   0.00094    2e7      18,775   0.86%  11.6 sigma  1.012
     *    10^5   0.01    1973    8   0.0100     1e6       9,987   1.06%   9.4 sigma  0.994
     *    10^6   0.01    19726   8   0.0100     1e6       9,998   1.01%   9.9 sigma  0.998
     *    10^6   0.001   30713   8   0.0010     1e7       9,998   1.01%   9.9 sigma  1.007
     *    10^6   0.0001  44697   16  0.0001     2.5e7     2,500   2.01%   5.0 sigma  1.011
     * </pre>
     *
     * The test computes each row's deviation itself and refuses a row whose bound is under 4 sigma.
     */
    static Stream<FppRow> grid() {
        return Stream.of(
                new FppRow(50, 0.01, 1000, 2000),
                new FppRow(1000, 0.01, 50, 40_000),
                new FppRow(1000, 0.001, 100, 200_000),
                new FppRow(100_000, 0.01, 1, 1_000_000),
                new FppRow(1_000_000, 0.01, 1, 1_000_000),
                new FppRow(1_000_000, 0.001, 1, 10_000_000),
                new FppRow(1_000_000, 0.0001, 1, 25_000_000));
    }

    /**
     * The false positives of a row: {@code row.filters()} filters of the spec, filter f filled with
     * {@code row.n()} present keys of seed {@code seed + f} and probed with as many absent keys of
     * that seed as the row asks.
     */
    static long falsePositives(FilterSpec spec, FppRow row, long seed) {
        long falsePositives = 0;
        for (int f = 0; f < row.filters(); f++) {
            long filterSeed = seed + f;
            ClassicFilter<Long> filter = ClassicFilter.create(spec, KeyHasher.longs());
            for (long i = 0; i < row.n(); i++) {
                filter.addHash(KeyHasher.hashLong(TestKeys.presentLong(filterSeed, i)));
            }
            for (long q = 0; q < row.queriesPerFilter(); q++) {
                if (filter.mightContainHash(KeyHasher.hashLong(TestKeys.absentLong(filterSeed, q)))) {
                    falsePositives++;
                }
            }
        }
        return falsePositives;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("grid")
    void measuredFppIsWithinTenPercentOfTheModelAndAtMostP(FppRow row) {
        FilterSpec spec = FilterSpec.of(row.n(), row.p()).withOption(BloomLayout.OPTION, "blocked");
        BloomShape shape = ClassicFilter.shapeOf(spec);
        double model = shape.fppAt(row.n());
        assertThat(model).as("model fpp of the blocked sizing").isLessThanOrEqualTo(row.p());
        double probes = (double) row.filters() * row.queriesPerFilter();
        // The standard layout's spread of one filter's rate over its key set: close for blocks too,
        // and it only matters for the small rows, which average many filters.
        double spread = ClassicFilterFppTest.betweenFilterSpread(shape.cells(), shape.hashes(), row.n());
        double relativeSd = Math.sqrt(1 / (model * probes) + spread * spread / row.filters());
        assertThat(0.10 / relativeSd).as("the 10%% bound in standard deviations of the measurement")
                .isGreaterThanOrEqualTo(4.0);

        long falsePositives = falsePositives(spec, row, SEED);
        double measured = falsePositives / probes;
        assertThat(measured / model)
                .as("measured fpp %.5g (%d of %.0f probes) over model %.5g (k = %d, %d blocks)", measured,
                        falsePositives, probes, model, shape.hashes(), shape.blocks())
                .isBetween(0.90, 1.10);
        assertThat(measured).isLessThanOrEqualTo(1.10 * row.p());
    }
}
