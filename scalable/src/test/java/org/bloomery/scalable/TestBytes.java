package org.bloomery.scalable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.bloomery.api.MembershipFilter;

/** Serialized filters for tests: the bytes, where the body starts, and re-sealing after a change. */
final class TestBytes {
    private TestBytes() {
    }

    static byte[] of(MembershipFilter<?> filter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            filter.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Offset of the body in {@code bytes}, the serialized form of {@code filter}: it ends before the CRC. */
    static int bodyOffset(byte[] bytes, ScalableBloomFilter<?> filter) {
        return (int) (bytes.length - Integer.BYTES - ScalableFormat.bodyLength(filter.layers()));
    }

    /** Rewrites the CRC32C trailer to match the bytes before it. */
    static void reseal(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - Integer.BYTES);
        ByteBuffer.wrap(bytes).putInt(bytes.length - Integer.BYTES, (int) crc.getValue());
    }
}
