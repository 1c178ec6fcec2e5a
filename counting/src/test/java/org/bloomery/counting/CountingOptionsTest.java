package org.bloomery.counting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.bloom.BloomShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CountingOptionsTest {
    private static final FilterSpec BASE = FilterSpec.of(1_000, 0.01);

    @Test
    void withoutOptionsTheShapeIsTheClassicOptimum() {
        assertThat(CountingOptions.shape(FilterSpec.of(1_000_000, 0.01))).isEqualTo(BloomShape.optimal(1_000_000, 0.01));
        assertThat(CountingOptions.shape(FilterSpec.of(1, 0.5))).isEqualTo(new BloomShape(64, 1));
    }

    @Test
    void eachOptionReplacesItsOwnPartOfTheShape() {
        BloomShape optimal = BloomShape.optimal(1_000, 0.01);
        assertThat(CountingOptions.shape(BASE.withOption("counters", "100"))).isEqualTo(new BloomShape(128, optimal.hashes()));
        assertThat(CountingOptions.shape(BASE.withOption("hashes", "13"))).isEqualTo(new BloomShape(optimal.cells(), 13));
        assertThat(CountingOptions.shape(BASE.withOption("counters", "17179869184").withOption("hashes", "64")))
                .as("the largest shape, computed without allocating it").isEqualTo(new BloomShape(1L << 34, 64));
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                Arguments.of("counters", "63", "[64, 17179869184]"),
                Arguments.of("counters", "-1", "[64, 17179869184]"),
                Arguments.of("counters", "17179869185", "2^34 counters (8 GiB"),
                Arguments.of("counters", "lots", "[64, 17179869184]"),
                Arguments.of("hashes", "0", "[1, 64]"),
                Arguments.of("hashes", "65", "[1, 64]"),
                Arguments.of("hashes", "7.5", "[1, 64]"),
                Arguments.of("bits", "1024", "has no option 'bits'; its options are [counters, hashes, layout, writers]"),
                Arguments.of("writers", "two", "option 'writers' of kind 'counting' must be 'many' or 'single', got 'two'"));
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badOptions")
    void aBadOptionIsRejectedNamingItAndTheRange(String key, String value, String range) {
        FilterSpec spec = BASE.withOption(key, value);
        assertThatThrownBy(() -> Filters.create("counting", spec, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + key + "'")
                .hasMessageContaining(range);
    }

    @Test
    void aSpecNeedingMoreThanTwoToTheThirtyFourCountersIsRejected() {
        // 2e9 items at 1% need about 1.9e10 counters: under the api's 2^37 but over 2^34.
        assertThatThrownBy(() -> CountingFilter.create(FilterSpec.of(2_000_000_000L, 0.01), KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2000000000 insertions at fpp 0.01 need 19170116755 counters")
                .hasMessageContaining("more than kind 'counting' allows: 2^34 counters (8 GiB");
        assertThatThrownBy(() -> CountingFilter.create(FilterSpec.of(Long.MAX_VALUE, 0.01), KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("need 8.841e+19 counters")
                .hasMessageContaining("more than kind 'counting' allows: 2^34 counters (8 GiB");
    }

    @Test
    void nullArgumentsAreRejected() {
        assertThatThrownBy(() -> CountingFilter.create(null, KeyHasher.longs())).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> CountingFilter.create(BASE, null)).isInstanceOf(NullPointerException.class);
    }
}
