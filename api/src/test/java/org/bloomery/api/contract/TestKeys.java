package org.bloomery.api.contract;

/**
 * Seeded test keys. Present keys and absent keys are disjoint by construction: key {@code i} of a
 * seed is a bijective mix of an even number (present) or an odd number (absent), so no absent key
 * ever equals a present one and no key repeats within a set. Strings are the 16-character ASCII
 * spelling of the same 64-bit keys (one letter 'a'..'p' per 4 bits), so they inherit both properties.
 */
public final class TestKeys {
    private TestKeys() {
    }

    /**
     * The {@code i}-th present key of a seed.
     *
     * @param seed the key set
     * @param i index in [0, 2^31)
     * @return a key that no {@link #absentLong} call returns
     */
    public static long presentLong(long seed, long i) {
        return mix(((seed << 32) + i) << 1);
    }

    /**
     * The {@code i}-th absent key of a seed.
     *
     * @param seed the key set
     * @param i index in [0, 2^31)
     * @return a key that no {@link #presentLong} call returns
     */
    public static long absentLong(long seed, long i) {
        return mix((((seed << 32) + i) << 1) | 1);
    }

    /**
     * The 16-character string spelling of a 64-bit key.
     *
     * @param key the key
     * @return 16 letters from 'a' to 'p'
     */
    public static String string(long key) {
        char[] chars = new char[16];
        for (int c = 0; c < 16; c++) {
            chars[c] = (char) ('a' + ((key >>> (c << 2)) & 15));
        }
        return new String(chars);
    }

    /**
     * Present keys {@code [0, count)} of a seed.
     *
     * @param seed the key set
     * @param count how many
     * @return the keys
     */
    public static long[] presentLongs(long seed, int count) {
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            keys[i] = presentLong(seed, i);
        }
        return keys;
    }

    /**
     * Absent keys {@code [0, count)} of a seed.
     *
     * @param seed the key set
     * @param count how many
     * @return the keys
     */
    public static long[] absentLongs(long seed, int count) {
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            keys[i] = absentLong(seed, i);
        }
        return keys;
    }

    /** SplitMix64's finaliser: a bijection on 64-bit values. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
