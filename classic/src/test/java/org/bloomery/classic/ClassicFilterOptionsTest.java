package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The options {@code bits} and {@code hashes}, their validation messages, and removal. */
class ClassicFilterOptionsTest {
    private static final FilterSpec SPEC = FilterSpec.of(1000, 0.01);

    @ParameterizedTest(name = "bits = {0}, hashes = {1}: m = {2}, k = {3}")
    @CsvSource({
        "64, 1, 64, 1",
        "65, 64, 128, 64",
        "100000, 3, 100032, 3",
        "137438953472, , 137438953472, 7",
        ", 3, 9600, 3",
        "12345, , 12352, 7",
    })
    void optionsReplaceTheirOwnPartOfTheShape(String bits, String hashes, long m, int k) {
        FilterSpec spec = SPEC;
        if (bits != null) {
            spec = spec.withOption("bits", bits);
        }
        if (hashes != null) {
            spec = spec.withOption("hashes", hashes);
        }
        if (m > 1L << 31) {
            // Only the shape is under test; a 16 GiB array is not needed for it.
            assertThat(ClassicFilter.shapeOf(spec).cells()).isEqualTo(m);
            assertThat(ClassicFilter.shapeOf(spec).hashes()).isEqualTo(k);
            return;
        }
        ClassicFilter<Long> filter = ClassicFilter.create(spec, KeyHasher.longs());

        assertThat(filter.bitSize()).isEqualTo(m);
        assertThat(filter.hashes()).isEqualTo(k);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "bits | 63 | option 'bits' of kind 'classic' must be an integer in [64, 137438953472], got '63'; the limit is 2^37 bits (16 GiB)",
        "bits | 137438953473 | option 'bits' of kind 'classic' must be an integer in [64, 137438953472], got '137438953473'; the limit is 2^37 bits (16 GiB)",
        "bits | 1e9 | option 'bits' of kind 'classic' must be an integer in [64, 137438953472], got '1e9'; the limit is 2^37 bits (16 GiB)",
        "hashes | 0 | option 'hashes' of kind 'classic' must be an integer in [1, 64], got '0'",
        "hashes | 65 | option 'hashes' of kind 'classic' must be an integer in [1, 64], got '65'",
        "hashes | seven | option 'hashes' of kind 'classic' must be an integer in [1, 64], got 'seven'",
        "blocks | 8 | kind 'classic' has no option 'blocks'; its options are [bits, bitsPerKey, hashes, layout, writers]",
        "writers | two | option 'writers' of kind 'classic' must be 'many' or 'single', got 'two'",
    })
    void badOptionsAreRefusedNamingTheValueAndTheRange(String key, String value, String message) {
        FilterSpec spec = SPEC.withOption(key, value);

        assertThatThrownBy(() -> ClassicFilter.create(spec, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
        assertThatThrownBy(() -> Filters.create("classic", spec, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void aSpecNeedingMoreThanTwoToThe37BitsIsRefused() {
        assertThatThrownBy(() -> ClassicFilter.create(FilterSpec.of(100_000_000_000L, 1e-10), KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("100000000000 insertions at fpp 1.0E-10 need")
                .hasMessageContaining("2^37 bits (16 GiB)");
    }

    @Test
    void removalIsRefusedPointingToKindsThatCanRemove() {
        ClassicFilter<CharSequence> filter = ClassicFilter.create(SPEC, KeyHasher.strings());
        filter.add("kept");

        assertThatThrownBy(() -> filter.remove("kept")).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("'counting'").hasMessageContaining("'cuckoo'");
        assertThatThrownBy(() -> filter.removeHash(KeyHasher.hashString("kept")))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("'counting' or 'cuckoo'");
        assertThat(filter.mightContain("kept")).isTrue();
    }
}
