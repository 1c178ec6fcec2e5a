package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a forged item count reads back as: field {@code items} (body offset 2) rewritten, both
 * checksums recomputed as the envelope computes them. The reader refuses a count the body cannot
 * have: n = 0 with any body but the empty set's, and a count the groups are too few or too many
 * for. The one exception the format states is pinned here: the empty set's body with a count its
 * groups allow.
 */
class RibbonForgedCountTest {
    /** Probes besides the items: at 1% about 750 of them match an all-zero solution. */
    private static final int PROBES = 100_000;
    /** Whole and fractional result bits, from 1 to 20. */
    private static final double[] FPPS = {0.5, 0.3, 0.01, 1.0 / 256, 0x1p-20};

    private static long[] hashes(int count, long seed) {
        return new SplittableRandom(seed).longs(count).toArray();
    }

    private static byte[] forged(RibbonFilter<Long> filter, long items) {
        return FilterBytes.craftedBody(FilterBytes.of(filter), body -> body.putLong(2, items));
    }

    private static RibbonFilter<Long> read(byte[] bytes) throws IOException {
        return RibbonFilter.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs());
    }

    /** Whether a filter's body is the empty set's: one shard of two groups, seed ordinal 0, every word 0. */
    private static boolean hasTheEmptySetsBody(RibbonFilter<Long> filter) {
        Solution solution = filter.solution();
        return filter.rows() == NarrowLayout.MIN_GROUPS * RibbonLayout.GROUP_ROWS && filter.ordinals()[0] == 0
                && IntStream.range(SolutionWords.PAD, SolutionWords.PAD + solution.words())
                        .allMatch(word -> solution.word(word) == 0);
    }

    /** Sets of one shard of up to nine groups (the most a count of 0 allows) at every width. */
    static Stream<Arguments> smallSets() {
        return DoubleStream.of(FPPS).boxed().flatMap(fpp -> IntStream.of(1, 2, 5, 20, 60, 123, 300, 500)
                .mapToObj(n -> Arguments.of(fpp, n)));
    }

    /**
     * A set forged to a count of 0 would answer false for its own items: refused, unless its body
     * is the empty set's, which a set builds only when every item's compared result bits are 0
     * (likely only at r = 1 for a few items); then it answers false for every item, as the format
     * states.
     */
    @ParameterizedTest(name = "fpp={0} n={1}")
    @MethodSource("smallSets")
    void aSetForgedToNoItemIsRefused(double fpp, int n) throws IOException {
        long[] items = hashes(n, 44 + n);
        RibbonFilter<Long> built = RibbonFilter.buildFromHashes(FilterSpec.of(n, fpp), KeyHasher.longs(), items);
        assertThat(built.narrowLayout().shards()).isOne();
        assertThat(built.narrowLayout().groups()).isLessThanOrEqualTo((int) NarrowLayout.mostGroups(0));
        byte[] bytes = forged(built, 0);
        if (hasTheEmptySetsBody(built)) {
            RibbonFilter<Long> read = read(bytes);
            for (long item : items) {
                assertThat(read.mightContainHash(item)).isFalse();
            }
            return;
        }
        assertThatThrownBy(() -> read(bytes)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("a filter of 0 items has the body of the empty set");
    }

    /** At more than one result bit, no set of these builds the empty set's body: the refusal is what they meet. */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 5, 20, 500})
    void aSetOfItemsDoesNotBuildTheEmptySetsBody(int n) {
        RibbonFilter<Long> built = RibbonFilter.buildFromHashes(FilterSpec.of(n, 0.01), KeyHasher.longs(),
                hashes(n, 44 + n));
        assertThat(hasTheEmptySetsBody(built)).isFalse();
    }

    /** A count of 0 with the empty set's rows but another seed ordinal is refused too. */
    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.5, 0.01})
    void aCountOfZeroWithAnotherSeedOrdinalIsRefused(double fpp) {
        RibbonFilter<Long> empty = RibbonFilter.buildFromHashes(FilterSpec.of(10, fpp), KeyHasher.longs(), new long[0]);
        // Offset 30: after the version, r, n, seed, shards, upper start and the one shard's groups.
        byte[] bytes = FilterBytes.craftedBody(FilterBytes.of(empty), body -> body.put(30, (byte) 1));
        assertThatThrownBy(() -> read(bytes)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("seed ordinal 1");
    }

    /** A count its groups are too few for is refused: at least one row per item. */
    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.5, 0.01, 0x1p-20})
    void aCountTooLargeForTheGroupsIsRefused(double fpp) throws IOException {
        RibbonFilter<Long> built = RibbonFilter.buildFromHashes(FilterSpec.of(20, fpp), KeyHasher.longs(), hashes(20, 7));
        int groups = built.narrowLayout().groups();
        long most = (long) groups * RibbonLayout.GROUP_ROWS;
        assertThat(read(forged(built, most)).approximateCount()).isEqualTo(most);
        assertThatThrownBy(() -> read(forged(built, most + 1))).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("the shards' groups add up to " + groups + ", fewer than the " + (groups + 1)
                        + " that " + (most + 1) + " items need");
    }

    /** Both counts at least 1, with the shards and groups in range: the query reads n only to see whether it is 0. */
    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.5, 0.01, 0x1p-20})
    void aNonZeroCountInRangeAnswersTheSame(double fpp) throws IOException {
        long[] items = hashes(1000, 9);
        RibbonFilter<Long> built = RibbonFilter.buildFromHashes(FilterSpec.of(1000, fpp), KeyHasher.longs(), items);
        RibbonFilter<Long> read = read(forged(built, 1001));
        assertThat(read.approximateCount()).isEqualTo(1001);
        for (long item : items) {
            assertThat(read.mightContainHash(item)).isTrue();
        }
        SplittableRandom probes = new SplittableRandom(10);
        for (int i = 0; i < PROBES; i++) {
            long probe = probes.nextLong();
            assertThat(read.mightContainHash(probe)).isEqualTo(built.mightContainHash(probe));
        }
    }

    /** The counts the empty set's body (two groups) allows in body version 3: 1 to 128, one row per item. */
    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.5, 0.01, 0x1p-20})
    void theEmptySetsBodyAllowsCountsUpToOneRowPerItem(double fpp) throws IOException {
        RibbonFilter<Long> empty = RibbonFilter.buildFromHashes(FilterSpec.of(10, fpp), KeyHasher.longs(), new long[0]);
        assertThat(read(forged(empty, 128)).approximateCount()).isEqualTo(128);
        assertThatThrownBy(() -> read(forged(empty, 129))).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("fewer than");
    }

    /**
     * The format's exception: the empty set's body forged to a count it allows answers true exactly
     * for the hashes whose compared result bits are all 0 (the parity of no row is 1), a share equal
     * to its expected fpp, where the empty set answered false for every item.
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 5, 128})
    void theEmptySetForgedToACountAnswersTrueWhereTheResultBitsAreZero(int n) throws IOException {
        RibbonFilter<Long> empty = RibbonFilter.buildFromHashes(FilterSpec.of(10, 0.01), KeyHasher.longs(), new long[0]);
        assertThat(empty.expectedFpp()).isZero();
        RibbonFilter<Long> read = read(forged(empty, n));
        NarrowLayout layout = read.narrowLayout();
        // Both groups are group 0's shard; every window starts in group 0.
        int compared = layout.columnsOf(0);
        SplittableRandom probes = new SplittableRandom(11);
        int trueAnswers = 0;
        for (int i = 0; i < PROBES; i++) {
            long probe = probes.nextLong();
            boolean zeroResult = (KeyRow.result(KeyRow.product(probe)) & KeyRow.resultMask(compared)) == 0;
            assertThat(empty.mightContainHash(probe)).isFalse();
            assertThat(read.mightContainHash(probe)).isEqualTo(zeroResult);
            trueAnswers += zeroResult ? 1 : 0;
        }
        // At 1%, r = 7: expected 100,000 / 128 = 781 (sd 28); zero would mean the probes never met the case.
        assertThat(read.expectedFpp()).isEqualTo(Math.scalb(1.0, -compared));
        assertThat(trueAnswers).isBetween(600, 960);
    }

    /**
     * Bodies of versions 1 and 2 of no item: only the empty set's (their fewest rows, every word 0)
     * is read; forged to a count, it reads for the counts whose fewest rows are the same.
     */
    @ParameterizedTest(name = "first version {0}")
    @ValueSource(booleans = {false, true})
    void anEarlierVersionOfNoItemIsReadOnlyWithTheEmptySetsBody(boolean firstVersion) throws IOException {
        FilterSpec spec = FilterSpec.of(10, 0.01);
        RibbonLayout layout = RibbonLayout.of(1, RibbonLayout.MIN_SLOTS, ResultBits.forFpp(0.01));
        long[] words = SolutionWords.allocate((int) layout.words());
        RibbonFilter<Long> empty = new RibbonFilter<>(spec, KeyHasher.longs(), 0, 3, layout, new byte[1],
                new HeapSolution(words), firstVersion);
        RibbonFilter<Long> read = read(FilterBytes.of(empty));
        assertThat(read.approximateCount()).isZero();
        assertThat(read.expectedFpp()).isZero();
        assertThat(FilterBytes.of(read)).isEqualTo(FilterBytes.of(empty));
        // The counts whose fewest rows are 256: 1 to 247 (1.036 rows per item).
        assertThat(read(forged(empty, 247)).approximateCount()).isEqualTo(247);
        assertThatThrownBy(() -> read(forged(empty, 248))).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("rows");

        long[] built = words.clone();
        built[built.length - 1] = 1;
        byte[] bytes = FilterBytes.of(new RibbonFilter<>(spec, KeyHasher.longs(), 0, 3, layout, new byte[1],
                new HeapSolution(built), firstVersion));
        assertThatThrownBy(() -> read(bytes)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("a filter of 0 items has the body of the empty set (one shard of 256 rows")
                .hasMessageContaining("a word that is not 0 (word " + (layout.words() - 1) + " of its solution)");
    }

    /** What the empty set's filter says of itself: no item, no false positive, through any reader. */
    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.5, 0.01, 0x1p-32})
    void theEmptySetExpectsNoFalsePositive(double fpp) throws IOException {
        FilterSpec spec = FilterSpec.of(10, fpp);
        RibbonFilter<Long> empty = RibbonFilter.buildFromHashes(spec, KeyHasher.longs(), new long[0]);
        for (MembershipFilter<?> filter : new MembershipFilter<?>[] {empty, read(FilterBytes.of(empty)),
                Filters.create(RibbonProvider.KIND, spec, KeyHasher.longs())}) {
            assertThat(filter.approximateCount()).isZero();
            assertThat(filter.expectedFpp()).isZero();
        }
    }
}
