package org.bloomery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FilterSpecTest {

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void rejectsExpectedInsertionsBelowOne(long n) {
        assertThatThrownBy(() -> FilterSpec.of(n, 0.01)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expectedInsertions").hasMessageContaining(Long.toString(n)).hasMessageContaining("at least 1");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, 1.0, -0.5, 1.5, Double.NaN, Double.POSITIVE_INFINITY})
    void rejectsFppOutsideTheOpenUnitInterval(double fpp) {
        assertThatThrownBy(() -> FilterSpec.of(10, fpp)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fpp").hasMessageContaining(String.valueOf(fpp)).hasMessageContaining("(0, 1)");
    }

    @Test
    void optionsAreImmutableSortedAndValidated() {
        FilterSpec spec = FilterSpec.of(100, 0.01).withOption("hashes", "3").withOption("bits", "640");
        assertThat(spec.options().keySet()).containsExactly("bits", "hashes");
        assertThat(spec.option("bits")).contains("640");
        assertThat(spec.option("absent")).isEmpty();
        assertThat(spec.withOption("bits", "128").option("bits")).contains("128");
        assertThat(spec).isEqualTo(FilterSpec.of(100, 0.01).withOption("bits", "640").withOption("hashes", "3"));
        assertThatThrownBy(() -> spec.options().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> spec.withOption("9lives", "x")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("9lives");
        assertThatThrownBy(() -> spec.withOption("a b", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> spec.withOption("k", "v".repeat(2000))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2000");
        assertThatThrownBy(() -> spec.withOption("k", null)).isInstanceOf(NullPointerException.class);
        TreeMap<String, String> many = new TreeMap<>();
        for (int i = 0; i < 65; i++) {
            many.put("k" + i, "v");
        }
        assertThatThrownBy(() -> new FilterSpec(1, 0.5, many)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("65");
    }
}
