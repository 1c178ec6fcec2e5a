package org.bloomery.benchmarks.keys;

import java.nio.charset.StandardCharsets;
import org.bloomery.benchmarks.contestant.Bijection;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * Derives keys from a seed. Key {@code i} of the present stream is the image of {@code 2i}, key
 * {@code i} of the absent stream the image of {@code 2i + 1}, under a bijection of 64-bit values
 * chosen by the seed; a string key spells that 64-bit image (plus 32 seed-derived bits) in 16
 * characters of a 64-letter alphabet. Different indexes therefore give different keys, and no
 * present key ever equals an absent key, whatever the seed. The same seed gives the same keys on
 * every JVM.
 */
public final class KeyGenerator {
    /** The 64 letters of a string key: ASCII, so each is one UTF-8 byte. */
    static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    /** Characters in a string key. */
    public static final int STRING_KEY_LENGTH = 16;

    private static final int PRESENT = 0;
    private static final int ABSENT = 1;
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private final long offset;
    private final long tweak;

    /**
     * A generator for one seed.
     *
     * @param seed any value
     */
    public KeyGenerator(long seed) {
        this.offset = Bijection.mix64(seed);
        this.tweak = Bijection.mix64(seed + GOLDEN_GAMMA);
    }

    /**
     * Keys that the workloads insert.
     *
     * @param type the key type
     * @param count how many, the first {@code count} of the present stream
     * @return the keys
     */
    public Keys present(KeyType type, int count) {
        return keys(type, count, PRESENT);
    }

    /**
     * Keys that the workloads never insert, disjoint from every present key.
     *
     * @param type the key type
     * @param count how many, the first {@code count} of the absent stream
     * @return the keys
     */
    public Keys absent(KeyType type, int count) {
        return keys(type, count, ABSENT);
    }

    /**
     * Present long key {@code index}, the one {@link #present} puts at that index.
     *
     * @param index the index, at least 0
     * @return the key
     */
    public long presentLong(long index) {
        return longKey(code(index, PRESENT));
    }

    /**
     * Absent long key {@code index}, the one {@link #absent} puts at that index.
     *
     * @param index the index, at least 0
     * @return the key
     */
    public long absentLong(long index) {
        return longKey(code(index, ABSENT));
    }

    /**
     * Present string key {@code index}, the one {@link #present} puts at that index.
     *
     * @param index the index, at least 0
     * @return the key
     */
    public String presentString(long index) {
        return stringKey(code(index, PRESENT));
    }

    /**
     * Absent string key {@code index}, the one {@link #absent} puts at that index.
     *
     * @param index the index, at least 0
     * @return the key
     */
    public String absentString(long index) {
        return stringKey(code(index, ABSENT));
    }

    private Keys keys(KeyType type, int count, int stream) {
        if (count < 0) {
            throw new IllegalArgumentException("key count must be at least 0, got " + count);
        }
        if (type == KeyType.LONG) {
            long[] keys = new long[count];
            for (int i = 0; i < count; i++) {
                keys[i] = longKey(code(i, stream));
            }
            return new LongKeys(keys);
        }
        String[] keys = new String[count];
        for (int i = 0; i < count; i++) {
            keys[i] = stringKey(code(i, stream));
        }
        return new StringKeys(keys);
    }

    /**
     * The index of key {@code i} of a stream in the common code space: present keys take the even
     * codes and absent keys the odd ones, which is what makes the two streams disjoint.
     */
    static long code(long index, int stream) {
        if (index < 0 || index > Long.MAX_VALUE >>> 1) {
            throw new IllegalArgumentException("key index must be in [0, 2^62), got " + index);
        }
        return index << 1 | stream;
    }

    /** The long key of a code: a bijection, so distinct codes give distinct keys. */
    long longKey(long code) {
        return Bijection.mix64(code + offset);
    }

    /** The string key of a code: spells the (distinct) long key, so distinct codes give distinct strings. */
    String stringKey(long code) {
        long low = longKey(code);
        return spell(low, (int) Bijection.mix64(low ^ tweak));
    }

    /**
     * Spells 96 bits as 16 letters of {@link #ALPHABET}, 6 bits per letter, letter 0 from the lowest
     * bits of {@code low}; letter 10 takes the top 4 bits of {@code low} and the low 2 bits of
     * {@code high}. Injective in {@code low} for any fixed {@code high}, and in the pair.
     *
     * @param low the low 64 bits
     * @param high the high 32 bits
     * @return 16 ASCII characters
     */
    static String spell(long low, int high) {
        byte[] letters = new byte[STRING_KEY_LENGTH];
        for (int i = 0; i < STRING_KEY_LENGTH; i++) {
            letters[i] = (byte) ALPHABET.charAt(sixBits(low, high, i));
        }
        return new String(letters, StandardCharsets.US_ASCII);
    }

    /** Bits {@code 6i .. 6i+5} of the 96-bit value {@code high:low}, for {@code i} in [0, 16). */
    static int sixBits(long low, int high, int i) {
        int shift = 6 * i;
        long highBits = high & 0xFFFF_FFFFL;
        long bits;
        if (shift + 6 <= Long.SIZE) {
            bits = low >>> shift;
        } else if (shift >= Long.SIZE) {
            bits = highBits >>> shift - Long.SIZE;
        } else {
            // The one letter that straddles bit 63: low's top bits, then high's bottom bits.
            bits = low >>> shift | highBits << Long.SIZE - shift;
        }
        return (int) (bits & 0x3F);
    }
}
