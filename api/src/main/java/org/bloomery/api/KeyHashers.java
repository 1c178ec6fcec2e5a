package org.bloomery.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The built-in {@link KeyHasher}s, each of which checks for null and delegates to {@link Xxh64} or
 * {@link Xxh3}, and the rule that picks the hasher a serialized filter is read with.
 */
final class KeyHashers {
    static final int MAX_ID_LENGTH = 255;

    static final KeyHasher<CharSequence> STRINGS = new Builtin<>("xxh64:utf8", CharSequence.class) {
        @Override
        public long hash(CharSequence item) {
            return Xxh64.hashString(requireItem(item));
        }
    };

    static final KeyHasher<Long> LONGS = new LongHasher("xxh3:long-le") {
        @Override
        long hashLong(long key) {
            return Xxh3.hashLong(key);
        }
    };

    static final KeyHasher<Long> LONGS_XXH64 = new LongHasher("xxh64:long-le") {
        @Override
        long hashLong(long key) {
            return Xxh64.hashLong(key);
        }
    };

    static final KeyHasher<Integer> INTS = new Builtin<>("xxh64:int-le", Integer.class) {
        @Override
        public long hash(Integer item) {
            return Xxh64.hashInt(requireItem(item));
        }
    };

    static final KeyHasher<byte[]> BYTES = new Builtin<>("xxh64:bytes", byte[].class) {
        @Override
        public long hash(byte[] item) {
            return Xxh64.hashBytes(requireItem(item), 0, item.length);
        }
    };

    private static final List<KeyHasher<?>> BUILT_IN = List.of(STRINGS, LONGS, LONGS_XXH64, INTS, BYTES);

    private KeyHashers() {
    }

    static <T> T requireItem(T item) {
        return Objects.requireNonNull(item, "item must not be null");
    }

    static String checkId(String id) {
        Objects.requireNonNull(id, "id");
        if (id.isEmpty() || id.length() > MAX_ID_LENGTH
                || !id.chars().allMatch(c -> c >= 0x20 && c < 0x7F)) {
            throw new IllegalArgumentException("hasher id must be 1 to " + MAX_ID_LENGTH
                    + " printable ASCII characters, got '" + id + "'");
        }
        return id;
    }

    /**
     * The hash of a {@code long} key as a filter's hasher computes it, without boxing the key: for
     * {@link MembershipFilter#addLong} and {@link MembershipFilter#mightContainLong}.
     *
     * @throws UnsupportedOperationException if the hasher is not a built-in long hasher, naming it
     */
    static long hashLong(KeyHasher<?> hasher, long key) {
        if (hasher instanceof LongHasher longs) {
            return longs.hashLong(key);
        }
        throw new UnsupportedOperationException("the long-key methods need a filter whose hasher is KeyHasher.longs()"
                + " or KeyHasher.longsXxh64(); this filter's hasher is '" + hasher.id() + "': use add, mightContain"
                + " or the hash methods");
    }

    /** {@link KeyHasher#forReading}. */
    @SuppressWarnings("unchecked")
    static <T> Optional<KeyHasher<T>> forReading(String writtenId, KeyHasher<T> given) {
        Objects.requireNonNull(writtenId, "writtenId");
        Objects.requireNonNull(given, "given");
        if (given.id().equals(writtenId)) {
            return Optional.of(given);
        }
        if (!(given instanceof Builtin<?> builtin)) {
            return Optional.empty();
        }
        // Same item class, so the built-in named in the data takes every item the caller's takes.
        return BUILT_IN.stream()
                .filter(h -> h.id().equals(writtenId) && ((Builtin<?>) h).itemClass == builtin.itemClass)
                .map(h -> (KeyHasher<T>) h)
                .findFirst();
    }

    /** A hasher with a fixed id, shown in {@code toString}. */
    private abstract static class Named<T> implements KeyHasher<T> {
        private final String id;

        Named(String id) {
            this.id = id;
        }

        @Override
        public final String id() {
            return id;
        }

        @Override
        public final String toString() {
            return "KeyHasher[" + id + "]";
        }
    }

    /** One of the hashers this library defines, for items of one class. */
    private abstract static class Builtin<T> extends Named<T> {
        private final Class<?> itemClass;

        Builtin(String id, Class<?> itemClass) {
            super(id);
            this.itemClass = itemClass;
        }
    }

    /** A built-in hasher of longs, which also hashes a {@code long} unboxed. */
    private abstract static class LongHasher extends Builtin<Long> {
        LongHasher(String id) {
            super(id, Long.class);
        }

        abstract long hashLong(long key);

        @Override
        public final long hash(Long item) {
            return hashLong(requireItem(item));
        }
    }

    static final class FunctionHasher<T> extends Named<T> {
        private final ToLongFunction<? super T> function;

        FunctionHasher(String id, ToLongFunction<? super T> function) {
            super(id);
            this.function = Objects.requireNonNull(function, "function");
        }

        @Override
        public long hash(T item) {
            return function.applyAsLong(requireItem(item));
        }
    }
}
