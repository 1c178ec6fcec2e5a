package org.bloomery.counting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.bloom.BloomLayout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The blacklist workload: a live set of n items where, every round, 10% of them leave and as many
 * new ones arrive. Removal must keep the filter as good as one freshly built from the live set.
 */
class ChurnTest {
    private static final int N = 100_000;
    private static final double FPP = 0.01;
    private static final int ROUNDS = 50;
    private static final int CHURN = N / 10;
    /**
     * Fresh absent keys probed after each round. The classic filter's theoretical fpp at n items
     * for this spec (m = 958,528, k = 7) is 1.003% (the blocked layout's model fpp just under 1%), so about 2,006 false positives are expected,
     * binomial with standard deviation sqrt(2006 * 0.99) = 45; the 15% band (301) is 6.7 sigma
     * each side, so over 50 rounds a correct filter fails with probability below 1e-9, while one
     * whose fpp drifted 25% (as it would if removal left stale counters) fails within a round.
     */
    private static final int PROBES = 200_000;
    private static final long SEED = 7;

    @ParameterizedTest
    @EnumSource(value = BloomLayout.class, names = {"STANDARD", "BLOCKED"}) // the layouts of counters
    void fiftyRoundsOfTenPercentChurnKeepNoFalseNegativesAndTheClassicFpp(BloomLayout layout) {
        FilterSpec spec = FilterSpec.of(N, FPP).withOption(BloomLayout.OPTION, layout.optionValue());
        CountingFilter<Long> filter = CountingFilter.create(spec, KeyHasher.longs());
        double theoretical = CountingOptions.shape(spec).fppAt(N);
        long[] live = new long[N];
        long nextId = 0;
        for (int i = 0; i < N; i++) {
            live[i] = TestKeys.presentLong(SEED, nextId++);
            filter.add(live[i]);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        long nextProbe = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            // Replace 10% of the live items, chosen at random without repetition within the round:
            // the first CHURN slots of a partial Fisher-Yates shuffle.
            for (int i = 0; i < CHURN; i++) {
                int pick = i + random.nextInt(N - i);
                long leaving = live[pick];
                live[pick] = live[i];
                assertThat(filter.remove(leaving)).as("round %d: remove of live item", round).isTrue();
                live[i] = TestKeys.presentLong(SEED, nextId++);
                filter.add(live[i]);
            }
            for (int i = 0; i < N; i++) {
                if (!filter.mightContain(live[i])) {
                    throw new AssertionError("round " + round + ": false negative for live item " + live[i]);
                }
            }
            long positives = 0;
            for (int i = 0; i < PROBES; i++) {
                positives += filter.mightContainHash(KeyHasher.hashLong(TestKeys.absentLong(SEED, nextProbe++))) ? 1 : 0;
            }
            double measured = (double) positives / PROBES;
            assertThat(measured).as("round %d: fpp over %d fresh keys, theory %.5f", round, PROBES, theoretical)
                    .isBetween(0.85 * theoretical, 1.15 * theoretical);
            assertThat(filter.saturatedCounters()).as("round %d: saturated counters", round).isZero();
        }
        assertThat((double) filter.approximateCount()).isBetween(0.95 * N, 1.05 * N);
        assertThat(filter.expectedFpp()).isBetween(0.85 * theoretical, 1.15 * theoretical);
    }
}
