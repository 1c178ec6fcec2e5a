package org.bloomery.api;

import com.google.common.hash.Funnel;
import com.google.common.hash.PrimitiveSink;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A {@link KeyHasher} for code that already has Guava {@link Funnel}s: the XXH64 of the bytes the
 * funnel puts (primitives little-endian, like Guava's own hashers; strings in the charset given).
 * So {@code FunnelKeyHasher.of(Funnels.stringFunnel(UTF_8))} hashes like {@link KeyHasher#strings()}
 * and {@code FunnelKeyHasher.of(Funnels.longFunnel())} like {@link KeyHasher#longs()}. It allocates a
 * small buffer per call.
 *
 * <p>This is the only class in Bloomery that names a Guava type, and Guava is an optional
 * dependency: the factories live here rather than on {@link KeyHasher}, so that code without Guava
 * can use, and reflect over, every other type.
 *
 * <p><b>Ids.</b> A serialized filter records its hasher's id, so the id must be the same in every
 * JVM and differ between funnels that hash differently. {@link #of(Funnel)} derives it: Guava's own
 * funnels ({@code com.google.common.hash}) by their documented {@code toString()}, e.g.
 * {@code "guava-funnel:Funnels.longFunnel()"}; an enum constant by its enum's class name and the
 * constant's name; any other funnel by its class name. Funnels whose class has no stable name (a
 * lambda, an anonymous, local or hidden class) are refused: give those an explicit id with
 * {@link #of(String, Funnel)}, as you must also when two instances of one class funnel differently.
 *
 * @param <T> the item type
 */
// Guava is an optional dependency (requires static): whoever calls these methods holds a Funnel,
// and so has Guava on their own path; the api must not force it on everyone else.
@SuppressWarnings("exports")
public final class FunnelKeyHasher<T> implements KeyHasher<T> {
    private static final String PREFIX = "guava-funnel:";
    private static final String GUAVA_HASH_PACKAGE = "com.google.common.hash";

    private final String id;
    private final Funnel<? super T> funnel;

    private FunnelKeyHasher(String id, Funnel<? super T> funnel) {
        this.id = id;
        this.funnel = funnel;
    }

    /**
     * A hasher whose id is derived from the funnel (see the class description).
     *
     * @param funnel the funnel
     * @param <T> the item type
     * @return the hasher
     * @throws IllegalArgumentException if the funnel's class has no stable name, or the id would be
     *     longer than 255 characters, saying to use {@link #of(String, Funnel)}
     */
    public static <T> FunnelKeyHasher<T> of(Funnel<? super T> funnel) {
        Objects.requireNonNull(funnel, "funnel");
        return new FunnelKeyHasher<>(derivedId(funnel), funnel);
    }

    /**
     * A hasher with an explicit id, for funnels whose class does not name them stably.
     *
     * @param id the id to write into serialized filters, 1 to 255 printable ASCII characters
     * @param funnel the funnel
     * @param <T> the item type
     * @return the hasher
     * @throws IllegalArgumentException if the id is malformed
     */
    public static <T> FunnelKeyHasher<T> of(String id, Funnel<? super T> funnel) {
        Objects.requireNonNull(funnel, "funnel");
        return new FunnelKeyHasher<>(KeyHashers.checkId(id), funnel);
    }

    private static String derivedId(Funnel<?> funnel) {
        Class<?> type = funnel instanceof Enum<?> constant ? constant.getDeclaringClass() : funnel.getClass();
        String name;
        if (type.getPackageName().equals(GUAVA_HASH_PACKAGE)) {
            name = funnel.toString(); // Guava's funnels document their toString, e.g. Funnels.longFunnel()
        } else if (funnel instanceof Enum<?> constant) {
            name = type.getName() + "." + constant.name();
        } else if (type.isSynthetic() || type.isHidden() || type.isAnonymousClass() || type.isLocalClass()) {
            throw new IllegalArgumentException("funnel " + type.getName() + " is a lambda, anonymous, local or"
                    + " hidden class, whose name is not stable across JVMs; give the hasher an id:"
                    + " FunnelKeyHasher.of(\"your-id\", funnel)");
        } else {
            name = type.getName();
        }
        String id = PREFIX + name;
        if (id.length() > KeyHashers.MAX_ID_LENGTH) {
            throw new IllegalArgumentException("the id derived from funnel " + name + " is longer than "
                    + KeyHashers.MAX_ID_LENGTH + " characters; give the hasher an id: FunnelKeyHasher.of(\"your-id\","
                    + " funnel)");
        }
        return KeyHashers.checkId(id);
    }

    @Override
    public long hash(T item) {
        Sink sink = new Sink();
        funnel.funnel(KeyHashers.requireItem(item), sink);
        return sink.xxh.digest();
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return "KeyHasher[" + id + "]";
    }

    /** Primitives go in little-endian, as Guava's own hashers take them. */
    private static final class Sink implements PrimitiveSink {
        final Xxh64.Streaming xxh = new Xxh64.Streaming();

        @Override
        public PrimitiveSink putByte(byte b) {
            xxh.update(b);
            return this;
        }

        @Override
        public PrimitiveSink putBytes(byte[] bytes) {
            xxh.update(bytes, 0, bytes.length);
            return this;
        }

        @Override
        public PrimitiveSink putBytes(byte[] bytes, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, bytes.length);
            xxh.update(bytes, off, len);
            return this;
        }

        @Override
        public PrimitiveSink putBytes(ByteBuffer bytes) {
            while (bytes.hasRemaining()) {
                xxh.update(bytes.get());
            }
            return this;
        }

        @Override
        public PrimitiveSink putShort(short s) {
            xxh.updateLittleEndian(s, 2);
            return this;
        }

        @Override
        public PrimitiveSink putInt(int i) {
            xxh.updateLittleEndian(i, 4);
            return this;
        }

        @Override
        public PrimitiveSink putLong(long l) {
            xxh.updateLittleEndian(l, 8);
            return this;
        }

        @Override
        public PrimitiveSink putFloat(float f) {
            return putInt(Float.floatToRawIntBits(f));
        }

        @Override
        public PrimitiveSink putDouble(double d) {
            return putLong(Double.doubleToRawLongBits(d));
        }

        @Override
        public PrimitiveSink putBoolean(boolean b) {
            return putByte(b ? (byte) 1 : (byte) 0);
        }

        @Override
        public PrimitiveSink putChar(char c) {
            xxh.updateLittleEndian(c, 2);
            return this;
        }

        @Override
        public PrimitiveSink putUnencodedChars(CharSequence charSequence) {
            for (int i = 0; i < charSequence.length(); i++) {
                putChar(charSequence.charAt(i));
            }
            return this;
        }

        @Override
        public PrimitiveSink putString(CharSequence charSequence, Charset charset) {
            byte[] encoded = charSequence.toString().getBytes(charset == null ? StandardCharsets.UTF_8 : charset);
            xxh.update(encoded, 0, encoded.length);
            return this;
        }
    }
}
