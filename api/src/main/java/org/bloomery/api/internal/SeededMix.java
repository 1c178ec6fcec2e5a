package org.bloomery.api.internal;

/**
 * A key hash mixed with a filter's seed, for the static kinds that retry their build with a new
 * seed when it fails: a new seed gives new, independent-looking positions for the same keys.
 * {@link #mix} is MurmurHash3's 64-bit finaliser of hash + seed, a bijection, so a build may keep
 * only the mixed hashes (equal exactly when the hashes are equal) and recover the hashes with
 * {@link #unmix} before it mixes them with the next seed.
 */
public final class SeededMix {
    /** The multipliers of {@link #mix} (MurmurHash3's finaliser) and their inverses modulo 2^64. */
    private static final long C1 = 0xff51afd7ed558ccdL;
    private static final long C2 = 0xc4ceb9fe1a85ec53L;
    private static final long INVERSE_C1 = inverseOdd(C1);
    private static final long INVERSE_C2 = inverseOdd(C2);
    /** What {@link #nextSeed} mixes a seed with: 2^64 divided by the golden ratio. */
    private static final long SEED_STEP = 0x9E37_79B9_7F4A_7C15L;

    private SeededMix() {
    }

    /**
     * An item's hash mixed with a seed.
     *
     * @param hash the item's hash
     * @param seed the filter's seed
     * @return the mixed hash
     */
    public static long mix(long hash, long seed) {
        long z = hash + seed;
        z = (z ^ (z >>> 33)) * C1;
        z = (z ^ (z >>> 33)) * C2;
        return z ^ (z >>> 33);
    }

    /**
     * The hash a mixed hash came from: the inverse of {@link #mix} (each xor-shift by 33 undoes
     * itself, and a multiplication by an odd constant is undone by its inverse modulo 2^64).
     *
     * @param mixed {@code mix(hash, seed)}
     * @param seed the seed it was mixed with
     * @return the hash
     */
    public static long unmix(long mixed, long seed) {
        long z = mixed ^ (mixed >>> 33);
        z *= INVERSE_C2;
        z ^= z >>> 33;
        z *= INVERSE_C1;
        z ^= z >>> 33;
        return z - seed;
    }

    /**
     * The seed a build tries after another: a fixed function, so the same set always builds the same
     * filter.
     *
     * @param seed a seed
     * @return the next
     */
    public static long nextSeed(long seed) {
        return mix(seed, SEED_STEP);
    }

    /**
     * The multiplicative inverse of an odd number modulo 2^64, by Newton's iteration: each step
     * doubles the correct low bits, from 3 (an odd x is its own inverse modulo 8) to 96 after five.
     *
     * @param odd an odd number
     * @return x with {@code odd * x == 1}
     */
    static long inverseOdd(long odd) {
        long x = odd;
        for (int i = 0; i < 5; i++) {
            x *= 2 - odd * x;
        }
        return x;
    }
}
