package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;

class CuckooProviderTest {

    @Test
    void registersKindCuckooWithRemoveConcurrentAndGrow() {
        FilterProvider provider = Filters.provider("cuckoo").orElseThrow();
        assertThat(provider).isInstanceOf(CuckooProvider.class);
        assertThat(provider.capabilities())
                .isEqualTo(Set.of(Capability.REMOVE, Capability.CONCURRENT, Capability.ADD, Capability.GROW));
        assertThat(provider.description()).contains("bucketSize", "fingerprintBits", "maxKicks", "expansion");
        MembershipFilter<CharSequence> filter =
                Filters.create("cuckoo", FilterSpec.of(1000, 0.01), KeyHasher.strings());
        assertThat(filter).isInstanceOf(CuckooFilter.class);
        assertThat(filter.capabilities()).isEqualTo(Set.of(Capability.REMOVE, Capability.CONCURRENT, Capability.ADD));
    }

    /** A filter built with expansion grows and says so; choose finds the kind for GROW. */
    @Test
    void aFilterWithExpansionDeclaresGrowAndChooseFindsTheKind() {
        MembershipFilter<CharSequence> growing = Filters.create("cuckoo",
                FilterSpec.of(1000, 0.01).withOption("expansion", "2"), KeyHasher.strings());
        assertThat(growing.capabilities()).contains(Capability.GROW);
        assertThat(Filters.choose(EnumSet.of(Capability.GROW))).extracting(FilterProvider::kind).contains("cuckoo");
        assertThat(Filters.choose(EnumSet.of(Capability.GROW, Capability.REMOVE))).extracting(FilterProvider::kind)
                .containsExactly("cuckoo");
    }

    @Test
    void badOptionsAreRejectedThroughTheFacade() {
        assertThatThrownBy(() -> Filters.create("cuckoo", FilterSpec.of(1000, 0.01).withOption("bucketSize", "5"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bucketSize").hasMessageContaining("2, 4 or 8");
        assertThatThrownBy(() -> Filters.create("cuckoo", FilterSpec.of(1000, 0.01).withOption("kicks", "5"),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxKicks");
    }

    @Test
    void exposesItsShape() {
        CuckooFilter<Long> filter = TestFilters.create(10_000, 0.001, "bucketSize", "8");
        assertThat(filter.bucketSize()).isEqualTo(8);
        assertThat(filter.fingerprintBits()).isEqualTo(14);
        assertThat(filter.buckets()).isEqualTo(CuckooShape.bucketsFor(10_000, 8, 14));
        assertThat(filter.bitSize()).isEqualTo(64L * PackedBucketFingerprints.wordsFor(14, (int) filter.buckets() * 8));
        assertThat(filter.loadFactor()).isZero();
        assertThat(filter.toString()).contains("b=8", "f=14");
    }
}
