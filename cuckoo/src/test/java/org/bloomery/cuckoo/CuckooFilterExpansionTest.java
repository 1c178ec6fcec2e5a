package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.SplittableRandom;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;

/** Growth in sub-tables with option {@code expansion}. */
class CuckooFilterExpansionTest {
    private static final long SEED = 113;

    @Test
    void growsInSubTablesInsteadOfRefusingAndFindsEveryItem() throws IOException {
        CuckooFilter<Long> filter = TestFilters.create(1000, 0.01, "expansion", "2");
        long first = filter.buckets();
        long firstBits = filter.bitSize();
        int n = 10_000;
        for (int i = 0; i < n; i++) {
            filter.addHash(TestFilters.present(SEED, i));
        }
        // 1,000 items fit the first sub-table; 10,000 need it and sub-tables of 2x, 4x and 8x.
        assertThat(filter.buckets()).isEqualTo(first * (1 + 2 + 4 + 8));
        assertThat(filter.approximateCount()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(filter.mightContainHash(TestFilters.present(SEED, i))).isTrue();
        }
        // A query compares against 2b slots in each of four sub-tables, so the rate compounds to
        // 1 - (1 - 2^-f)^(2b * sum of loads): here 0.025, against 0.005 for one table at the same
        // overall load (0.62).
        double oneTable = 1 - Math.pow(1 - Math.scalb(1.0, -filter.fingerprintBits()), 8 * filter.loadFactor());
        assertThat(filter.expectedFpp()).isGreaterThan(3 * oneTable);
        // 400,000 probes at a rate of 0.025 give about 10,000 positives (sd 99); ±15% is 1,500,
        // over 15 sigma.
        int probes = 400_000;
        long positives = 0;
        for (int i = 0; i < probes; i++) {
            positives += filter.mightContainHash(TestFilters.absent(SEED, i)) ? 1 : 0;
        }
        assertThat((double) positives / probes).isBetween(0.85 * filter.expectedFpp(), 1.15 * filter.expectedFpp());

        byte[] bytes = FilterBytes.of(filter);
        CuckooFilter<Long> read = TestFilters.read(bytes);
        assertThat(read.buckets()).isEqualTo(filter.buckets());
        assertThat(read.expectedFpp()).isEqualTo(filter.expectedFpp());
        assertThat(FilterBytes.of(read)).isEqualTo(bytes);

        filter.clear();
        assertThat(filter.buckets()).as("clear keeps only the first sub-table").isEqualTo(first);
        assertThat(filter.bitSize()).isEqualTo(firstBits);
        assertThat(filter.approximateCount()).isZero();
    }

    @Test
    void removingAddedItemsIsExactAcrossSubTablesOfDifferentSizes() {
        // Across five sub-tables (1x to 16x), an item's query often also matches another item's
        // fingerprint in a sub-table it was not added to (about 30,000 removals at 1% to 2% each).
        // Nested bucket addressing makes deleting that match harmless; with independent addressing
        // per sub-table instead, this test failed at removal #3,468.
        CuckooFilter<Long> filter = TestFilters.create(1000, 0.01, "expansion", "2");
        int n = 30_000;
        for (int i = 0; i < n; i++) {
            filter.addHash(TestFilters.present(SEED, i));
        }
        assertThat(filter.buckets()).isEqualTo(CuckooShape.bucketsFor(1000, 4, 10) * (1 + 2 + 4 + 8 + 16));
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        for (int k = 0; k < n; k++) {
            assertThat(filter.removeHash(TestFilters.present(SEED, order[k]))).as("removal #%d", k).isTrue();
            if (k == n / 2) {
                for (int kept = k + 1; kept < n; kept++) {
                    if (!filter.mightContainHash(TestFilters.present(SEED, order[kept]))) {
                        throw new AssertionError("kept item " + order[kept] + " lost after " + (k + 1) + " removals");
                    }
                }
            }
        }
        assertThat(filter.approximateCount()).isZero();
        assertThat(filter.loadFactor()).isZero();
    }

    @Test
    void stopsAtTheSubTableLimitWithoutChangingAnything() {
        CuckooFilter<Long> filter = TestFilters.create(1, 0.01, "expansion", "1");
        long first = filter.buckets();
        long added = 0;
        FilterFullException full = null;
        while (full == null) {
            try {
                filter.addHash(TestFilters.present(SEED, added));
                added++;
            } catch (FilterFullException e) {
                full = e;
            }
        }
        assertThat(full).hasMessageContaining("sub-tables");
        assertThat(filter.buckets()).isEqualTo(first * CuckooFilter.MAX_SUB_TABLES);
        assertThat(filter.approximateCount()).isEqualTo(added);
        byte[] before = FilterBytes.of(filter);
        long refused = TestFilters.present(SEED, added);
        assertThatThrownBy(() -> filter.addHash(refused)).isInstanceOf(FilterFullException.class);
        assertThat(FilterBytes.of(filter)).isEqualTo(before);
        for (long i = 0; i < added; i++) {
            assertThat(filter.mightContainHash(TestFilters.present(SEED, i))).isTrue();
        }
    }

    @Test
    void duplicatesDoNotGrowTheFilter() {
        CuckooFilter<Long> filter = TestFilters.create(100, 0.01, "expansion", "2");
        long buckets = filter.buckets();
        long hash = TestFilters.present(SEED, 0);
        assertThat(TestFilters.bucketsCoincide(filter, hash)).isFalse();
        for (int i = 0; i < 2 * filter.bucketSize(); i++) {
            filter.addHash(hash);
        }
        assertThatThrownBy(() -> filter.addHash(hash)).isInstanceOf(FilterFullException.class)
                .hasMessageContaining("copies");
        assertThat(filter.buckets()).isEqualTo(buckets);
    }
}
