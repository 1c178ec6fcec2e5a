package org.bloomery.api.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import org.bloomery.api.MembershipFilter;

/**
 * A filter's serialized form for tests, and the parts of it (FORMAT.md): tests compare filters bit
 * for bit, or damage a body and then re-seal the checksum so that the body's own validation, not the
 * checksum, is what must reject it.
 */
public final class FilterBytes {
    /** The bytes of the body each region checksum of version 3 covers. */
    private static final int REGION_BYTES = 1 << 20;

    private FilterBytes() {
    }

    /**
     * What {@link MembershipFilter#writeTo} writes.
     *
     * @param filter the filter
     * @return its serialized form
     */
    public static byte[] of(MembershipFilter<?> filter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            filter.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * Offset of the header's expected insertions (an int64), found by walking its header.
     *
     * @param envelope a serialized filter
     * @return the offset
     */
    public static int expectedInsertionsOffset(byte[] envelope) {
        int position = 5;
        position += 1 + (envelope[position] & 0xFF); // kind
        position += 1 + (envelope[position] & 0xFF); // hasher id
        return position;
    }

    /**
     * Offset of the first body byte of an envelope, found by walking its header.
     *
     * @param envelope a serialized filter
     * @return the offset
     */
    public static int bodyOffset(byte[] envelope) {
        int headerEnd = headerChecksumOffset(envelope) + Integer.BYTES;
        return envelope[4] == 2 ? headerEnd : headerEnd + (-headerEnd & 63);
    }

    /**
     * Offset of the header's CRC32C, found by walking its header.
     *
     * @param envelope a serialized filter, version 2 or 3
     * @return the offset
     */
    public static int headerChecksumOffset(byte[] envelope) {
        ByteBuffer b = ByteBuffer.wrap(envelope);
        b.position(5);
        b.position(b.position() + 1 + (b.get(b.position()) & 0xFF)); // kind
        b.position(b.position() + 1 + (b.get(b.position()) & 0xFF)); // hasher id
        b.position(b.position() + 16); // expectedInsertions, fpp
        int options = b.get() & 0xFF;
        for (int i = 0; i < options; i++) {
            b.position(b.position() + 1 + (b.get(b.position()) & 0xFF));
            b.position(b.position() + 2 + (b.getShort(b.position()) & 0xFFFF));
        }
        // body length, and in version 3 the region size
        return b.position() + Long.BYTES + (envelope[4] == 2 ? 0 : 1);
    }

    /**
     * The body length the header declares.
     *
     * @param envelope a serialized filter
     * @return the length
     */
    public static long bodyLength(byte[] envelope) {
        return ByteBuffer.wrap(envelope).getLong(headerChecksumOffset(envelope) - Long.BYTES - (envelope[4] == 2 ? 0 : 1));
    }

    /**
     * Rewrites the header's CRC32C and the checksums after the body to match the bytes they cover,
     * so that damage done on purpose is judged by the reader's own validation, not by a checksum: in
     * version 2 the trailer of every byte before it; in version 3 each region's CRC32C of the body
     * (as long as the header declares it) and the region table's CRC32C, which must fit the array.
     *
     * @param envelope a serialized filter, changed in place
     * @return the same array
     */
    public static byte[] reseal(byte[] envelope) {
        int headerChecksum = headerChecksumOffset(envelope);
        ByteBuffer b = ByteBuffer.wrap(envelope);
        b.putInt(headerChecksum, crc(envelope, 0, headerChecksum));
        if (envelope[4] == 2) {
            b.putInt(envelope.length - Integer.BYTES, crc(envelope, 0, envelope.length - Integer.BYTES));
            return envelope;
        }
        int body = bodyOffset(envelope);
        int length = (int) bodyLength(envelope);
        int regions = (length + REGION_BYTES - 1) / REGION_BYTES;
        int table = body + length;
        for (int region = 0; region < regions; region++) {
            int from = body + region * REGION_BYTES;
            b.putInt(table + region * Integer.BYTES, crc(envelope, from, Math.min(REGION_BYTES, table - from)));
        }
        b.putInt(table + regions * Integer.BYTES, crc(envelope, table, regions * Integer.BYTES));
        return envelope;
    }

    private static int crc(byte[] bytes, int from, int count) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, from, count);
        return (int) crc.getValue();
    }

    /**
     * A copy of an envelope with one option's value in its header replaced (its length too) and
     * both checksums re-sealed, so that the reader's own reading of the value is what must judge it.
     *
     * @param envelope a serialized filter whose spec has the option, not changed
     * @param key the option's key
     * @param value the value to write in its place, as UTF-8
     * @return the changed copy
     */
    public static byte[] withOptionValue(byte[] envelope, String key, String value) {
        ByteBuffer b = ByteBuffer.wrap(envelope);
        b.position(expectedInsertionsOffset(envelope) + 16); // expectedInsertions, fpp
        int options = b.get() & 0xFF;
        for (int i = 0; i < options; i++) {
            byte[] name = new byte[b.get() & 0xFF];
            b.get(name);
            int valueAt = b.position();
            int length = b.getShort() & 0xFFFF;
            if (new String(name, StandardCharsets.US_ASCII).equals(key)) {
                byte[] replacement = value.getBytes(StandardCharsets.UTF_8);
                int after = valueAt + Short.BYTES + length;
                int headerEnd = headerChecksumOffset(envelope) + Integer.BYTES;
                int newHeaderEnd = headerEnd - length + replacement.length;
                // In version 3 the body starts at the next multiple of 64 after the header, which moves with it.
                int body = bodyOffset(envelope);
                int newBody = envelope[4] == 2 ? newHeaderEnd : newHeaderEnd + (-newHeaderEnd & 63);
                ByteBuffer changed = ByteBuffer.allocate(envelope.length - body + newBody);
                changed.put(envelope, 0, valueAt).putShort((short) replacement.length).put(replacement)
                        .put(envelope, after, headerEnd - after).position(newBody)
                        .put(envelope, body, envelope.length - body);
                return reseal(changed.array());
            }
            b.position(b.position() + length);
        }
        throw new IllegalArgumentException("the envelope has no option '" + key + "'");
    }

    /**
     * A copy of an envelope with its body changed and both checksums re-sealed, so that the body's
     * own validation is what must reject it.
     *
     * @param envelope a serialized filter, not changed
     * @param damage changes the body, given as a buffer whose position 0 is the body's first byte
     * @return the changed copy
     */
    public static byte[] craftedBody(byte[] envelope, Consumer<ByteBuffer> damage) {
        byte[] crafted = envelope.clone();
        ByteBuffer body = ByteBuffer.wrap(crafted);
        body.position(bodyOffset(crafted));
        damage.accept(body.slice());
        return reseal(crafted);
    }
}
