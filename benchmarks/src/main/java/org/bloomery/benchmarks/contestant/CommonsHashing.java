package org.bloomery.benchmarks.contestant;

import org.apache.commons.collections4.bloomfilter.EnhancedDoubleHasher;
import org.apache.commons.collections4.bloomfilter.Hasher;
import org.bloomery.api.KeyHasher;

/**
 * The key hash given to the Commons Collections peers. Commons leaves hashing to the caller;
 * {@link EnhancedDoubleHasher} wants two 64-bit values. The first is the key's XXH64, exactly the
 * hash every Bloomery kind receives ({@link KeyHasher#hashLong}, {@link KeyHasher#hashString}), so
 * the race measures the filters and not the hash functions. The second is a bijective mix of the
 * first: a pair of keys collides in it only when it collides in the first, and among 10^6 keys a
 * 64-bit collision has probability about 3·10^-8, so the pair behaves like two independent hashes for
 * the false-positive rate. Commons' own {@code EnhancedDoubleHasher(byte[])} would first copy each
 * key into a new array and run murmur3 over it: extra work no Bloomery kind pays.
 */
final class CommonsHashing {
    private CommonsHashing() {
    }

    static Hasher ofLong(long key) {
        return ofHash(KeyHasher.hashLong(key));
    }

    static Hasher ofString(String key) {
        return ofHash(KeyHasher.hashString(key));
    }

    private static Hasher ofHash(long hash) {
        return new EnhancedDoubleHasher(hash, Bijection.mix64(hash));
    }
}
