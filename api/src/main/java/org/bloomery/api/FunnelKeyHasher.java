package org.bloomery.api;

import com.google.common.hash.Funnel;
import com.google.common.hash.PrimitiveSink;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A {@link KeyHasher} that lets a Guava {@link Funnel} write into a streaming XXH64. The only class
 * in Bloomery that touches Guava; it is loaded only when {@link KeyHasher#fromFunnel} is called.
 */
final class FunnelKeyHasher<T> implements KeyHasher<T> {
    private final String id;
    private final Funnel<? super T> funnel;

    FunnelKeyHasher(String id, Funnel<? super T> funnel) {
        this.id = KeyHashers.checkId(id.length() > KeyHashers.MAX_ID_LENGTH
                ? id.substring(0, KeyHashers.MAX_ID_LENGTH) : id);
        this.funnel = funnel;
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
