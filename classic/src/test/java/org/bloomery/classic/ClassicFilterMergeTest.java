package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collector;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Merge (OR), intersection (AND), their refusals, the collector and copies. */
class ClassicFilterMergeTest {
    private static final long SEED = 0x3E_0001L;
    private static final int N = 100_000;
    private static final FilterSpec SPEC = FilterSpec.of(N, 0.01);

    private static String key(long seed, int i) {
        return TestKeys.string(TestKeys.presentLong(seed, i));
    }

    private static ClassicFilter<CharSequence> filled(FilterSpec spec, long seed, int from, int to) {
        ClassicFilter<CharSequence> filter = ClassicFilter.create(spec, KeyHasher.strings());
        for (int i = from; i < to; i++) {
            filter.add(key(seed, i));
        }
        return filter;
    }

    static Stream<FilterSpec> specs() {
        return Stream.of(
                SPEC,
                FilterSpec.of(N, 0.0001),
                FilterSpec.of(N, 0.1).withOption("bits", "100000").withOption("hashes", "2"),
                FilterSpec.of(50, 0.01));
    }

    @ParameterizedTest
    @MethodSource("specs")
    void mergingTwoHalvesGivesTheWholeBitForBit(FilterSpec spec) throws IOException {
        int n = (int) Math.min(N, spec.expectedInsertions());
        ClassicFilter<CharSequence> whole = filled(spec, SEED, 0, n);
        ClassicFilter<CharSequence> merged = filled(spec, SEED, 0, n / 2);
        ClassicFilter<CharSequence> secondHalf = filled(spec, SEED, n / 2, n);
        byte[] secondHalfBefore = FilterBytes.of(secondHalf);

        merged.mergeFrom(secondHalf);

        assertThat(FilterBytes.of(merged)).isEqualTo(FilterBytes.of(whole));
        assertThat(FilterBytes.of(secondHalf)).as("the merged-in filter").isEqualTo(secondHalfBefore);
        assertThat(merged.approximateCount()).isEqualTo(whole.approximateCount());
        // Reading checks the stored set-bit count against the words, so the live count the merge
        // kept up to date must be exact.
        ClassicFilter<CharSequence> read = ClassicFilter.readFrom(
                new ByteArrayInputStream(FilterBytes.of(merged)), KeyHasher.strings());
        assertThat(read.approximateCount()).isEqualTo(whole.approximateCount());
    }

    @Test
    void intersectionAnswersTrueExactlyWhereBothDid() throws IOException {
        // a holds shared keys and its own; b holds the same shared keys and others of its own.
        ClassicFilter<CharSequence> a = filled(SPEC, SEED, 0, N / 2);
        ClassicFilter<CharSequence> b = filled(SPEC, SEED, 0, N / 4);
        for (int i = 0; i < N / 2; i++) {
            b.add(key(SEED + 1, i));
        }
        ClassicFilter<CharSequence> both = a.copy();

        both.intersectWith(b);

        // An item's bits are all set in the AND exactly when they are all set in each filter, so
        // the answers must agree with (a && b) for every item, added to either or to neither.
        for (long seed = SEED; seed <= SEED + 2; seed++) {
            for (int i = 0; i < N / 2; i++) {
                long hash = KeyHasher.hashString(key(seed, i));
                boolean expected = a.mightContainHash(hash) && b.mightContainHash(hash);
                if (both.mightContainHash(hash) != expected) {
                    throw new AssertionError("key " + i + " of seed " + seed + ": AND answers " + !expected);
                }
            }
        }
        for (int i = 0; i < N / 4; i++) {
            assertThat(both.mightContain(key(SEED, i))).as("shared key %d", i).isTrue();
        }
        assertThat(both.approximateCount()).isLessThan(a.approximateCount()).isLessThan(b.approximateCount());
        ClassicFilter<CharSequence> read = ClassicFilter.readFrom(
                new ByteArrayInputStream(FilterBytes.of(both)), KeyHasher.strings());
        assertThat(read.approximateCount()).isEqualTo(both.approximateCount());
    }

    @Test
    void intersectingWithAnEmptyFilterEmptiesAndWithItselfChangesNothing() {
        ClassicFilter<CharSequence> filter = filled(SPEC, SEED, 0, N / 10);
        byte[] before = FilterBytes.of(filter);

        filter.intersectWith(filter);
        assertThat(FilterBytes.of(filter)).isEqualTo(before);

        filter.intersectWith(ClassicFilter.create(SPEC, KeyHasher.strings()));
        assertThat(filter.approximateCount()).isZero();
        assertThat(filter.mightContain(key(SEED, 0))).isFalse();
    }

