package org.bloomery.ribbon;

import org.bloomery.api.internal.SeededMix;

/**
 * The equation a key adds to a Ribbon filter: the row its window starts at, the coefficients (the
 * first always set, so the equation is never empty) and 32 result bits.
 *
 * <p>Body version 3 takes them from the key's hash itself. The start comes from the hash's 32 bits
 * just below its shard's bits ({@link #position}), multiplied by the shard's odd multiplier (a
 * permutation of 32-bit values, which another multiplier redraws) and scaled to the shard's starts
 * ({@link #start(int, int)}): no mix stands between the hash and the address of the solution's
 * words. Everything else comes from one product of the hash with an odd constant (the "almost
 * trivial expansion" RocksDB uses): the 64 coefficients are the product ({@link #narrow}); the
 * result is the product's top bits (the best mixed, least tied to the start), byte-reversed so that
 * result bit 0 is product bit 56 ({@link #result}).
 *
 * <p>Body version 2 mixed the hash with its shard's seed first, took the start from the mixed
 * hash's high 32 bits ({@link #start(long, int)}), and had 128 coefficients: the product ({@link
 * #high}) above the product XOR a constant ({@link #low}). Files of the first body version derived
 * them from two further full mixes and the result from the mixed hash's low 32 bits ({@link
 * #firstLow}, {@link #firstHigh}, {@link #firstResult}). Both are read and answered that way.
 */
final class KeyRow {
    /** The product's factor: an odd constant with well spread bits. */
    private static final long FACTOR = 0xD6E8_FEB8_6659_FD93L;
    /** What the low coefficient word is XORed with, so that it differs from the high one. */
    private static final long LOW_XOR = 0x5851_F42D_4C95_7F2DL;
    /** What the first body version mixed the low and high coefficient words with. */
    private static final long FIRST_LOW_SALT = 0x2545_F491_4F6C_DD1DL;
    private static final long FIRST_HIGH_SALT = 0x9FB2_1C65_1E98_DF25L;

    private KeyRow() {
    }

    /**
     * Body versions 1 and 2: the row of its shard a key's window starts at: the high 32 bits of the mixed hash scaled to
     * the range (multiply-shift, no division), so that starts ascend with the mixed hash taken as
     * unsigned.
     *
     * @param mixed the key's mixed hash
     * @param starts the rows a window may start at, in [1, 2^31)
     * @return the start, in [0, starts)
     */
    static int start(long mixed, int starts) {
        return (int) (((mixed >>> 32) * starts) >>> 32);
    }

    /**
     * The shard of a key: the top log2(shards) bits of its hash, so that ascending unsigned hashes
     * have ascending shards. Two shifts, since a Java shift by 64 would shift by 0.
     *
     * @param hash the key's hash
     * @param shardShift {@link #shardShift} of the shards, which a query keeps computed
     * @return its shard, in [0, shards)
     */
    static int shard(long hash, int shardShift) {
        return (int) ((hash >>> 1) >>> shardShift);
    }

    /**
     * The second shift of {@link #shard}.
     *
     * @param shardBits log2 of the shards, in [0, 30]
     * @return {@code 63 - shardBits}
     */
    static int shardShift(int shardBits) {
        return 63 - shardBits;
    }

    /**
     * Body version 3: the 32 bits of a hash just below its shard's bits, which place the key's
     * window in its shard.
     *
     * @param hash the key's hash
     * @param shardBits log2 of the shards, in [0, 18]
     * @return the position bits
     */
    static int position(long hash, int shardBits) {
        return (int) ((hash << shardBits) >>> 32);
    }

    /**
     * Body version 3: a hash with its position bits replaced, so that sorting hashes as unsigned
     * numbers by the replaced bits sorts a shard's keys by start.
     *
     * @param hash the key's hash
     * @param shardBits log2 of the shards, in [0, 18]
     * @param position the new position bits
     * @return the hash with them
     */
    static long withPosition(long hash, int shardBits, int position) {
        int shift = Integer.SIZE - shardBits;
        return hash & ~(0xFFFF_FFFFL << shift) | (position & 0xFFFF_FFFFL) << shift;
    }

