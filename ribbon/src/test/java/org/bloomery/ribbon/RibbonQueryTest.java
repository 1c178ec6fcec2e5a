package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Queries allocate nothing, single or in a batch, and a batch answers as the single queries do. */
class RibbonQueryTest {

    @Test
    void queriesAllocateNothing() {
        SplittableRandom random = new SplittableRandom(11);
        long[] present = random.longs(100_000).toArray();
        RibbonFilter<Long> filter = RibbonFilter.buildFromHashes(FilterSpec.of(100_000, 0.01), KeyHasher.longs(), present);
        long[] probes = random.longs(4096).toArray();
        boolean[] out = new boolean[probes.length];
        long sink = 0;
        for (int warm = 0; warm < 5; warm++) {
            sink += queryMany(filter, probes, out);
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        sink += queryMany(filter, probes, out);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        // A few KiB of slack for the bean's own bookkeeping; one allocation per query would be megabytes.
        assertThat(allocated).as("bytes allocated by 204,800 single and 204,800 batched queries (sink %d)", sink)
                .isLessThan(64 * 1024);
    }

    private static long queryMany(RibbonFilter<Long> filter, long[] probes, boolean[] out) {
        long sink = 0;
        for (int round = 0; round < 50; round++) {
            for (long probe : probes) {
                sink += filter.mightContainHash(probe) ? 1 : 0;
            }
            filter.mightContainHashes(probes, 0, probes.length, out);
            for (boolean answer : out) {
                sink += answer ? 1 : 0;
            }
        }
        return sink;
    }

    /**
     * Over windows of one or two cache lines (r = 2), three or four (r = 7, 8: the batch's first pass
     * reads every one) and more (r = 10, 32: it reads the first three and the last).
     */
    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.3, 0.01, 1.0 / 256, 0.001, 0x1p-32})
    void aBatchAnswersAsTheSingleQueriesOnAnyRange(double fpp) {
        SplittableRandom random = new SplittableRandom(12);
        long[] present = random.longs(5000).toArray();
        RibbonFilter<Long> filter = RibbonFilter.buildFromHashes(FilterSpec.of(5000, fpp), KeyHasher.longs(), present);
        long[] mixed = new long[1000];
        for (int i = 0; i < mixed.length; i++) {
            mixed[i] = i % 2 == 0 ? present[i] : random.nextLong();
        }
        for (int[] range : new int[][] {{0, 1000}, {3, 4}, {17, 17}, {5, 990}}) {
            boolean[] out = new boolean[mixed.length];
            filter.mightContainHashes(mixed, range[0], range[1], out);
            for (int i = 0; i < mixed.length; i++) {
                boolean expected = i >= range[0] && i < range[1] && filter.mightContainHash(mixed[i]);
                assertThat(out[i]).as("index %d of range [%d, %d)", i, range[0], range[1]).isEqualTo(expected);
            }
        }
    }

    /**
     * Files of body versions 1 and 2 (128-row windows over three groups, kept from earlier releases)
     * answer a batch as their single queries: 20,000 random hashes, of which the files' fpp makes
     * dozens false positives, so both answers are compared.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ribbon-xxh64-longs.blmf", "ribbon-v2-xxh64-longs.blmf"})
    void earlierVersionsAnswerABatchAsTheirSingleQueries(String file) throws IOException {
        MembershipFilter<Long> filter;
        try (InputStream in = RibbonQueryTest.class.getResourceAsStream("previous-release/" + file)) {
            filter = Filters.readFrom(in, KeyHasher.longs());
        }
        long[] probes = new SplittableRandom(13).longs(20_000).toArray();
        boolean[] out = new boolean[probes.length];
        filter.mightContainHashes(probes, 0, probes.length, out);
        int trues = 0;
        for (int i = 0; i < probes.length; i++) {
            assertThat(out[i]).as("probe %d", i).isEqualTo(filter.mightContainHash(probes[i]));
            trues += out[i] ? 1 : 0;
        }
        assertThat(trues).as("true answers (expected fpp %s)", filter.expectedFpp())
                .isGreaterThanOrEqualTo((int) (filter.expectedFpp() * probes.length / 2));
    }
}
