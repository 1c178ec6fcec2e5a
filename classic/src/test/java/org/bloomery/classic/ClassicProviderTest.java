package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;

/** The provider as {@link Filters} finds it on the class path. */
class ClassicProviderTest {
    @Test
    void filtersCreatesATypedBloomFilter() {
        MembershipFilter<CharSequence> filter = Filters.create("classic", FilterSpec.of(1000, 0.01), KeyHasher.strings());

        assertThat(filter).isInstanceOf(ClassicFilter.class);
        assertThat(filter.capabilities()).containsExactlyInAnyOrder(Capability.CONCURRENT, Capability.MERGE, Capability.ADD);
        assertThat(Filters.choose(Set.of(Capability.MERGE, Capability.CONCURRENT)))
                .extracting(FilterProvider::kind).contains("classic");
    }

    @Test
    void descriptionListsBothOptions() {
        FilterProvider provider = Filters.provider("classic").orElseThrow();

        assertThat(provider).isInstanceOf(ClassicProvider.class);
        assertThat(provider.description()).contains("bits").contains("hashes").contains("16 GiB");
    }

    @Test
    void propertiesPassTheOptions() {
        Properties properties = new Properties();
        properties.setProperty(Filters.KIND_PROPERTY, "classic");
        properties.setProperty(Filters.EXPECTED_INSERTIONS_PROPERTY, "1000");
        properties.setProperty(Filters.FPP_PROPERTY, "0.01");
        properties.setProperty(Filters.OPTION_PREFIX + "bits", "4096");
        properties.setProperty(Filters.OPTION_PREFIX + "hashes", "3");

        MembershipFilter<CharSequence> filter = Filters.fromProperties(properties, KeyHasher.strings());

        assertThat(filter.bitSize()).isEqualTo(4096);
        assertThat(((ClassicFilter<?>) filter).hashes()).isEqualTo(3);
    }
}
