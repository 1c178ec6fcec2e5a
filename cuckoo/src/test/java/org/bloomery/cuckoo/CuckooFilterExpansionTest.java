package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.bloomery.api.FilterFullException;
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
        // The query compares against 2b slots in each of four sub-tables, so the rate compounds:
        // 1 - (1 - 2^-f)^(2b * sum of loads), well above one table's rate at the same total load.
        double oneTable = 1 - Math.pow(1 - Math.scalb(1.0, -filter.fingerprintBits()), 8 * filter.loadFactor());
        assertThat(filter.expectedFpp()).isGreaterThan(2 * oneTable);
        // 400,000 probes at an expected rate near 0.014 give about 5,600 positives (sd 75); ±15%
        // is 840, over 11 sigma.
        int probes = 400_000;
        long positives = 0;
        for (int i = 0; i < probes; i++) {
            positives += filter.mightContainHash(TestFilters.absent(SEED, i)) ? 1 : 0;
        }
        assertThat((double) positives / probes).isBetween(0.85 * filter.expectedFpp(), 1.15 * filter.expectedFpp());

        byte[] bytes = TestFilters.serialize(filter);
        CuckooFilter<Long> read = TestFilters.read(bytes);
        assertThat(read.buckets()).isEqualTo(filter.buckets());
        assertThat(read.expectedFpp()).isEqualTo(filter.expectedFpp());
        assertThat(TestFilters.serialize(read)).isEqualTo(bytes);

        for (int i = 0; i < n; i++) {
            assertThat(filter.removeHash(TestFilters.present(SEED, i))).as("remove #%d", i).isTrue();
        }
        assertThat(filter.approximateCount()).isZero();
        filter.clear();
        assertThat(filter.buckets()).as("clear keeps only the first sub-table").isEqualTo(first);
        assertThat(filter.bitSize()).isEqualTo(firstBits);
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
        byte[] before = TestFilters.serialize(filter);
        long refused = TestFilters.present(SEED, added);
        assertThatThrownBy(() -> filter.addHash(refused)).isInstanceOf(FilterFullException.class);
        assertThat(TestFilters.serialize(filter)).isEqualTo(before);
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
