package org.bloomery.api;

/**
 * XXH3-64 (Yann Collet, xxHash) for inputs of 4 to 8 bytes, with the default secret: the hash behind
 * the {@code xxh3:long-le} hasher. It is part of the binary format, so it must give the reference
 * implementation's value ({@code XXH3_64bits_withSeed}) for the same bytes and seed on every JVM,
 * forever. Allocates nothing.
 */
final class Xxh3 {
    /** The multiplier of XXH3's "rrmxmx" finish ({@code PRIME_MX2} in the reference). */
    static final long PRIME_MX2 = 0x9FB21C651E98DF25L;
    /**
     * Bytes 8 to 15 and 16 to 23 of XXH3's default 192-byte secret ({@code XXH3_kSecret}), read
     * little-endian: the only part of the secret the 4-to-8-byte path reads.
     */
    static final long SECRET_8 = 0x1CAD21F72C81017CL;
    static final long SECRET_16 = 0xDB979083E96DD4DEL;

    private Xxh3() {
    }

    /** XXH3-64, seed 0, of the 8 little-endian bytes of {@code value}. */
    static long hashLong(long value) {
        // hash4to8((int) value, (int) (value >>> 32), 8, 0) written out: with seed 0 the seed's terms
        // are 0, and the input's two halves swapped are a rotation, one instruction where the
        // general form's casts and masks compiled to eight.
        return rrmxmx((SECRET_8 ^ SECRET_16) ^ Long.rotateLeft(value, 32), 8);
    }

    /**
     * XXH3-64 of an input of 4 to 8 bytes, given its first 4 and its last 4 bytes (overlapping when
     * it is shorter than 8), each read as a little-endian int.
     *
     * @param first the input's bytes 0 to 3, little-endian
     * @param last the input's last 4 bytes, little-endian
     * @param length the input's length, 4 to 8
     * @param seed the seed
     */
    static long hash4to8(int first, int last, int length, long seed) {
        long modifiedSeed = seed ^ ((long) Integer.reverseBytes((int) seed) << 32);
        long combined = (last & 0xFFFF_FFFFL) | ((long) first << 32);
        return rrmxmx(((SECRET_8 ^ SECRET_16) - modifiedSeed) ^ combined, length);
    }

    /** XXH3's finish for inputs that are not yet mixed (after Pelle Evensen's rrmxmx). */
    static long rrmxmx(long h, int length) {
        h ^= Long.rotateLeft(h, 49) ^ Long.rotateLeft(h, 24);
        h *= PRIME_MX2;
        h ^= (h >>> 35) + length;
        h *= PRIME_MX2;
        return h ^ (h >>> 28);
    }
}
