package org.bloomery.api;

import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * Turns an item into the one 64-bit hash a filter stores. (For Guava {@code Funnel}s, see
 * {@link FunnelKeyHasher}, kept apart so that this type names no optional dependency.) Equal items must give equal hashes on
 * every JVM and platform, because serialized filters carry only hashes: a filter read back must be
 * queried with a hasher of the same {@link #id()}. The built-in hashers use XXH64 (seed 0) over a
 * fixed byte encoding of the item; strings, longs and byte arrays hash without allocating.
 *
 * @param <T> the item type
 */
public interface KeyHasher<T> {

    /**
     * The item's hash.
     *
     * @param item the item, not null
     * @return a well-mixed 64-bit hash
     * @throws NullPointerException if {@code item} is null
     */
    long hash(T item);

    /**
     * A stable name for this hashing scheme, written into every serialized filter and compared on
     * reading: two hashers with the same id must hash every item the same way.
     *
     * @return the id, 1 to 255 ASCII characters
     */
    String id();

    /**
     * Hashes the UTF-8 encoding of a character sequence (not {@link String#hashCode()}).
     * {@code strings().hash(s) == hashBytes(s.toString().getBytes(UTF_8), 0, len)} for every
     * {@code s}; an unpaired surrogate encodes as '?', as {@code getBytes} does.
     *
     * @return the hasher, id {@code "xxh64:utf8"}
     */
    static KeyHasher<CharSequence> strings() {
        return KeyHashers.STRINGS;
    }

    /**
     * Hashes a long as its 8 little-endian bytes.
     *
     * @return the hasher, id {@code "xxh64:long-le"}
     */
    static KeyHasher<Long> longs() {
        return KeyHashers.LONGS;
    }

    /**
     * Hashes an int as its 4 little-endian bytes.
     *
     * @return the hasher, id {@code "xxh64:int-le"}
     */
    static KeyHasher<Integer> ints() {
        return KeyHashers.INTS;
    }

    /**
     * Hashes the whole content of a byte array.
     *
     * @return the hasher, id {@code "xxh64:bytes"}
     */
    static KeyHasher<byte[]> bytes() {
        return KeyHashers.BYTES;
    }

    /**
     * A hasher from a function, for item types the built-ins do not cover. The function must be
     * deterministic across JVMs (not {@link Object#hashCode()} of an identity object) and should
     * mix well, e.g. by ending in one of the static hash methods here.
     *
     * @param id a stable id for serialized filters
     * @param function the hash function; never called with null
     * @param <T> the item type
     * @return the hasher
     */
    static <T> KeyHasher<T> of(String id, ToLongFunction<? super T> function) {
        return new KeyHashers.FunctionHasher<>(KeyHashers.checkId(id), function);
    }

    /**
     * XXH64 of the 8 little-endian bytes of a long; allocates nothing.
     *
     * @param value the value
     * @return its hash, equal to {@code longs().hash(value)}
     */
    static long hashLong(long value) {
        return Xxh64.hashLong(value);
    }

    /**
     * XXH64 of the 4 little-endian bytes of an int; allocates nothing.
     *
     * @param value the value
     * @return its hash, equal to {@code ints().hash(value)}
     */
    static long hashInt(int value) {
        return Xxh64.hashInt(value);
    }

    /**
     * XXH64 of a range of bytes; allocates nothing.
     *
     * @param bytes the array
     * @param offset first byte
     * @param length number of bytes
     * @return the hash
     * @throws IndexOutOfBoundsException if the range is outside the array
     */
    static long hashBytes(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        return Xxh64.hashBytes(bytes, offset, length);
    }

    /**
     * XXH64 of the UTF-8 encoding of a character sequence, computed without encoding it into an
     * array; allocates nothing.
     *
     * @param chars the characters
     * @return the hash, equal to {@code strings().hash(chars)}
     */
    static long hashString(CharSequence chars) {
        return Xxh64.hashString(Objects.requireNonNull(chars, "chars"));
    }
}
