package org.bloomery.api;

import java.util.Objects;
import java.util.function.ToLongFunction;

/** The built-in {@link KeyHasher}s; each checks for null and delegates to {@link Xxh64}. */
final class KeyHashers {
    static final int MAX_ID_LENGTH = 255;

    static final KeyHasher<CharSequence> STRINGS = new Builtin<>("xxh64:utf8") {
        @Override
        public long hash(CharSequence item) {
            return Xxh64.hashString(requireItem(item));
        }
    };

    static final KeyHasher<Long> LONGS = new Builtin<>("xxh64:long-le") {
        @Override
        public long hash(Long item) {
            return Xxh64.hashLong(requireItem(item));
        }
    };

    static final KeyHasher<Integer> INTS = new Builtin<>("xxh64:int-le") {
        @Override
        public long hash(Integer item) {
            return Xxh64.hashInt(requireItem(item));
        }
    };

    static final KeyHasher<byte[]> BYTES = new Builtin<>("xxh64:bytes") {
        @Override
        public long hash(byte[] item) {
            return Xxh64.hashBytes(requireItem(item), 0, item.length);
        }
    };

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

    private abstract static class Builtin<T> implements KeyHasher<T> {
        private final String id;

        Builtin(String id) {
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

    static final class FunctionHasher<T> extends Builtin<T> {
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
