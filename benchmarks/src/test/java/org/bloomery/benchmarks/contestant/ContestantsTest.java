package org.bloomery.benchmarks.contestant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.bloomery.benchmarks.Lineup;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.bloomery.benchmarks.keys.Keys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every filter adapter (the kinds found and the peers) on both key types. */
class ContestantsTest {
    private static final int N = 10_000;
    private static final int ABSENT = 100_000;

    static Stream<Arguments> filtersAndKeyTypes() {
        return Lineup.everyFilter().stream()
                .flatMap(e -> Stream.of(KeyType.values()).map(type -> Arguments.of(e.name(), e, type)));
    }

    static Stream<Arguments> builtFiltersAndKeyTypes() {
        return filtersAndKeyTypes().filter(a -> ((Entrant) a.get()[1]).builder().isPresent());
    }

    static Stream<Arguments> removableFiltersAndKeyTypes() {
        return filtersAndKeyTypes().filter(a -> ((Entrant) a.get()[1]).can(Ability.REMOVE));
    }

    /**
     * No false negatives, a size between the lower bound log2(1/ε) = 6.64 bits and 32 bits per cell
     * × 10 cells per element, and a false-positive rate plausibly near 1%: 100,000 absent queries
     * at a true rate of at most 3% (CuckooFilter4J's worst) expect at most 3,000 hits, σ ≈ 54, so the
     * 5% bound (5,000) is more than 35σ away, yet a filter answering "maybe" at random fails it.
     */
    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("filtersAndKeyTypes")
    void holdsEveryKeyAndAnswersLikeAFilter(String name, Entrant entrant, KeyType type) {
        KeyGenerator generator = new KeyGenerator(5);
        Keys present = generator.present(type, N);
        Contestant contestant;
        if (entrant.can(Ability.STATIC)) {
            contestant = entrant.builder().orElseThrow().build(type, present.longs(0, N), 0.01);
        } else {
            contestant = entrant.create(type, N, 0.01);
            present.addTo(contestant, 0, N);
        }
        answersLikeAFilter(generator, present, contestant);
    }

    /** Every contestant that can be built from a whole set (the static workload's path) holds it too. */
    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("builtFiltersAndKeyTypes")
    void builtFromTheWholeSetHoldsIt(String name, Entrant entrant, KeyType type) {
        KeyGenerator generator = new KeyGenerator(5);
        Keys present = generator.present(type, N);
        answersLikeAFilter(generator, present, entrant.builder().orElseThrow().build(type, present.longs(0, N), 0.01));
    }

    private static void answersLikeAFilter(KeyGenerator generator, Keys present, Contestant contestant) {
        assertThat(present.countContained(contestant, 0, N)).isEqualTo(N);
        assertThat(generator.absent(present.type(), ABSENT).countContained(contestant, 0, ABSENT))
                .isLessThan(ABSENT / 20);
        assertThat(contestant.bitSize()).isPresent();
        assertThat(contestant.bitSize().getAsLong() / (double) N).isBetween(6.64, 320.0);
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("removableFiltersAndKeyTypes")
    void removesWhatItHolds(String name, Entrant entrant, KeyType type) {
        KeyGenerator generator = new KeyGenerator(6);
        Keys present = generator.present(type, N);
        Contestant contestant = entrant.create(type, N, 0.01);
        present.addTo(contestant, 0, N);
        assertThat(present.removeFrom(contestant, 0, N / 2)).isZero();
        // The kept half must all be there; of the removed half only false positives (~1%) may remain.
        assertThat(present.countContained(contestant, N / 2, N)).isEqualTo(N / 2);
        assertThat(present.countContained(contestant, 0, N / 2)).isLessThan(N / 20);
    }

    /** Guava sizes m = (long) (−n·ln p / ln² 2) rounded up to whole 64-bit words: 95,872 bits here. */
    @Test
    void guavaSizeIsReadFromItsSerializedForm() {
        Contestant guava = GuavaBloomContestant.entrant().create(KeyType.LONG, 10_000, 0.01);
        assertThat(guava.bitSize()).hasValue(95_872);
    }

    /** Commons Collections' counting filter spends one 32-bit int per bit of the same shape. */
    @Test
    void commonsCountingSpendsThirtyTwoBitsPerCell() {
        long simple = CommonsSimpleBloomContestant.entrant().create(KeyType.LONG, 10_000, 0.01).bitSize().orElseThrow();
        long counting = CommonsCountingBloomContestant.entrant().create(KeyType.LONG, 10_000, 0.01).bitSize()
                .orElseThrow();
        assertThat(counting).isEqualTo(32 * simple);
    }
}
