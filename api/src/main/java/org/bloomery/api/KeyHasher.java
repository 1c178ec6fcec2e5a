package org.bloomery.api;

import java.util.Objects;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * Turns an item into the one 64-bit hash a filter stores. (For Guava {@code Funnel}s, see
 * {@link FunnelKeyHasher}, kept apart so that this type names no optional dependency.) Equal items must give equal hashes on
 * every JVM and platform, because serialized filters carry only hashes: a filter read back must be
 * queried with a hasher of the same {@link #id()} (or, for the built-in hashers, with any built-in
 * hasher of the same item type: see {@link #forReading}). The built-in hashers use XXH64 or, for
 * longs, XXH3-64 (seed 0) over a fixed byte encoding of the item; strings, longs and byte arrays hash
 * without allocating.
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
     * Hashes a long as its 8 little-endian bytes with XXH3-64, the hasher new long-key filters should
     * use. A filter written with {@link #longsXxh64()} and read with this hasher is read with that
     * one, so it answers as before (see {@link #forReading}).
     *
     * @return the hasher, id {@code "xxh3:long-le"}
     */
    static KeyHasher<Long> longs() {
        return KeyHashers.LONGS;
    }

    /**
     * Hashes a long as its 8 little-endian bytes with XXH64: the hasher {@link #longs()} gave before
     * it moved to XXH3-64, kept for filters that must hold the same bits as filters made then.
     *
     * @return the hasher, id {@code "xxh64:long-le"}
     */
    static KeyHasher<Long> longsXxh64() {
        return KeyHashers.LONGS_XXH64;
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
     * The hasher that reads a filter written with the hasher named {@code writtenId}, for a caller
     * who offers {@code given}: {@code given} itself when the ids are equal; when both are built-in
     * hashers of the same item type, the built-in one named {@code writtenId} (so a filter written
     * with {@link #longsXxh64()} and read with {@link #longs()} hashes with XXH64 and answers as it
     * did); otherwise none, and the filter cannot be read with {@code given}. Every reader of
     * serialized filters follows this rule.
     *
     * @param writtenId the id recorded with the filter
     * @param given the hasher the caller offers
     * @param <T> the item type
     * @return the hasher to read and query the filter with, or empty if {@code given} cannot read it
     */
    static <T> Optional<KeyHasher<T>> forReading(String writtenId, KeyHasher<T> given) {
        return KeyHashers.forReading(writtenId, given);
    }

    /**
     * XXH3-64 (seed 0) of the 8 little-endian bytes of a long; allocates nothing.
     *
     * @param value the value
     * @return its hash, equal to {@code longs().hash(value)}
     */
    static long hashLong(long value) {
        return Xxh3.hashLong(value);
    }

    /**
     * XXH64 (seed 0) of the 8 little-endian bytes of a long; allocates nothing.
     *
     * @param value the value
     * @return its hash, equal to {@code longsXxh64().hash(value)}
     */
    static long hashLongXxh64(long value) {
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
