package org.bloomery.api.spi;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Big-endian output for a filter's body, with bulk writers for primitive arrays. Counts the bytes
 * written so {@link Envelope} can check them against the declared body length. The body starts at a
 * 64-byte-aligned offset of the envelope ({@link Envelope#BODY_ALIGNMENT}), so {@link #alignTo}
 * aligns what follows in the file, and in a mapping of it, as well as in the body.
 */
public final class FilterDataOutput {
    private static final int CHUNK_BYTES = 1 << 16;

    private final DataOutputStream out;
    private long written;
    private byte[] chunk;

    FilterDataOutput(OutputStream out) {
        this.out = new DataOutputStream(out);
    }

    /** @return bytes written so far */
    long written() {
        return written;
    }

    void flush() throws IOException {
        out.flush();
    }

    /**
     * Writes zero bytes up to the next multiple of {@code alignment} bytes from the body's start, so
     * that an array written next starts there: a 64-byte block of it is then one cache line in a
     * mapping of the file. The reader skips the same bytes with {@link FilterDataInput#alignTo}.
     *
     * @param alignment a power of two, at most {@link Envelope#BODY_ALIGNMENT}
     * @throws IllegalArgumentException for another alignment
     * @throws IOException if the stream fails
     */
    public void alignTo(int alignment) throws IOException {
        int padding = padding(written, alignment);
        for (int i = 0; i < padding; i++) {
            writeByte(0);
        }
    }

    /**
     * The zero bytes {@link #alignTo} writes after {@code offset} bytes of body, for a kind that
     * declares its body's length before writing it.
     *
     * @param offset bytes of the body before the alignment
     * @param alignment a power of two, at most {@link Envelope#BODY_ALIGNMENT}
     * @return the padding, in [0, alignment)
     * @throws IllegalArgumentException for another alignment
     */
    public static int padding(long offset, int alignment) {
        if (Integer.bitCount(alignment) != 1 || alignment > Envelope.BODY_ALIGNMENT) {
            throw new IllegalArgumentException("alignment must be a power of two up to " + Envelope.BODY_ALIGNMENT
                    + ", got " + alignment);
        }
        return (int) (-offset & (alignment - 1));
    }

    /**
     * Writes one byte.
     *
     * @param value the low 8 bits are written
     * @throws IOException if the stream fails
     */
    public void writeByte(int value) throws IOException {
        out.writeByte(value);
        written += 1;
    }

    /**
     * Writes a 32-bit int, big-endian.
     *
     * @param value the value
     * @throws IOException if the stream fails
     */
    public void writeInt(int value) throws IOException {
        out.writeInt(value);
        written += 4;
    }

    /**
     * Writes a 64-bit long, big-endian.
     *
     * @param value the value
     * @throws IOException if the stream fails
     */
    public void writeLong(long value) throws IOException {
        out.writeLong(value);
        written += 8;
    }

    /**
     * Writes an IEEE 754 binary64 value, big-endian.
     *
     * @param value the value
     * @throws IOException if the stream fails
     */
    public void writeDouble(double value) throws IOException {
        out.writeDouble(value);
        written += 8;
    }

    /**
     * Writes {@code values[from..to)}, each big-endian.
     *
     * @param values the array
     * @param from first index
     * @param to index after the last
     * @throws IOException if the stream fails
     */
    public void writeLongs(long[] values, int from, int to) throws IOException {
        byte[] buffer = chunk();
        for (int i = from; i < to; ) {
            int count = Math.min(to - i, CHUNK_BYTES / Long.BYTES);
            ByteBuffer.wrap(buffer).asLongBuffer().put(values, i, count);
            out.write(buffer, 0, count * Long.BYTES);
            i += count;
        }
        written += (long) (to - from) * Long.BYTES;
    }

    /**
     * Writes {@code values[from..to)}, each big-endian.
     *
     * @param values the array
     * @param from first index
     * @param to index after the last
     * @throws IOException if the stream fails
     */
    public void writeShorts(short[] values, int from, int to) throws IOException {
        byte[] buffer = chunk();
        for (int i = from; i < to; ) {
            int count = Math.min(to - i, CHUNK_BYTES / Short.BYTES);
            ByteBuffer.wrap(buffer).asShortBuffer().put(values, i, count);
            out.write(buffer, 0, count * Short.BYTES);
            i += count;
        }
        written += (long) (to - from) * Short.BYTES;
    }

    /**
     * Writes {@code values[from..to)}.
     *
     * @param values the array
     * @param from first index
     * @param to index after the last
     * @throws IOException if the stream fails
     */
    public void writeBytes(byte[] values, int from, int to) throws IOException {
        out.write(values, from, to - from);
        written += to - from;
    }

    private byte[] chunk() {
        if (chunk == null) {
            chunk = new byte[CHUNK_BYTES];
        }
        return chunk;
    }
}
