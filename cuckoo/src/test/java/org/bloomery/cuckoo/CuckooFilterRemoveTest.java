package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Removal, duplicates, copy counts and the victim stash. */
class CuckooFilterRemoveTest {
    private static final long SEED = 83;

    @Test
    void removingARandomHalfKeepsTheOtherAndDropsTheRemovedToTheFpp() {
        int n = 200_000;
        CuckooFilter<Long> filter = TestFilters.create(n, 0.01);
        for (int i = 0; i < n; i++) {
            filter.addHash(TestFilters.present(SEED, i));
        }
        SplittableRandom random = new SplittableRandom(SEED);
        boolean[] removed = new boolean[n];
        int removedCount = 0;
        for (int i = 0; i < n; i++) {
            if (random.nextBoolean()) {
                removed[i] = true;
                removedCount++;
                assertThat(filter.removeHash(TestFilters.present(SEED, i))).as("remove of added item #%d", i).isTrue();
            }
        }
        assertThat(filter.approximateCount()).isEqualTo(n - removedCount);
        long removedPositive = 0;
        for (int i = 0; i < n; i++) {
            boolean present = filter.mightContainHash(TestFilters.present(SEED, i));
            if (!removed[i] && !present) {
                throw new AssertionError("false negative for kept item #" + i);
            }
            removedPositive += removed[i] && present ? 1 : 0;
        }
        // f = 10 at load 0.47: the expected fpp is 1 - (1 - 2^-10)^(8 * 0.47) = 0.0037, so about
        // 370 of the 100,000 removed items stay positive (sd 19); ±30% is 110 (5.7 sigma), and a
        // removal that left a trace would show far more.
        double expected = filter.expectedFpp();
        assertThat(expected).isBetween(0.0033, 0.0041);
        assertThat((double) removedPositive / removedCount).as("positive rate of removed items")
                .isBetween(0.7 * expected, 1.3 * expected);
    }

    @ParameterizedTest(name = "bucketSize={0}")
    @ValueSource(ints = {2, 4, 8})
    void anItemMayBeAddedTwiceTheBucketSizeTimesAndRemovedAsOften(int bucketSize) {
        CuckooFilter<Long> filter = TestFilters.create(1000, 0.01, "bucketSize", "" + bucketSize);
        long hash = hashWithDistinctBuckets(filter);
        for (int i = 0; i < 2 * bucketSize; i++) {
            assertThat(filter.addHash(hash)).as("add #%d answers 'new'", i + 1).isEqualTo(i == 0);
        }
        assertThat(filter.countHash(hash)).isEqualTo(2 * bucketSize);
        byte[] before = FilterBytes.of(filter);
        assertThatThrownBy(() -> filter.addHash(hash)).isInstanceOf(FilterFullException.class)
                .hasMessageContaining("copies");
        assertThat(FilterBytes.of(filter)).isEqualTo(before);
        for (int i = 0; i < 2 * bucketSize; i++) {
            assertThat(filter.mightContainHash(hash)).isTrue();
            assertThat(filter.removeHash(hash)).as("remove #%d", i + 1).isTrue();
        }
        assertThat(filter.mightContainHash(hash)).isFalse();
        assertThat(filter.removeHash(hash)).isFalse();
        assertThat(filter.countHash(hash)).isZero();
        assertThat(filter.approximateCount()).isZero();
    }

    @Test
    void countDoesNotCountACopyTwiceWhenBothBucketsCoincide() {
        CuckooFilter<Long> filter = TestFilters.create(10, 0.01);
        long hash = TestFilters.present(SEED, 0);
        for (long i = 1; !TestFilters.bucketsCoincide(filter, hash); i++) {
            hash = TestFilters.present(SEED, i);
        }
        filter.addHash(hash);
        filter.addHash(hash);
        assertThat(filter.countHash(hash)).isEqualTo(2);
        assertThat(filter.removeHash(hash)).isTrue();
        assertThat(filter.countHash(hash)).isEqualTo(1);
        assertThat(filter.removeHash(hash)).isTrue();
        assertThat(filter.mightContainHash(hash)).isFalse();
    }

    @Test
    void countOfItemsGoesThroughTheHasher() {
        CuckooFilter<Long> filter = TestFilters.create(1000, 0.01);
        filter.add(42L);
        filter.add(42L);
        filter.add(7L);
        assertThat(filter.count(42L)).isEqualTo(2);
        assertThat(filter.count(7L)).isEqualTo(1);
        assertThat(filter.count(8L)).isZero();
    }

    @Test
    void theStashHoldsTheLastVictimAndEveryRemovalKeepsTheRest() {
        // Without kicks, the first insertion that finds both buckets full goes straight to the
        // stash, and the next such insertion is refused; removals then exercise removing from the
        // stash and moving the victim back into a freed slot.
        CuckooFilter<Long> filter = TestFilters.create(200, 0.01, "maxKicks", "0");
        List<Long> added = new ArrayList<>();
        for (long i = 0; ; i++) {
            long hash = TestFilters.present(SEED, i);
            try {
                filter.addHash(hash);
            } catch (FilterFullException e) {
                break;
            }
            added.add(hash);
        }
        assertThat(filter.approximateCount()).isEqualTo(added.size());
        assertThat(filter.loadFactor()).isLessThan(1.0);
        for (int removed = 0; removed < added.size(); removed++) {
            assertThat(filter.removeHash(added.get(removed))).as("remove #%d", removed).isTrue();
            assertThat(filter.approximateCount()).isEqualTo(added.size() - removed - 1);
            for (int kept = removed + 1; kept < added.size(); kept++) {
                if (!filter.mightContainHash(added.get(kept))) {
                    throw new AssertionError("item #" + kept + " lost after removing #" + removed);
                }
            }
        }
        assertThat(filter.loadFactor()).isZero();
    }

    @Test
    void aFreedSlotTakesTheStashedVictimBack() {
        CuckooFilter<Long> filter = TestFilters.create(200, 0.01, "maxKicks", "0");
        List<Long> added = new ArrayList<>();
        long refused;
        for (long i = 0; ; i++) {
            long hash = TestFilters.present(SEED + 1, i);
            try {
                filter.addHash(hash);
            } catch (FilterFullException e) {
                refused = hash;
                break;
            }
            added.add(hash);
        }
        // Removing every other item frees slots everywhere, including next to the victim, so the
        // victim leaves the stash and the refused item then fits.
        for (int i = 0; i < added.size(); i += 2) {
            assertThat(filter.removeHash(added.get(i))).isTrue();
        }
        assertThat(filter.loadFactor() * filter.buckets() * filter.bucketSize())
                .as("slots filled: all kept items, none left in the stash")
                .isCloseTo(added.size() / 2, within(1e-6));
        filter.addHash(refused);
        assertThat(filter.mightContainHash(refused)).isTrue();
        for (int i = 1; i < added.size(); i += 2) {
            assertThat(filter.mightContainHash(added.get(i))).isTrue();
        }
    }

    private static long hashWithDistinctBuckets(CuckooFilter<Long> filter) {
        for (long i = 0; ; i++) {
            long hash = TestFilters.present(SEED, i);
            if (!TestFilters.bucketsCoincide(filter, hash)) {
                return hash;
            }
        }
    }
}
