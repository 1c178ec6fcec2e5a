package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;

import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;

/** {@link FilterProvider#forOneWriter}: one writer where the spec leaves the writers open, and the same bits. */
class ForOneWriterTest {
    private final FilterProvider provider = Filters.provider(ClassicProvider.KIND).orElseThrow();

    @Test
    void aSpecThatLeavesTheWritersOpenGetsOneWriter() {
        FilterSpec spec = FilterSpec.of(1_000, 0.01).withOption("layout", "blocked");
        FilterSpec single = provider.forOneWriter(spec);
        assertThat(single.option("writers")).hasValue("single");
        assertThat(single.option("layout")).hasValue("blocked");
        MembershipFilter<Long> filter = provider.create(single, KeyHasher.longs());
        assertThat(filter.capabilities()).doesNotContain(Capability.CONCURRENT);
    }

    @Test
    void aSpecThatChoosesItsWritersKeepsThem() {
        FilterSpec many = FilterSpec.of(1_000, 0.01).withOption("writers", "many");
        assertThat(provider.forOneWriter(many)).isEqualTo(many);
    }

    @Test
    void theOneWriterFilterHasTheSameBitsAndMerges() {
        FilterSpec spec = FilterSpec.of(1_000, 0.01);
        MembershipFilter<Long> shared = provider.create(spec, KeyHasher.longs());
        MembershipFilter<Long> single = provider.create(provider.forOneWriter(spec), KeyHasher.longs());
        for (long key = 0; key < 1_000; key++) {
            single.add(key);
        }
        shared.mergeFrom(single);
        for (long key = 0; key < 1_000; key++) {
            assertThat(shared.mightContain(key)).isTrue();
        }
        assertThat(shared.bitSize()).isEqualTo(single.bitSize());
    }
}
