package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;

/**
 * Construction: a seeded sweep of distinct sets never fails and never needs to grow, repeated keys
 * are held once, and a first attempt with too few rows grows until it solves.
 */
class RibbonConstructionTest {

    private static long[] distinct(SplittableRandom random, int n) {
        // Random 64-bit values: a repeat among 10^6 of them has probability about 3·10^-8.
        return random.longs(n).toArray();
    }

    private static void assertHolds(RibbonFilter<Long> filter, long[] hashes) {
        for (int i = 0; i < hashes.length; i++) {
            if (!filter.mightContainHash(hashes[i])) {
                throw new AssertionError("false negative for hash #" + i + " of " + hashes.length + ": " + filter);
            }
        }
    }

    /**
     * Every size from 1 to 1,000 once, 50 sets of 10^4 and 10 of 10^5 (with {@code
     * -Dbloomery.slowTests=true} every size to 3,000, 500 of 10^4, 300 of 10^5 and 20 of 10^6): each
     * builds, holds every key, and never grows its rows (a shard's seed fails about once in 10 at
     * most; all of its 64 seeds failing would show the sizing is off), and fewer than one shard in
     * 5 needs a second seed. The result bits do not change whether a system solves, so one fpp
     * serves.
     */
    @Test
    void aSweepOfDistinctSetsAlwaysBuilds() {
        SplittableRandom random = new SplittableRandom(26);
        double fpp = 0.01;
        ResultBits bits = ResultBits.forFpp(fpp);
        int retried = 0;
        int shardBuilds = 0;
        int[][] sweep = Boolean.getBoolean("bloomery.slowTests")
                ? new int[][] {{1, 3000, 1}, {10_000, 10_000, 500}, {100_000, 100_000, 300}, {1_000_000, 1_000_000, 20}}
                : new int[][] {{1, 1000, 1}, {10_000, 10_000, 50}, {100_000, 100_000, 10}};
        for (int[] sizes : sweep) {
            for (int n = sizes[0]; n <= sizes[1]; n++) {
                for (int b = 0; b < sizes[2]; b++) {
                    long[] hashes = distinct(random, n);
                    RibbonConstruction.Result built = RibbonConstruction.build(hashes.clone(), bits, random.nextLong());
                    assertThat(built.growths()).as("growths for %d keys", n).isZero();
                    assertThat(built.layout().shards()).isEqualTo(NarrowLayout.shardsFor(hashes.length));
                    assertHolds(new RibbonFilter<>(FilterSpec.of(n, fpp), KeyHasher.longs(), built), hashes);
                    retried += built.retries();
                    shardBuilds += built.layout().shards();
                }
            }
        }
        // About one shard in 10 needs a second seed at these sizes, fewer for small sets.
        assertThat(retried).as("seeds retried in %d shards", shardBuilds).isLessThan(shardBuilds / 5);
    }

    @Test
    void repeatedKeysAreHeldOnce() {
        long[] hashes = distinct(new SplittableRandom(3), 5000);
        long[] twice = new long[2 * hashes.length + 7];
        for (int i = 0; i < twice.length; i++) {
            twice[i] = hashes[i % hashes.length];
        }
        RibbonFilter<Long> filter = RibbonFilter.buildFromHashes(FilterSpec.of(5000, 0.01), KeyHasher.longs(), twice);
        assertThat(filter.approximateCount()).isEqualTo(5000);
        assertThat(filter.rows()).isEqualTo(
                RibbonFilter.buildFromHashes(FilterSpec.of(5000, 0.01), KeyHasher.longs(), hashes).rows());
        assertHolds(filter, hashes);
    }

    /**
     * With fewer rows than keys every seed fails: the build grows the shards until each solves
     * (8 shards of about 2,500 keys, each first given one group per 64 keys).
     */
    @Test
    void tooFewRowsGrowUntilTheSystemSolves() {
        long[] hashes = distinct(new SplittableRandom(4), 20_000);
        RibbonConstruction.Result built = RibbonConstruction.build(hashes.clone(), ResultBits.forFpp(0.01), 1L,
                keys -> Math.max(NarrowLayout.MIN_GROUPS, keys / RibbonLayout.GROUP_ROWS));
        assertThat(built.growths()).isPositive();
        assertThat(built.layout().groups() * RibbonLayout.GROUP_ROWS).isGreaterThan(hashes.length);
        assertHolds(new RibbonFilter<>(FilterSpec.of(20_000, 0.01), KeyHasher.longs(), built), hashes);
    }

    @Test
    void theSameSetAlwaysBuildsTheSameFilter() {
        long[] hashes = distinct(new SplittableRandom(5), 1000);
        RibbonFilter<Long> first = RibbonFilter.buildFromHashes(FilterSpec.of(1000, 0.01), KeyHasher.longs(), hashes);
        long[] reversed = new long[hashes.length];
        for (int i = 0; i < hashes.length; i++) {
            reversed[i] = hashes[hashes.length - 1 - i];
        }
        RibbonFilter<Long> second = RibbonFilter.buildFromHashes(FilterSpec.of(1000, 0.01), KeyHasher.longs(), reversed);
        assertThat(FilterBytes.of(second)).isEqualTo(FilterBytes.of(first));
        assertThat(second.seed()).isEqualTo(first.seed());
    }

    @Test
    void unsignedSortingOrdersKeysByStart() {
        long[] values = {-1L, 0L, Long.MIN_VALUE, Long.MAX_VALUE, 5L, 5L};
        RibbonConstruction.sortUnsigned(values, 0, values.length);
        assertThat(values).containsExactly(0L, 5L, 5L, Long.MAX_VALUE, Long.MIN_VALUE, -1L);
        assertThat(RibbonConstruction.deduplicateSorted(values, values.length)).isEqualTo(5);
        int starts = 1000;
        for (int i = 1; i < 5; i++) {
            assertThat(KeyRow.start(values[i], starts)).isGreaterThanOrEqualTo(KeyRow.start(values[i - 1], starts));
        }
    }
}
