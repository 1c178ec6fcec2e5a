package org.bloomery.cuckoo;

/**
 * Partial-key cuckoo hashing: derives an item's fingerprint and first bucket from its one 64-bit key
 * hash, and either bucket from the other and the fingerprint alone, so a stored fingerprint can be
 * moved without the item. Works for any bucket count, not only powers of two, so tables are sized
 * exactly.
 *
 * <p>A filter that grows adds sub-tables of {@code B_k = base * e^k} buckets ({@code e} the
 * expansion, {@code k} the sub-table's level). Their addressing is nested: an item's first bucket
 * and a fingerprint's offset at level k are congruent modulo {@code B_j} to their values at every
 * lower level j, so bucket {@code i} of level k projects onto bucket {@code i mod B_j} of level j,
 * and the alternate of a projection is the projection of the alternate. Two copies that match the
 * same queries at one level therefore match the same queries at every lower level. That makes a
 * removal that deletes from the newest sub-table holding a match exact: if the match it deletes
 * belongs to another item, the removed item's own copy is at that level or below, where it matches
 * the other item in its stead.
 */
final class PartialKeyHashing {
    /** Largest fingerprint width: fingerprints travel as the 32 bits of an int. */
    static final int MAX_FINGERPRINT_BITS = 32;

    private PartialKeyHashing() {
    }

    /**
     * The item's first bucket at a level: the hash's high bits reduced onto [0, base) by a
     * multiply-high ({@link #reduce}), plus, above level 0, {@code base} times {@link #levelDigits}
     * of the mixed hash.
     *
     * @param hash the key hash
     * @param base the bucket count at level 0, positive
     * @param expansion the growth factor e, positive
     * @param level the level k, with {@code base * e^k} an int
     * @return a bucket in [0, base * e^k), congruent modulo {@code base * e^j} to the first bucket
     *     at every level j below
     */
    static int firstBucket(long hash, int base, int expansion, int level) {
        int bucket = reduce(hash, base);
        return level == 0 ? bucket : bucket + base * levelDigits(mix(hash), expansion, level);
    }

    /**
     * The item's fingerprint: the hash's low {@code bits} bits, which the multiply-high of {@link
     * #firstBucket} barely touches. Zero marks an empty slot, so a zero fingerprint becomes 1; that
     * makes 1 twice as likely as any other value, raising the false-positive rate by a factor of
     * {@code 1 + 2^(1-bits)} at most (0.8% at 8 bits).
     *
     * @param hash the key hash
     * @param bits the fingerprint width, in [1, 32]
     * @return the fingerprint, non-zero; for 32 bits it may be negative as an int
     */
    static int fingerprint(long hash, int bits) {
        int fingerprint = (int) (hash & lowMask(bits));
        return fingerprint == 0 ? 1 : fingerprint;
    }

    /**
     * The offset {@code r} that {@link #alternateBucket} subtracts: a hash of the fingerprint alone,
     * reduced onto [0, base), plus, above level 0, {@code base} times {@link #levelDigits} of other
     * bits of the same hash.
     *
     * @param fingerprint the fingerprint, read as unsigned
     * @param base the bucket count at level 0, positive
     * @param expansion the growth factor e, positive
     * @param level the level k
     * @return an offset in [0, base * e^k), congruent modulo {@code base * e^j} to the offset at
     *     every level j below
     */
    static int fingerprintOffset(int fingerprint, int base, int expansion, int level) {
        long mixed = mix(Integer.toUnsignedLong(fingerprint));
        int offset = reduce(mixed, base);
        return level == 0 ? offset : offset + base * levelDigits(Long.rotateLeft(mixed, 32), expansion, level);
    }

    /**
     * The first {@code level} base-e digits of the fraction {@code x / 2^64}, read with the first
     * digit least significant: {@code d_1 + d_2 e + ... + d_k e^(k-1)}. Dropping the last digit
     * gives the value one level down, and that value is this one modulo {@code e^(k-1)}, which is
     * what nests the levels.
     *
     * @param x uniformly distributed bits
     * @param expansion the base e, positive
     * @param level how many digits, with {@code e^level} an int
     * @return a value in [0, e^level)
     */
    static int levelDigits(long x, int expansion, int level) {
        int value = 0;
        int weight = 1;
        for (int digit = 0; digit < level; digit++) {
            value += weight * reduce(x, expansion);
            // The fraction's remaining digits: x * e modulo 2^64.
            x *= expansion;
            weight *= expansion;
        }
        return value;
    }

    /**
     * The other bucket of a fingerprint held in {@code bucket}: {@code (-bucket - offset) mod
     * buckets}, with the fingerprint's {@link #fingerprintOffset}. Applying it twice gives back
     * {@code bucket} for every bucket count, because {@code -(-i - r) - r = i}; the two buckets
     * coincide when {@code 2 * bucket = -offset (mod buckets)}.
     *
     * @param bucket a bucket in [0, buckets)
     * @param offset the fingerprint's offset, in [0, buckets)
     * @param buckets the bucket count, positive
     * @return the alternate bucket, in [0, buckets)
     */
    static int alternateBucket(int bucket, int offset, int buckets) {
        // buckets - bucket - offset lies in (-buckets, buckets]; adding buckets when negative takes
        // no branch (the sign decides half the time, so a branch would mispredict half the time),
        // and only bucket + offset = 0 leaves buckets itself, which stands for 0.
        long alternate = (long) buckets - bucket - offset;
        alternate += (alternate >> 63) & buckets;
        return alternate == buckets ? 0 : (int) alternate;
    }

    /**
     * Maps {@code x}, read as an unsigned 64-bit value, onto [0, n): {@code floor(x * n / 2^64)}.
     * Unbiased to within one part in 2^33 for any int {@code n}, and no division (a {@code %} of a
     * signed value would go negative).
     *
     * @param x the value
     * @param n the range, positive
     * @return the reduced value
     */
    static int reduce(long x, int n) {
        // multiplyHigh is signed; adding n when x's top bit is set gives the unsigned high half.
        return (int) (Math.multiplyHigh(x, n) + ((x >> 63) & n));
    }

    /**
     * MurmurHash3's 64-bit finalizer: every input bit affects every output bit. A plain multiply
     * (Fibonacci hashing) is not enough for fingerprint offsets: for fingerprints 1..255 its offsets
     * form a lattice, and bucket counts near multiples of Fibonacci numbers (466, 1597, 3194, 4181)
     * then lost up to 2.5 points of achievable load in measurements at b = 4, f = 8; with this mix
     * none did.
     *
     * @param x the value
     * @return its mix
     */
    static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xFF51AFD7ED558CCDL;
        x ^= x >>> 33;
        x *= 0xC4CEB9FE1A85EC53L;
        x ^= x >>> 33;
        return x;
    }

    /**
     * A mask of the low {@code bits} bits.
     *
     * @param bits in [1, 32]
     * @return {@code 2^bits - 1}
     */
    static long lowMask(int bits) {
        return (1L << bits) - 1;
    }
}
