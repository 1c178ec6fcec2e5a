package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** How full a cuckoo filter gets before it refuses an item, and that a refusal changes nothing. */
class CuckooFilterLoadTest {
    private static final long SEED = 61;

    static Stream<Arguments> loads() {
        return Stream.of(Arguments.of(4, 0.94), Arguments.of(2, 0.82), Arguments.of(8, 0.97));
    }

    @ParameterizedTest(name = "b={0}: load at least {1}")
    @MethodSource("loads")
    void fillsToItsLoadFactorBeforeTheFirstFailureAndLosesNothing(int bucketSize, double minimumLoad) {
        CuckooFilter<Long> filter = TestFilters.create(50_000, 0.01, "bucketSize", "" + bucketSize,
                "fingerprintBits", "12");
        int added = 0;
        long refused;
        while (true) {
            long hash = TestFilters.present(SEED, added);
            try {
                filter.addHash(hash);
                added++;
            } catch (FilterFullException e) {
                refused = hash;
                break;
            }
        }
        double slots = filter.buckets() * (double) bucketSize;
        assertThat(filter.loadFactor()).as("load at the first FilterFullException").isGreaterThanOrEqualTo(minimumLoad);
        assertThat(filter.approximateCount()).as("every insertion is held, one perhaps in the stash").isEqualTo(added);
        assertThat(filter.loadFactor()).isEqualTo((added - 1) / slots);
        for (int i = 0; i < added; i++) {
            if (!filter.mightContainHash(TestFilters.present(SEED, i))) {
                throw new AssertionError("item #" + i + " of " + added + " lost when the filter filled");
            }
        }
        byte[] before = FilterBytes.of(filter);
        assertThatThrownBy(() -> filter.addHash(refused)).isInstanceOf(FilterFullException.class)
                .hasMessageContaining("full").hasMessageContaining("expansion");
        assertThat(FilterBytes.of(filter)).as("the filter after a refused add").isEqualTo(before);
        assertThat(filter.approximateCount()).isEqualTo(added);
    }

    @ParameterizedTest(name = "bucketSize={0}")
    @ValueSource(ints = {2, 4, 8})
    void takesTheExpectedInsertionsWithoutFailing(int bucketSize) {
        for (long n : new long[] {1, 2, 3, 5, 10, 50, 200, 1000, 20_000}) {
            CuckooFilter<Long> filter = TestFilters.create(n, 0.01, "bucketSize", "" + bucketSize);
            for (int i = 0; i < n; i++) {
                filter.addHash(TestFilters.present(SEED + n, i));
            }
            assertThat(filter.approximateCount()).isEqualTo(n);
        }
    }

    @Test
    void bucketCountsNearFibonacciNumbersReachFullLoad() {
        // Regression: with a multiplicative fingerprint offset, 1597 buckets at f = 8 filled to
        // 0.942 at worst; the mixed offset reaches about 0.96 like any other bucket count.
        for (int buckets : new int[] {466, 1597, 4181}) {
            CuckooTable table = CuckooTable.empty(buckets, 1, 0, 4, 8);
            int held = 0;
            for (long i = 0; ; i++) {
                long hash = TestFilters.present(SEED + buckets, i);
                int fingerprint = PartialKeyHashing.fingerprint(hash, 8);
                int first = table.firstBucket(hash);
                int second = table.alternateBucket(first, fingerprint);
                if (!table.insertFree(first, second, fingerprint)) {
                    if (table.stashOccupied()) {
                        break;
                    }
                    table.insertWithKicks(first, second, fingerprint, CuckooShape.DEFAULT_MAX_KICKS);
                }
                held++;
            }
            assertThat(held / (4.0 * buckets)).as("load reached with %d buckets", buckets).isGreaterThan(0.95);
        }
    }
}
