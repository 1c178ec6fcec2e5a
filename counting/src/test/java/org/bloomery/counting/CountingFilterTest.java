package org.bloomery.counting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.api.spi.Envelope;
import org.bloomery.bloom.BloomProbes;
import org.bloomery.bloom.BloomShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CountingFilterTest {
    private static final long SEED = 42;

    static Stream<FilterSpec> specs() {
        return Stream.of(FilterSpec.of(1_000, 0.01), FilterSpec.of(100_000, 0.001),
                FilterSpec.of(1_000, 0.05).withOption("counters", "4096").withOption("hashes", "3"));
    }

    private static CountingFilter<Long> filledFilter(FilterSpec spec, int items) {
        CountingFilter<Long> filter = CountingFilter.create(spec, KeyHasher.longs());
        for (int i = 0; i < items; i++) {
            filter.add(TestKeys.presentLong(SEED, i));
        }
        return filter;
    }

    /** The distinct counter positions of a hash, as the filter probes them. */
    private static long[] positions(CountingFilter<?> filter, long hash) {
        long[] positions = new long[filter.hashes()];
        long g = hash;
        for (int i = 0; i < positions.length; i++, g += BloomProbes.step(hash)) {
            positions[i] = BloomProbes.position(g, filter.counters());
        }
        return LongStream.of(positions).distinct().toArray();
    }

    @ParameterizedTest
    @MethodSource("specs")
    void sizesAndProbesExactlyAsTheClassicShape(FilterSpec spec) {
        CountingFilter<Long> filter = CountingFilter.create(spec, KeyHasher.longs());
        BloomShape shape = spec.options().isEmpty()
                ? BloomShape.optimal(spec.expectedInsertions(), spec.fpp())
                : new BloomShape(4096, 3);
        assertThat(filter.counters()).isEqualTo(shape.cells());
        assertThat(filter.hashes()).isEqualTo(shape.hashes());
        assertThat(filter.bitSize()).isEqualTo(4 * shape.cells());
    }

    @Test
    void aMillionItemsAtOnePercentTakeFourBitsPerClassicPosition() {
        CountingFilter<Long> filter = CountingFilter.create(FilterSpec.of(1_000_000, 0.01), KeyHasher.longs());
        assertThat(filter.counters()).isEqualTo(9_585_088);
        assertThat(filter.hashes()).isEqualTo(7);
        assertThat(filter.bitSize()).isEqualTo(38_340_352);
    }

    /**
     * Half-fills the filter, then removes keys that were never added and that the filter reports
     * absent (so they are not false positives): every remove answers false and the serialized bytes,
     * statistics included, stay identical.
     */
    @ParameterizedTest
    @MethodSource("specs")
    void removingANeverAddedItemAnswersFalseAndLeavesTheBytesIdentical(FilterSpec spec) {
        CountingFilter<Long> filter = filledFilter(spec, (int) spec.expectedInsertions() / 2);
        byte[] before = FilterBytes.of(filter);
        long nonZero = filter.nonZeroCounters();
        int tried = 0;
        for (int i = 0; i < 2_000; i++) {
            long absent = TestKeys.absentLong(SEED, i);
            if (!filter.mightContain(absent)) {
                assertThat(filter.remove(absent)).as("remove of never-added key #%d", i).isFalse();
                tried++;
            }
        }
        assertThat(tried).isGreaterThan(1_000);
        assertThat(FilterBytes.of(filter)).isEqualTo(before);
        assertThat(filter.nonZeroCounters()).isEqualTo(nonZero);
    }

    @Test
    void countIsTheMultiplicityOfAnItemWithoutCollisions() {
        CountingFilter<Long> filter = CountingFilter.create(FilterSpec.of(1_000, 0.01), KeyHasher.longs());
        long item = TestKeys.presentLong(SEED, 0);
        assertThat(filter.count(item)).isZero();
        assertThat(filter.add(item)).isTrue();
        assertThat(filter.add(item)).isFalse();
        filter.add(item);
        assertThat(filter.count(item)).isEqualTo(3);
        assertThat(filter.countHash(KeyHasher.hashLong(item))).isEqualTo(3);
        assertThat(filter.remove(item)).isTrue();
        assertThat(filter.count(item)).isEqualTo(2);
        assertThat(filter.counterSum()).isEqualTo(2L * filter.hashes());
    }

    /**
     * One item added 20 times saturates its counters at 15; removing it 20 times leaves them at 15
     * (sticky), so it is still reported present. The other items are unaffected: each is still
     * present, and removing all of them clears every counter except the sticky ones.
     */
    @Test
    void saturationIsStickyAndLeavesOtherItemsAlone() {
        int others = 500;
        CountingFilter<Long> filter = filledFilter(FilterSpec.of(1_000, 0.01), others);
        assertThat(filter.saturatedCounters()).isZero();
        long item = TestKeys.absentLong(SEED, 0);
        long[] itemCounters = positions(filter, KeyHasher.hashLong(item));
        for (int i = 0; i < 20; i++) {
            filter.add(item);
        }
        assertThat(filter.count(item)).isEqualTo(15);
        assertThat(filter.saturatedCounters()).isEqualTo(itemCounters.length);
        for (int i = 0; i < 20; i++) {
            assertThat(filter.remove(item)).as("remove #%d of the saturated item", i).isTrue();
        }
        assertThat(filter.mightContain(item)).isTrue();
        assertThat(filter.count(item)).isEqualTo(15);
        for (int i = 0; i < others; i++) {
            assertThat(filter.mightContain(TestKeys.presentLong(SEED, i))).as("other item #%d", i).isTrue();
        }
        for (int i = 0; i < others; i++) {
            assertThat(filter.remove(TestKeys.presentLong(SEED, i))).as("remove of other item #%d", i).isTrue();
        }
        assertThat(filter.nonZeroCounters()).isEqualTo(itemCounters.length);
        assertThat(filter.saturatedCounters()).isEqualTo(itemCounters.length);
        assertThat(filter.counterSum()).isEqualTo(15L * itemCounters.length);
    }

    /**
     * With no counter saturated, merging is exact: the merged filter's bytes equal those of a filter
     * built from both key sets, and removing one set afterwards gives the filter of the other.
     */
    @Test
    void mergeAddsTheCountersOfBothFilters() {
        FilterSpec spec = FilterSpec.of(10_000, 0.01);
        CountingFilter<Long> a = CountingFilter.create(spec, KeyHasher.longs());
        CountingFilter<Long> b = CountingFilter.create(spec, KeyHasher.longs());
        CountingFilter<Long> both = CountingFilter.create(spec, KeyHasher.longs());
        CountingFilter<Long> onlyA = CountingFilter.create(spec, KeyHasher.longs());
        for (int i = 0; i < 4_000; i++) {
            long key = TestKeys.presentLong(SEED, i);
            (i % 2 == 0 ? a : b).add(key);
            both.add(key);
            if (i % 2 == 0) {
                onlyA.add(key);
            }
        }
        byte[] bBefore = FilterBytes.of(b);
        long sum = a.counterSum() + b.counterSum();
        assertThat(a.isCompatible(b)).isTrue();
        a.mergeFrom(b);
        assertThat(both.saturatedCounters()).isZero();
        assertThat(a.counterSum()).isEqualTo(sum);
        assertThat(FilterBytes.of(a)).isEqualTo(FilterBytes.of(both));
        assertThat(a.nonZeroCounters()).isEqualTo(both.nonZeroCounters());
        assertThat(FilterBytes.of(b)).as("the merged-in filter").isEqualTo(bBefore);
        for (int i = 1; i < 4_000; i += 2) {
            a.remove(TestKeys.presentLong(SEED, i));
        }
        assertThat(FilterBytes.of(a)).isEqualTo(FilterBytes.of(onlyA));
    }

    @Test
    void mergeSaturatesCounterWise() {
        FilterSpec spec = FilterSpec.of(1_000, 0.01);
        CountingFilter<Long> a = CountingFilter.create(spec, KeyHasher.longs());
        CountingFilter<Long> b = CountingFilter.create(spec, KeyHasher.longs());
        long item = TestKeys.presentLong(SEED, 0);
        for (int i = 0; i < 10; i++) {
            a.add(item);
            b.add(item);
        }
        a.mergeFrom(b);
        int distinct = positions(a, KeyHasher.hashLong(item)).length;
        assertThat(a.count(item)).isEqualTo(15);
        assertThat(a.saturatedCounters()).isEqualTo(distinct);
        assertThat(a.nonZeroCounters()).isEqualTo(distinct);
        assertThat(a.counterSum()).isEqualTo(15L * distinct);
    }

    @Test
    void mergeWithDifferentSpecsButTheSameShapeIsAllowed() {
        FilterSpec small = FilterSpec.of(1_000, 0.01).withOption("counters", "8192");
        FilterSpec large = FilterSpec.of(5_000, 0.01).withOption("counters", "8192");
        CountingFilter<Long> a = CountingFilter.create(small, KeyHasher.longs());
        CountingFilter<Long> b = CountingFilter.create(large, KeyHasher.longs());
        b.add(7L);
        assertThat(a.isCompatible(b)).isTrue();
        a.mergeFrom(b);
        assertThat(a.mightContain(7L)).isTrue();
        assertThat(a.spec()).isEqualTo(small);
    }

    static Stream<Arguments> incompatibleFilters() {
        FilterSpec base = FilterSpec.of(1_000, 0.01);
        return Stream.of(
                Arguments.of(
                        CountingFilter.create(FilterSpec.of(2_000, 0.01), KeyHasher.longs()), "counters differ"),
                Arguments.of(
                        CountingFilter.create(base.withOption("hashes", "3"), KeyHasher.longs()), "hashes differ"),
                Arguments.of(
                        CountingFilter.<Long>create(base, KeyHasher.of("test:long-identity", Long::longValue)),
                        "hasher ids differ ('xxh3:long-le' and 'test:long-identity')"));
    }

    @ParameterizedTest
    @MethodSource("incompatibleFilters")
    void incompatibleMergeIsRefusedNamingTheMismatch(CountingFilter<Long> other, String mismatch) {
        CountingFilter<Long> filter = filledFilter(FilterSpec.of(1_000, 0.01), 500);
        other.add(TestKeys.absentLong(SEED, 1));
        byte[] before = FilterBytes.of(filter);
        assertThat(filter.isCompatible(other)).isFalse();
        assertThatThrownBy(() -> filter.mergeFrom(other))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(mismatch);
        assertThat(FilterBytes.of(filter)).isEqualTo(before);
    }

    @Test
    void readFromRecountsTheStatistics() throws IOException {
        CountingFilter<Long> filter = filledFilter(FilterSpec.of(1_000, 0.01), 800);
        for (int i = 0; i < 16; i++) {
            filter.add(TestKeys.absentLong(SEED, 0));
        }
        byte[] bytes = FilterBytes.of(filter);
        CountingFilter<Long> read = CountingFilter.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs());
        assertThat(read.nonZeroCounters()).isEqualTo(filter.nonZeroCounters());
        assertThat(read.saturatedCounters()).isEqualTo(filter.saturatedCounters()).isPositive();
        assertThat(read.counterSum()).isEqualTo(filter.counterSum());
        assertThat(read.count(TestKeys.absentLong(SEED, 0))).isEqualTo(15);
        assertThat(FilterBytes.of(read)).isEqualTo(bytes);
    }

    @Test
    void aBodyWhoseCountersDisagreeWithTheSpecIsRejected() {
        CountingFilter<Long> filter = CountingFilter.create(FilterSpec.of(1_000, 0.01), KeyHasher.longs());
        long m = filter.counters();
        byte[] bytes = craftedBody(filter, m + 64, filter.hashes(), (m + 64) / 16);
        assertThatThrownBy(() -> CountingFilter.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("counters = " + (m + 64) + " does not match the spec, which gives " + m);
    }

    @Test
    void aBodyWhoseHashesDisagreeWithTheSpecIsRejected() {
        CountingFilter<Long> filter = CountingFilter.create(FilterSpec.of(1_000, 0.01), KeyHasher.longs());
        byte[] bytes = craftedBody(filter, filter.counters(), 3, filter.counters() / 16);
        assertThatThrownBy(() -> CountingFilter.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("hashes = 3 does not match the spec, which gives 7");
    }

    @Test
    void aBodyClaimingMoreThanTheCounterLimitIsRejectedBeforeAllocating() {
        CountingFilter<Long> filter = CountingFilter.create(FilterSpec.of(1_000, 0.01), KeyHasher.longs());
        byte[] bytes = craftedBody(filter, Long.MAX_VALUE, filter.hashes(), 0);
        assertThatThrownBy(() -> CountingFilter.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("counters = " + Long.MAX_VALUE + " is outside [64, 17179869184]");
    }

    /** An envelope around a hand-written body: m, k and {@code words} zero words. */
    private static byte[] craftedBody(CountingFilter<Long> filter, long m, int k, long words) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            Envelope.write(out, filter, 12 + 8 * words, body -> {
                body.writeLong(m);
                body.writeInt(k);
                body.writeLongs(new long[(int) words], 0, (int) words);
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    @Test
    void theProviderBuildsCountingFiltersWithTheirCapabilities() {
        MembershipFilter<Long> filter = Filters.create("counting", FilterSpec.of(1_000, 0.01), KeyHasher.longs());
        assertThat(filter).isInstanceOf(CountingFilter.class);
        assertThat(filter.capabilities())
                .containsExactlyInAnyOrder(Capability.CONCURRENT, Capability.REMOVE, Capability.MERGE, Capability.ADD);
        assertThat(Filters.provider("counting").orElseThrow().description())
                .contains("counters").contains("hashes").contains("2^34");
    }
}
