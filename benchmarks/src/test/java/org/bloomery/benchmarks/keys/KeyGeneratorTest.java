package org.bloomery.benchmarks.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.bloomery.benchmarks.contestant.KeyType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyGeneratorTest {
    private static final int COUNT = 200_000;

    @ParameterizedTest
    @ValueSource(longs = {0, 42, -1, Long.MIN_VALUE})
    void presentAndAbsentKeysAreDisjointAndDistinct(long seed) {
        KeyGenerator generator = new KeyGenerator(seed);
        Set<Long> longs = new HashSet<>();
        Set<String> strings = new HashSet<>();
        for (int i = 0; i < COUNT; i++) {
            assertThat(longs.add(generator.presentLong(i))).isTrue();
            assertThat(longs.add(generator.absentLong(i))).isTrue();
            assertThat(strings.add(generator.presentString(i))).isTrue();
            assertThat(strings.add(generator.absentString(i))).isTrue();
        }
    }

    @Test
    void theSameSeedGivesTheSameKeysAndAnotherSeedOthers() {
        KeyGenerator a = new KeyGenerator(7);
        KeyGenerator b = new KeyGenerator(7);
        KeyGenerator c = new KeyGenerator(8);
        int differences = 0;
        for (int i = 0; i < 1_000; i++) {
            assertThat(a.presentLong(i)).isEqualTo(b.presentLong(i));
            assertThat(a.absentString(i)).isEqualTo(b.absentString(i));
            differences += a.presentLong(i) != c.presentLong(i) ? 1 : 0;
        }
        assertThat(differences).isEqualTo(1_000);
    }

    /**
     * Pins the keys of seed 42 (values computed independently from the documented construction), so
     * that a change to the generator, and so to every report's keys, is noticed.
     */
    @Test
    void keysOfTheDefaultSeedArePinned() {
        KeyGenerator generator = new KeyGenerator(42);
        assertThat(generator.presentLong(0)).isEqualTo(-7500032730674233179L);
        assertThat(generator.absentLong(0)).isEqualTo(-8063550193725593356L);
        assertThat(generator.presentString(0)).isEqualTo("lCAXkf_hqfpTygO8");
        assertThat(generator.absentString(0)).isEqualTo("0jCdCJ9gYAJhFI44");
        assertThat(generator.presentString(999)).isEqualTo("P-WWzwqIAwSyYvI5");
    }

    @Test
    void arraysHoldTheIndexedKeys() {
        KeyGenerator generator = new KeyGenerator(3);
        Keys present = generator.present(KeyType.STRING, 100);
        Keys absent = generator.absent(KeyType.LONG, 100);
        assertThat(present.size()).isEqualTo(100);
        assertThat(present.type()).isEqualTo(KeyType.STRING);
        assertThat(absent.type()).isEqualTo(KeyType.LONG);
        RecordingContestant recorder = new RecordingContestant();
        present.addTo(recorder, 10, 12);
        absent.addTo(recorder, 99, 100);
        assertThat(recorder.strings).containsExactly(generator.presentString(10), generator.presentString(11));
        assertThat(recorder.longs).containsExactly(generator.absentLong(99));
    }

    @Test
    void stringKeysAreSixteenLettersOfTheAlphabet() {
        KeyGenerator generator = new KeyGenerator(1);
        for (int i = 0; i < 10_000; i++) {
            String key = generator.absentString(i);
            assertThat(key).hasSize(KeyGenerator.STRING_KEY_LENGTH);
            assertThat(key.chars()).allMatch(c -> KeyGenerator.ALPHABET.indexOf(c) >= 0);
        }
    }

    @Test
    void sixBitsReadsThe96BitValueInOrder() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 1_000; trial++) {
            long low = random.nextLong();
            int high = random.nextInt();
            // Reassemble the value from the letters and compare with the input.
            long gotLow = 0;
            long gotHigh = 0;
            for (int i = 0; i < 16; i++) {
                long six = KeyGenerator.sixBits(low, high, i);
                int shift = 6 * i;
                if (shift < 64) {
                    gotLow |= six << shift;
                }
                if (shift + 6 > 64) {
                    gotHigh |= shift >= 64 ? six << (shift - 64) : six >>> (64 - shift);
                }
            }
            assertThat(gotLow).isEqualTo(low);
            assertThat(gotHigh).isEqualTo(high & 0xFFFF_FFFFL);
        }
    }

    @Test
    void theLetterAcrossBit63TakesFourLowAndTwoHighBits() {
        // Letter 10 covers bits 60..65: low's top nibble 0b1010, high's bottom two bits 0b01.
        assertThat(KeyGenerator.sixBits(0xA000_0000_0000_0000L, 0b01, 10)).isEqualTo(0b01_1010);
        assertThat(KeyGenerator.sixBits(0L, 0b1111_1100, 11)).isEqualTo(0b11_1111);
        assertThat(KeyGenerator.sixBits(0x3FL, 0, 0)).isEqualTo(0x3F);
    }

    @Test
    void rejectsIndexesOutsideTheCodeSpace() {
        KeyGenerator generator = new KeyGenerator(0);
        assertThatThrownBy(() -> generator.presentLong(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
        assertThatThrownBy(() -> generator.absentLong(1L << 62)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> generator.present(KeyType.LONG, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
