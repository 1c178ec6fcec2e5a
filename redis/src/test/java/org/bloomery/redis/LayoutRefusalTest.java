package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Redis kinds store the standard and blocked layouts only, and say so when asked for the
 * sectored or patterned one.
 */
class LayoutRefusalTest {
    private static FilterSpec spec(String layout) {
        return FilterSpec.of(1000, 0.01).withOption("layout", layout);
    }

    static Stream<Arguments> cellKindsAndLayouts() {
        return Stream.of(CellKind.values())
                .flatMap(cells -> Stream.of("sectored", "patterned").map(layout -> Arguments.of(cells, layout)));
    }

    @ParameterizedTest
    @MethodSource("cellKindsAndLayouts")
    void bloomKindsRefuseTheLayout(CellKind cells, String layout) {
        assertThatThrownBy(() -> RedisCellsOptions.read(cells, spec(layout), layout))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("option 'layout' of kind '" + cells.kind() + "' must be 'standard' or 'blocked'")
                .hasMessageEndingWith("got '" + layout + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sectored", "patterned"})
    void theScalableKindRefusesTheLayout(String layout) {
        assertThatThrownBy(() -> RedisScalableOptions.read(spec(layout), layout))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be 'standard' or 'blocked' (the Redis kinds do not store the " + layout
                        + " layout), got '" + layout + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sectored", "patterned"})
    void theAgingKindRefusesTheLayout(String layout) {
        assertThatThrownBy(() -> RedisAgingOptions.read(spec(layout).withOption("window", "1000"), layout))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be 'standard' or 'blocked' (the Redis kinds do not store the " + layout
                        + " layout), got '" + layout + "'");
    }
}
