package org.bloomery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.Filters;
import org.junit.jupiter.api.Test;

/**
 * {@link Filters#choose} over every kind of the project: this module's class path holds every
 * provider, in-process and shared, so this is the list a user with all modules gets.
 */
class ChoosingTest {

    @Test
    void inProcessKindsAreChosenUnlessSharedIsRequired() {
        assertThat(Filters.choose(EnumSet.of(Capability.REMOVE))).extracting(FilterProvider::kind)
                .containsExactly("cuckoo", "counting");
        assertThat(Filters.choose(EnumSet.of(Capability.SHARED, Capability.REMOVE))).extracting(FilterProvider::kind)
                .containsExactly("redis-counting");
        assertThat(Filters.choose(EnumSet.of(Capability.SHARED))).extracting(FilterProvider::kind)
                .containsExactly("redis-classic", "redis-counting", "redis-scalable", "redis-aging");
        assertThat(Filters.choose(EnumSet.of(Capability.SHARED, Capability.WINDOW))).extracting(FilterProvider::kind)
                .containsExactly("redis-aging");
        assertThat(Filters.choose(Set.of())).extracting(FilterProvider::kind)
                .containsExactlyInAnyOrderElementsOf(Filters.providers().stream()
                        .filter(p -> !p.capabilities().contains(Capability.SHARED)).map(FilterProvider::kind).toList())
                .contains("classic", "counting", "scalable", "cuckoo", "fuse");
    }
}
