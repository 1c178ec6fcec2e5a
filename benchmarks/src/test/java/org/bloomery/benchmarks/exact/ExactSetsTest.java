package org.bloomery.benchmarks.exact;

import static org.assertj.core.api.Assertions.assertThat;

import it.unimi.dsi.fastutil.Hash;
import it.unimi.dsi.fastutil.HashCommon;
import java.util.List;
import java.util.stream.Stream;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ExactSetsTest {
    private static final int N = 100_000;

    static Stream<Arguments> setsAndKeyTypes() {
        return ExactSets.entrants().stream()
                .flatMap(e -> Stream.of(KeyType.values()).map(type -> Arguments.of(e.name(), type)));
    }

    @ParameterizedTest
    @MethodSource("setsAndKeyTypes")
    void exactSetsAnswerExactly(String name, KeyType type) {
        Contestant set = entrant(name).create(type, 1_000, Double.NaN);
        KeyGenerator generator = new KeyGenerator(11);
        generator.present(type, 1_000).addTo(set, 0, 1_000);
        assertThat(generator.present(type, 1_000).countContained(set, 0, 1_000)).isEqualTo(1_000);
        assertThat(generator.absent(type, 10_000).countContained(set, 0, 10_000)).isZero();
        assertThat(generator.present(type, 1_000).removeFrom(set, 0, 500)).isZero();
        assertThat(generator.present(type, 1_000).countContained(set, 0, 1_000)).isEqualTo(500);
    }

    /** fastutil documents its table as arraySize(expected, f) slots plus one for the null/zero key. */
    @Test
    void fastutilSizeIsItsDocumentedTableLengthTimesTheElementSize() {
        long slots = HashCommon.arraySize(N, Hash.DEFAULT_LOAD_FACTOR) + 1L;
        assertThat(filledBits("fastutil", KeyType.LONG)).isEqualTo(slots * Long.SIZE);
        assertThat(filledBits("fastutil", KeyType.STRING)).isEqualTo(slots * ReferenceSize.bits());
    }

    /** HPPC sizes its table to a power of two holding n at load factor 0.75, plus one slot for the empty key. */
    @Test
    void hppcSizeIsItsPowerOfTwoTableTimesTheElementSize() {
        long slots = filledBits("hppc", KeyType.LONG) / Long.SIZE;
        long buckets = slots - 1;
        assertThat(Long.bitCount(buckets)).isEqualTo(1);
        assertThat(buckets).isBetween((long) Math.ceil(N / 0.75), (long) Math.ceil(2 * N / 0.75));
        assertThat(filledBits("hppc", KeyType.STRING)).isEqualTo(slots * ReferenceSize.bits());
    }

    @Test
    void hashSetExposesNoSizeSoItIsMeasuredFromTheHeap() {
        assertThat(entrant("hashset").create(KeyType.LONG, 10, Double.NaN).bitSize()).isEmpty();
    }

    @Test
    void referencesAreFourOrEightBytes() {
        assertThat(ReferenceSize.bits()).isIn(32, 64);
    }

    /** Filling to n must not rehash: the size read before and after the keys go in is the same. */
    private static long filledBits(String name, KeyType type) {
        Contestant set = entrant(name).create(type, N, Double.NaN);
        long empty = set.bitSize().orElseThrow();
        new KeyGenerator(1).present(type, N).addTo(set, 0, N);
        long filled = set.bitSize().orElseThrow();
        assertThat(filled).isEqualTo(empty);
        return filled;
    }

    private static Entrant entrant(String name) {
        List<Entrant> all = ExactSets.entrants();
        return all.stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
    }
}
