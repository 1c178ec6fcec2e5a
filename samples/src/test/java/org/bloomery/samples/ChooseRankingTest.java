package org.bloomery.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Filters#choose} ranks the kinds found (every in-process kind is on this module's class
 * path) by their bits per item at the spec, the smallest first, for every capability set and spec.
 */
class ChooseRankingTest {
    static Stream<Arguments> choices() {
        List<Arguments> choices = new ArrayList<>();
        for (Set<Capability> required : List.<Set<Capability>>of(Set.of(), EnumSet.of(Capability.REMOVE),
                EnumSet.of(Capability.GROW), EnumSet.of(Capability.MERGE), EnumSet.of(Capability.ADD))) {
            for (double fpp : new double[] {0.01, 0.001}) {
                choices.add(Arguments.of(required, fpp));
            }
        }
        return choices.stream();
    }

    @ParameterizedTest(name = "{0} at fpp={1}")
    @MethodSource("choices")
    void theSmallestKindComesFirst(Set<Capability> required, double fpp) {
        FilterSpec spec = FilterSpec.of(Filters.CHOICE_PROBE_ITEMS, fpp);
        List<FilterProvider> chosen = Filters.choose(required, spec);
        assertThat(chosen).isNotEmpty().allMatch(p -> p.capabilities().containsAll(required));
        long[] keys = new java.util.SplittableRandom(fpp == 0.01 ? 1 : 2).longs(Filters.CHOICE_PROBE_ITEMS).toArray();
        double previous = 0;
        boolean unmeasured = false;
        for (FilterProvider provider : chosen) {
            MembershipFilter<Long> filter;
            try {
                filter = Filters.buildFromLongs(provider.kind(), spec, keys);
            } catch (IllegalArgumentException needsOptions) {
                // A kind that cannot be built at the bare spec (aging needs its window) ranks last.
                unmeasured = true;
                continue;
            }
            assertThat(unmeasured).as("%s, which builds at the spec, ranked after a kind that cannot",
                    provider.kind()).isFalse();
            double bits = (double) filter.bitSize() / keys.length;
            assertThat(bits).as("bits per item of %s, ranked after one of %.2f", provider.kind(), previous)
                    .isGreaterThanOrEqualTo(previous);
            previous = bits;
        }
    }

    @ParameterizedTest(name = "fpp={0}")
    @MethodSource("removeFpps")
    void theSmallerDeletableKindIsCuckoo(double fpp) {
        assertThat(Filters.choose(EnumSet.of(Capability.REMOVE), FilterSpec.of(1_000_000, fpp)))
                .extracting(FilterProvider::kind).containsExactly("cuckoo", "counting");
    }

    static Stream<Double> removeFpps() {
        return Stream.of(0.01, 0.001, 0.0001);
    }
}