    /**
     * Body version 3: the row of its shard a key's window starts at, its scrambled position (its
     * {@link #position} times the shard's multiplier) scaled to the range, multiply-shift, so that
     * starts ascend with the scrambled position taken as unsigned.
     *
     * @param scrambled the key's position times its shard's multiplier
     * @param starts the rows a window may start at, in [1, 2^31)
     * @return the start, in [0, starts)
     */
    static int start(int scrambled, int starts) {
        return (int) (((scrambled & 0xFFFF_FFFFL) * starts) >>> 32);
    }

    /**
     * The inverse of an odd multiplier modulo 2^32: Newton's iteration, each step doubling the
     * correct low bits from the 3 that {@code odd} itself has ({@code odd·odd ≡ 1 mod 8}).
     *
     * @param odd an odd number
     * @return {@code x} with {@code odd·x ≡ 1 (mod 2^32)}
     */
    static int inverse(int odd) {
        int x = odd;
        for (int i = 0; i < 4; i++) {
            x *= 2 - odd * x;
        }
        return x;
    }

    /**
     * The product every coefficient and result bit of a key comes from.
     *
     * @param hash the key's hash (body version 3) or mixed hash (versions 1 and 2)
     * @return the product
     */
    static long product(long hash) {
        return hash * FACTOR;
    }

    /**
     * The coefficients of a key's 64-row window (body version 3): row start + i takes part when bit
     * i is set. Bit 0 is always set.
     *
     * @param product the key's {@link #product}
     * @return the coefficient word
     */
    static long narrow(long product) {
        return product | 1L;
    }

    /**
     * Coefficients 0 to 63 of a key's 128-row window (body version 2): row start + i takes part
     * when bit i is set. Bit 0 is always set.
     *
     * @param product the key's {@link #product}
     * @return the low coefficient word
     */
    static long low(long product) {
        return product ^ LOW_XOR | 1L;
    }

    /**
     * Coefficients 64 to 127 of a key's 128-row window (body version 2).
     *
     * @param product the key's {@link #product}
     * @return the high coefficient word
     */
    static long high(long product) {
        return product;
    }

    /**
     * A key's result bits: the XOR of its window's rows in column j must be bit j.
     *
     * @param product the key's {@link #product}
     * @return 32 result bits, of which a filter with c columns uses the low c
     */
    static int result(long product) {
        return (int) Long.reverseBytes(product);
    }

    /**
     * The first body version's low coefficient word: a mix of the mixed hash, bit 0 set.
     *
     * @param mixed the key's mixed hash
     * @return the low coefficient word
     */
    static long firstLow(long mixed) {
        return SeededMix.mix(mixed, FIRST_LOW_SALT) | 1L;
    }

    /**
     * The first body version's high coefficient word: another mix of the mixed hash.
     *
     * @param mixed the key's mixed hash
     * @return the high coefficient word
     */
    static long firstHigh(long mixed) {
        return SeededMix.mix(mixed, FIRST_HIGH_SALT);
    }

    /**
     * The first body version's result bits: the mixed hash's low 32 bits.
     *
     * @param mixed the key's mixed hash
     * @return 32 result bits
     */
    static int firstResult(long mixed) {
        return (int) mixed;
    }

    /**
     * The mask of the low c result bits.
     *
     * @param columns c, in [0, 32]
     * @return the mask, -1 for 32
     */
    static int resultMask(int columns) {
        return (int) ((1L << columns) - 1);
    }

    /**
     * Bits {@code 64 - offset} and above of a 128-bit value's low word, shifted down: what a
     * 128-bit left shift by {@code offset} carries into the next word. Correct for offset 0 (a Java
     * shift by 64 would shift by 0, hence two shifts).
     *
     * @param word a 64-bit word
     * @param offset the shift, in [0, 63]
     * @return {@code word >>> (64 - offset)}, 0 when offset is 0
     */
    static long carry(long word, int offset) {
        return (word >>> 1) >>> (63 - offset);
    }
}