    static Stream<Arguments> incompatibleFilters() {
        KeyHasher<CharSequence> byLength = KeyHasher.of("test:length", s -> KeyHasher.hashLong(s.length()));
        return Stream.of(
                Arguments.of(ClassicFilter.create(SPEC.withOption("bits", "2000000"), KeyHasher.strings()),
                        "differ in bits m (958528 here, 2000000 in the other)"),
                Arguments.of(ClassicFilter.create(SPEC.withOption("hashes", "5"), KeyHasher.strings()),
                        "differ in hashes k (7 here, 5 in the other)"),
                Arguments.of(ClassicFilter.create(SPEC, byLength),
                        "differ in hasher id ('xxh64:utf8' here, 'test:length' in the other)"));
    }

    @ParameterizedTest
    @MethodSource("incompatibleFilters")
    void incompatibleFiltersAreRefusedWithTheDifferenceNamed(ClassicFilter<CharSequence> other, String difference) {
        ClassicFilter<CharSequence> filter = filled(SPEC, SEED, 0, 1000);
        other.add(key(SEED + 1, 0));
        byte[] before = FilterBytes.of(filter);

        assertThat(filter.isCompatible(other)).isFalse();
        assertThat(other.isCompatible(filter)).isFalse();
        assertThatThrownBy(() -> filter.mergeFrom(other)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot merge classic filters that " + difference);
        assertThatThrownBy(() -> filter.intersectWith(other)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot intersect classic filters that " + difference);
        assertThat(FilterBytes.of(filter)).as("the refusing filter").isEqualTo(before);
    }

    @Test
    void filtersWithTheSameShapeAndHasherMergeEvenIfTheirSpecsDiffer() {
        ClassicFilter<CharSequence> filter = filled(SPEC, SEED, 0, 1000);
        FilterSpec sameShape = FilterSpec.of(7, 0.5).withOption("bits", "958528").withOption("hashes", "7");
        ClassicFilter<CharSequence> other = filled(sameShape, SEED + 1, 0, 1000);

        assertThat(filter.isCompatible(other)).isTrue();
        filter.mergeFrom(other);

        assertThat(filter.spec()).isEqualTo(SPEC);
        for (int i = 0; i < 1000; i++) {
            assertThat(filter.mightContain(key(SEED + 1, i))).isTrue();
        }
    }

    @Test
    void parallelCollectorGivesTheSequentialBuildAndUsesTheMerge() {
        Collector<CharSequence, ?, ClassicFilter<CharSequence>> collector = ClassicFilter.toFilter(SPEC, KeyHasher.strings());
        AtomicInteger partFilters = new AtomicInteger();
        Collector<CharSequence, ?, ClassicFilter<CharSequence>> counted = countingSupplies(collector, partFilters);

        ClassicFilter<CharSequence> parallel = IntStream.range(0, N).parallel()
                .mapToObj(i -> (CharSequence) key(SEED, i)).collect(counted);
        ClassicFilter<CharSequence> sequential = IntStream.range(0, N)
                .mapToObj(i -> (CharSequence) key(SEED, i)).collect(collector);

        assertThat(partFilters.get()).as("filters the parallel stream filled and merged").isGreaterThan(1);
        assertThat(FilterBytes.of(parallel)).isEqualTo(FilterBytes.of(filled(SPEC, SEED, 0, N)));
        assertThat(FilterBytes.of(sequential)).isEqualTo(FilterBytes.of(parallel));
    }

    private static <T, A, R> Collector<T, A, R> countingSupplies(Collector<T, A, R> collector, AtomicInteger count) {
        return Collector.of(() -> {
            count.incrementAndGet();
            return collector.supplier().get();
        }, collector.accumulator(), collector.combiner(), collector.finisher(),
                collector.characteristics().toArray(Collector.Characteristics[]::new));
    }

    @Test
    void collectorChecksTheSpecWhenMade() {
        assertThatThrownBy(() -> ClassicFilter.toFilter(SPEC.withOption("hashes", "0"), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'hashes'");
    }

    @Test
    void copiesAreIndependent() {
        ClassicFilter<CharSequence> original = filled(SPEC, SEED, 0, 1000);
        ClassicFilter<CharSequence> copy = original.copy();
        assertThat(FilterBytes.of(copy)).isEqualTo(FilterBytes.of(original));
        assertThat(copy.isCompatible(original)).isTrue();
        String onlyInCopy = firstAbsent(original, SEED + 1);
        String onlyInOriginal = firstAbsent(original, SEED + 2);

        copy.add(onlyInCopy);
        original.add(onlyInOriginal);

        assertThat(original.mightContain(onlyInCopy)).isFalse();
        assertThat(copy.mightContain(onlyInOriginal)).isFalse();
        original.clear();
        assertThat(copy.mightContain(key(SEED, 0))).isTrue();
        assertThat(copy.approximateCount()).isPositive();
    }

    /** A key of the seed that the filter answers false for, so adding it elsewhere is visible. */
    private static String firstAbsent(ClassicFilter<CharSequence> filter, long seed) {
        return IntStream.range(0, 100).mapToObj(i -> key(seed, i)).filter(k -> !filter.mightContain(k))
                .findFirst().orElseThrow();
    }
}
