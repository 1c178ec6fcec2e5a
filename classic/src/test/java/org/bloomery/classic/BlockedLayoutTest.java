package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.bloom.BloomLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The classic kind's blocked, sectored and patterned layouts and LevelDB sizing, beyond the contract kit. */
class BlockedLayoutTest {
    private static final long SEED = 0xB10CL;

    private static ClassicFilter<Long> filled(FilterSpec spec, long seed, int n) {
        ClassicFilter<Long> filter = ClassicFilter.create(spec, KeyHasher.longs());
        for (int i = 0; i < n; i++) {
            filter.add(TestKeys.presentLong(seed, i));
        }
        return filter;
    }

    @ParameterizedTest
    @EnumSource(value = BloomLayout.class, names = {"BLOCKED", "SECTORED", "PATTERNED"})
    void mergeAndIntersectGiveTheBitsOfTheCombinedSets(BloomLayout layout) throws IOException {
        FilterSpec spec = FilterSpec.of(10_000, 0.01).withOption(BloomLayout.OPTION, layout.optionValue());
        ClassicFilter<Long> a = filled(spec, SEED, 4000);
        ClassicFilter<Long> b = filled(spec, SEED + 1, 4000);
        ClassicFilter<Long> both = filled(spec, SEED, 4000);
        for (int i = 0; i < 4000; i++) {
            both.add(TestKeys.presentLong(SEED + 1, i));
        }
        ClassicFilter<Long> union = a.copy();
        union.mergeFrom(b);
        assertThat(FilterBytes.of(union)).isEqualTo(FilterBytes.of(both));
        assertThat(union.layout()).isEqualTo(layout.optionValue());
        assertThat(union.approximateCount()).isBetween(7600L, 8400L);
        assertThat(union.expectedFpp()).isBetween(0.0, 0.01);

        ClassicFilter<Long> intersection = union.copy();
        intersection.intersectWith(a);
        assertThat(FilterBytes.of(intersection)).isEqualTo(FilterBytes.of(a));
        ClassicFilter<Long> read = ClassicFilter.readFrom(new ByteArrayInputStream(FilterBytes.of(union)), KeyHasher.longs());
        assertThat(read.layout()).isEqualTo(layout.optionValue());
        assertThat(FilterBytes.of(read)[FilterBytes.bodyOffset(FilterBytes.of(read)) + 12])
                .as("the layout byte after m and k").isEqualTo((byte) layout.code());
        assertThat(FilterBytes.of(read)).isEqualTo(FilterBytes.of(union));
    }

    @Test
    void layoutsDoNotCombine() {
        ClassicFilter<Long> blocked = ClassicFilter.create(FilterSpec.of(1000, 0.01).withOption("bits", "10240")
                .withOption("hashes", "7").withOption(BloomLayout.OPTION, "blocked"), KeyHasher.longs());
        ClassicFilter<Long> standard = ClassicFilter.create(FilterSpec.of(1000, 0.01).withOption("bits", "10240")
                .withOption("hashes", "7"), KeyHasher.longs());
        assertThat(blocked.isCompatible(standard)).isFalse();
        assertThatThrownBy(() -> blocked.mergeFrom(standard))
                .hasMessage("cannot merge classic filters that differ in layout (blocked here, standard in the other)");
        assertThat(blocked.toString()).contains("layout=blocked");
        ClassicFilter<Long> sectored = ClassicFilter.create(FilterSpec.of(1000, 0.01).withOption("bits", "10240")
                .withOption("hashes", "6").withOption(BloomLayout.OPTION, "sectored"), KeyHasher.longs());
        assertThat(sectored.isCompatible(blocked)).isFalse();
        assertThatThrownBy(() -> sectored.intersectWith(blocked))
                .hasMessageContaining("differ in layout (sectored here, blocked in the other)");
        assertThat(sectored.toString()).contains("layout=sectored");
        ClassicFilter<Long> patterned = ClassicFilter.create(FilterSpec.of(1000, 0.01).withOption("bits", "10240")
                .withOption("hashes", "6").withOption(BloomLayout.OPTION, "patterned"), KeyHasher.longs());
        assertThat(patterned.isCompatible(sectored)).isFalse();
        assertThatThrownBy(() -> patterned.mergeFrom(sectored))
                .hasMessageContaining("differ in layout (patterned here, sectored in the other)");
        assertThat(patterned.toString()).contains("layout=patterned");
    }

    @Test
    void bitsPerKeySizesAsLevelDb() {
        ClassicFilter<Long> filter = ClassicFilter.create(FilterSpec.of(1_000_000, 0.01).withOption("bitsPerKey", "10"),
                KeyHasher.longs());
        assertThat(filter.bitSize()).isEqualTo(10_000_000);
        assertThat(filter.hashes()).isEqualTo(6);
        assertThatThrownBy(() -> ClassicFilter.create(FilterSpec.of(1000, 0.01).withOption("bitsPerKey", "10")
                .withOption("bits", "9000"), KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("options 'bits' and 'bitsPerKey' of kind 'classic' both set the size");
    }
}
