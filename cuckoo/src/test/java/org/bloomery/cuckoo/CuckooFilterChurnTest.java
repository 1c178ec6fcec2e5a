package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A live set held near full load while it is replaced piece by piece. */
class CuckooFilterChurnTest {
    private static final long SEED = 97;

    @Test
    void fiftyRoundsReplacingTenPercentAtNinetyPercentLoadLoseNothingAndNeverFail() {
        CuckooFilter<Long> filter = TestFilters.create(20_000, 0.01);
        int live = (int) (0.9 * filter.buckets() * filter.bucketSize());
        long[] keys = new long[live];
        long next = 0;
        for (int i = 0; i < live; i++) {
            keys[i] = TestFilters.present(SEED, next++);
            filter.addHash(keys[i]);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        int[] order = new int[live];
        for (int i = 0; i < live; i++) {
            order[i] = i;
        }
        int replaced = live / 10;
        for (int round = 0; round < 50; round++) {
            // A partial Fisher-Yates shuffle picks 10% of the live positions, without repeats.
            for (int i = 0; i < replaced; i++) {
                int j = i + random.nextInt(live - i);
                int swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
            for (int i = 0; i < replaced; i++) {
                assertThat(filter.removeHash(keys[order[i]])).isTrue();
            }
            for (int i = 0; i < replaced; i++) {
                keys[order[i]] = TestFilters.present(SEED, next++);
                filter.addHash(keys[order[i]]);
            }
            for (int i = 0; i < live; i++) {
                if (!filter.mightContainHash(keys[i])) {
                    throw new AssertionError("false negative in round " + round + " for live key at " + i);
                }
            }
            assertThat(filter.approximateCount()).isEqualTo(live);
        }
        assertThat(filter.loadFactor()).isGreaterThanOrEqualTo(0.9 - 1e-3);
        assertThat(filter.kickChains()).as("insertions that had to kick").isPositive();
    }
}
