package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The classic body: a filter read back is typed, compatible and mergeable with the original, and
 * every body field is checked against its range, the spec and the words, even under a valid
 * checksum.
 */
class ClassicFilterSerializationTest {
    private static final long SEED = 0x5E_41A1L;
    private static final FilterSpec SPEC = FilterSpec.of(1000, 0.01);
    /**
     * m (8 bytes), k (4), the layout (1), zeros to body offset 64 (a cache line), m / 8 bytes of
     * words, then the set-bit count (8).
     */
    private static final int WORDS_OFFSET = 64;

    private static ClassicFilter<CharSequence> filled(FilterSpec spec) {
        ClassicFilter<CharSequence> filter = ClassicFilter.create(spec, KeyHasher.strings());
        for (int i = 0; i < 1000; i++) {
            filter.add(TestKeys.string(TestKeys.presentLong(SEED, i)));
        }
        return filter;
    }

    private static ClassicFilter<CharSequence> read(byte[] bytes) throws IOException {
        return ClassicFilter.readFrom(new ByteArrayInputStream(bytes), KeyHasher.strings());
    }

    @Test
    void aFilterReadBackMergesAndIntersectsWithTheOriginal() throws IOException {
        ClassicFilter<CharSequence> original = filled(SPEC);
        byte[] bytes = FilterBytes.of(original);

        ClassicFilter<CharSequence> read = read(bytes);

        assertThat(read.isCompatible(original)).isTrue();
        assertThat(read.hashes()).isEqualTo(original.hashes());
        read.mergeFrom(original);
        read.intersectWith(original);
        original.mergeFrom(read);
        assertThat(FilterBytes.of(read)).isEqualTo(bytes);
        assertThat(FilterBytes.of(original)).isEqualTo(bytes);
    }

    @Test
    void theBodyHoldsMKTheLayoutTheWordsAndTheSetBitCount() {
        ClassicFilter<CharSequence> filter = filled(SPEC);
        byte[] bytes = FilterBytes.of(filter);
        int offset = FilterBytes.bodyOffset(bytes);
        ByteBuffer body = ByteBuffer.wrap(bytes, offset, 21 + 9600 / 8);

        assertThat(body.getLong()).isEqualTo(9600);
        assertThat(body.getInt()).isEqualTo(7);
        assertThat(body.get()).as("layout: standard").isZero();
        for (int i = 13; i < WORDS_OFFSET; i++) {
            assertThat(bytes[offset + i]).as("padding byte %d", i).isZero();
        }
        long count = ByteBuffer.wrap(bytes).getLong(offset + WORDS_OFFSET + 9600 / 8);
        long recount = 0;
        for (int i = offset + WORDS_OFFSET; i < offset + WORDS_OFFSET + 9600 / 8; i++) {
            recount += Integer.bitCount(bytes[i] & 0xFF);
        }
        assertThat(count).isEqualTo(recount).isPositive();
    }

    @Test
    void aSetBitCountThatDisagreesWithTheWordsIsRejected() {
        byte[] bytes = FilterBytes.of(filled(SPEC));
        int count = FilterBytes.bodyOffset(bytes) + WORDS_OFFSET + 9600 / 8;
        ByteBuffer.wrap(bytes).putLong(count, ByteBuffer.wrap(bytes).getLong(count) + 1);
        FilterBytes.reseal(bytes);

        assertThatThrownBy(() -> read(bytes)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("bits are set, but its words hold");
    }

    @Test
    void bitsOrHashesThatDisagreeWithTheSpecAreRejected() {
        byte[] moreBits = FilterBytes.of(filled(SPEC));
        int body = FilterBytes.bodyOffset(moreBits);
        ByteBuffer.wrap(moreBits).putLong(body, 9664);
        FilterBytes.reseal(moreBits);
        byte[] fewerHashes = FilterBytes.of(filled(SPEC));
        ByteBuffer.wrap(fewerHashes).putInt(body + 8, 6);
        FilterBytes.reseal(fewerHashes);

        byte[] blocked = FilterBytes.of(filled(SPEC));
        blocked[body + 12] = 2;
        FilterBytes.reseal(blocked);
        byte[] oldBlocked = FilterBytes.of(filled(SPEC));
        oldBlocked[body + 12] = 1;
        FilterBytes.reseal(oldBlocked);
        byte[] sectored = FilterBytes.of(filled(SPEC));
        sectored[body + 12] = 3;
        FilterBytes.reseal(sectored);
        byte[] patterned = FilterBytes.of(filled(SPEC));
        patterned[body + 12] = 4;
        FilterBytes.reseal(patterned);
        byte[] noLayout = FilterBytes.of(filled(SPEC));
        noLayout[body + 12] = 5;
        FilterBytes.reseal(noLayout);

        assertThatThrownBy(() -> read(moreBits)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("the body holds m = 9664 bits, k = 7 hashes and the standard layout, but its spec"
                        + " gives m = 9600, k = 7 and the standard layout");
        assertThatThrownBy(() -> read(fewerHashes)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("the body holds m = 9600 bits, k = 6 hashes");
        assertThatThrownBy(() -> read(blocked)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("k = 7 hashes and the blocked layout, but its spec gives m = 9600, k = 7 and the"
                        + " standard layout");
        assertThatThrownBy(() -> read(sectored)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("k = 7 hashes and the sectored layout, but its spec gives m = 9600, k = 7 and the"
                        + " standard layout");
        assertThatThrownBy(() -> read(patterned)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("k = 7 hashes and the patterned layout, but its spec gives m = 9600, k = 7 and the"
                        + " standard layout");
        assertThatThrownBy(() -> read(oldBlocked)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("layout 1 is the blocked layout of 0.1.0 snapshots")
                .hasMessageContaining("build the filter again");
        assertThatThrownBy(() -> read(noLayout)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("layout").hasMessageContaining("5");
    }

    @Test
    void aStoredSpecThatMakesNoClassicFilterIsRejected() {
        byte[] bytes = FilterBytes.of(filled(SPEC.withOption("bits", "9600")));
        // The option's value "9600" becomes "96x0", not an integer.
        int value = indexOf(bytes, "9600".getBytes(StandardCharsets.US_ASCII));
        bytes[value + 2] = 'x';
        FilterBytes.reseal(bytes);

        assertThatThrownBy(() -> read(bytes)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("the stored spec does not make a classic filter")
                .hasMessageContaining("got '96x0'");
    }

    /**
     * The header's option values are exact (FORMAT.md): another case or a space around the value
     * is refused, not read as the value it resembles; the value as written reads back.
     */
    @ParameterizedTest(name = "{0}=''{2}''")
    @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, value = {
        "layout|sectored|SECTORED", "layout|sectored|Sectored", "layout|sectored|sectored ",
        "layout|sectored| sectored", "layout|blocked|BLOCKED", "layout|blocked|blocked\t",
        "layout|patterned|Patterned", "writers|single|SINGLE", "writers|single|single ", "bitsPerKey|10| 10", "bitsPerKey|10|10 "})
    void anOptionValueInTheHeaderIsExact(String key, String value, String forged) throws IOException {
        byte[] bytes = FilterBytes.of(filled(SPEC.withOption(key, value)));
        assertThat(read(bytes).spec().option(key)).hasValue(value);
        byte[] crafted = FilterBytes.withOptionValue(bytes, key, forged);
        assertThatThrownBy(() -> read(crafted)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("option '" + key + "' of kind 'classic' must be")
                .hasMessageContaining("got '" + forged + "'");
    }

    private static int indexOf(byte[] bytes, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= bytes.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (bytes[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("pattern not found");
    }
}
