package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The Redis kinds store the standard and blocked layouts only, and say so when asked for sectored. */
class SectoredRefusalTest {
    private static final FilterSpec SECTORED = FilterSpec.of(1000, 0.01).withOption("layout", "sectored");

    @ParameterizedTest
    @EnumSource(CellKind.class)
    void bloomKindsRefuseTheSectoredLayout(CellKind cells) {
        assertThatThrownBy(() -> RedisCellsOptions.read(cells, SECTORED, "sectored"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("option 'layout' of kind '" + cells.kind() + "' must be 'standard' or 'blocked'")
                .hasMessageEndingWith("got 'sectored'");
    }

    @Test
    void theScalableKindRefusesTheSectoredLayout() {
        assertThatThrownBy(() -> RedisScalableOptions.read(SECTORED, "sectored"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be 'standard' or 'blocked' (the Redis kinds do not store the sectored"
                        + " layout), got 'sectored'");
    }
}
