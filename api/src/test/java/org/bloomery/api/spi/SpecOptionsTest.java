package org.bloomery.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.internal.PlainNumbers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SpecOptionsTest {
    private static final FilterSpec SPEC = FilterSpec.of(10, 0.01)
            .withOption("bits", "640").withOption("ratio", "0.5").withOption("flag", "true");

    @Test
    void readsTypedValuesWithDefaults() {
        SpecOptions options = SpecOptions.of(SPEC, "demo", Set.of("bits", "ratio", "flag", "hashes"));
        assertThat(options.longValue("bits", 64, 1024, 0)).isEqualTo(640);
        assertThat(options.longValue("hashes", 1, 64)).isEmpty();
        assertThat(options.longValue("hashes", 1, 64, 7)).isEqualTo(7);
        assertThat(options.doubleValue("ratio", 0, 1, 0.9)).isEqualTo(0.5);
        assertThat(options.booleanValue("flag", false)).isTrue();
        assertThat(options.booleanValue("hashes", false)).isFalse();
    }

    @Test
    void namesTheKindTheOptionTheValueAndTheRange() {
        assertThatThrownBy(() -> SpecOptions.of(SPEC, "demo", Set.of("bits")))
                .hasMessageContaining("kind 'demo' has no option 'flag'").hasMessageContaining("[bits]");
        SpecOptions options = SpecOptions.of(SPEC, "demo", Set.of("bits", "ratio", "flag"));
        assertThatThrownBy(() -> options.longValue("bits", 1, 100))
                .hasMessage("option 'bits' of kind 'demo' must be an integer in [1, 100], got '640'");
        assertThatThrownBy(() -> options.doubleValue("ratio", 0.5, 1, 0.9)).hasMessageContaining("open range (0.5, 1.0)");
        SpecOptions bad = SpecOptions.of(FilterSpec.of(1, 0.5).withOption("flag", "yes").withOption("bits", "x"), "demo",
                Set.of("bits", "flag"));
        assertThatThrownBy(() -> bad.booleanValue("flag", false)).hasMessageContaining("true or false, got 'yes'");
        assertThatThrownBy(() -> bad.longValue("bits", 1, 2)).hasMessageContaining("got 'x'");
    }

    /** Java's parsers take '+64', '0x1p-1' and '0.5f'; options take plain decimal numbers only. */
    @ParameterizedTest
    @ValueSource(strings = {"+64", "0x40", "64L", "6_4", "64.0", " ", "", "-"})
    void integersArePlainDecimalOnly(String text) {
        SpecOptions options = SpecOptions.of(FilterSpec.of(10, 0.01).withOption("bits", text), "demo", Set.of("bits"));
        assertThatThrownBy(() -> options.longValue("bits", -100, 100))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got '" + text + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x1p-1", "0.5f", "0.5d", "0.5F", "+0.5", "NaN", "Infinity", "0.5e", ".", "1e+", "0,5"})
    void realNumbersArePlainDecimalOnly(String text) {
        SpecOptions options = SpecOptions.of(FilterSpec.of(10, 0.01).withOption("ratio", text), "demo", Set.of("ratio"));
        assertThatThrownBy(() -> options.doubleValue("ratio", 0, 1, 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got '" + text + "'");
    }

    /**
     * A value has one spelling, case and whitespace included, so that a filter's header, which
     * holds the values as given, reads back as it was written.
     */
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"SECTORED", "Sectored", "sectored ", " sectored", "sectored\n", "\tsectored"})
    void anEnumValueIsExact(String text) {
        FilterSpec spec = FilterSpec.of(10, 0.01).withOption("layout", text);
        assertThatThrownBy(() -> SpecOptions.enumValue(spec, "demo", "layout", Layout.STANDARD))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option 'layout' of kind 'demo' must be 'standard' or 'sectored', got '" + text + "'");
        assertThat(SpecOptions.enumValue(FilterSpec.of(10, 0.01).withOption("layout", "sectored"), "demo", "layout",
                Layout.STANDARD)).isEqualTo(Layout.SECTORED);
    }

    /** An enum whose constants are option values. */
    private enum Layout {
        STANDARD, SECTORED
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"TRUE", "True", "true ", " true", "FALSE", "false\n"})
    void aBooleanValueIsExact(String text) {
        SpecOptions options = SpecOptions.of(FilterSpec.of(10, 0.01).withOption("flag", text), "demo", Set.of("flag"));
        assertThatThrownBy(() -> options.booleanValue("flag", false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option 'flag' of kind 'demo' must be true or false, got '" + text + "'");
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {" 64", "64 ", "64\n", "\t64"})
    void aNumberValueHasNoSurroundingWhitespace(String text) {
        SpecOptions options = SpecOptions.of(FilterSpec.of(10, 0.01).withOption("bits", text).withOption("ratio",
                text.replace("64", "0.5")), "demo", Set.of("bits", "ratio"));
        assertThatThrownBy(() -> options.longValue("bits", 1, 100)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got '" + text + "'");
        assertThatThrownBy(() -> options.doubleValue("ratio", 0, 1, 0.9)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got '" + text.replace("64", "0.5") + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.5", ".5", "5e-1", "50E-2", "0.50", "-0.5e0"})
    void plainDecimalNumbersAreRead(String text) {
        assertThat(PlainNumbers.decimal(text)).hasValue(Double.parseDouble(text));
    }
}
