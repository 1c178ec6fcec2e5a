package org.bloomery.api.spi;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.bloomery.api.InvalidFilterDataException;

/**
 * Big-endian input for a filter's body, limited to the body's declared length. Every read checks
 * its value against a range and names the field when it is out of range; the array readers
 * allocate in step with the bytes that actually arrive, so a crafted length cannot claim gigabytes
 * of memory before the stream proves it holds them. Reading past the body throws
 * {@link EOFException}, which {@link Envelope} reports as truncated data.
 */
public final class FilterDataInput {
    /** Arrays up to this many bytes are allocated at once; larger ones grow as data arrives. */
    private static final int EAGER_BYTES = 1 << 22;
    private static final int CHUNK_BYTES = 1 << 16;

    private final DataInputStream in;
    private byte[] chunk;

    FilterDataInput(InputStream in) {
        this.in = new DataInputStream(in);
    }

    /**
     * Reads an unsigned byte and checks its range.
     *
     * @param field the field's name, for the message
     * @param min smallest allowed value
     * @param max largest allowed value
     * @return the value
     * @throws IOException if the value is out of range or the body ends
     */
    public int readUnsignedByte(String field, int min, int max) throws IOException {
        return (int) check(field, in.readUnsignedByte(), min, max);
    }

    /**
     * Reads a big-endian int and checks its range.
     *
     * @param field the field's name, for the message
     * @param min smallest allowed value
     * @param max largest allowed value
     * @return the value
     * @throws IOException if the value is out of range or the body ends
     */
    public int readInt(String field, int min, int max) throws IOException {
        return (int) check(field, in.readInt(), min, max);
    }

    /**
     * Reads a big-endian long and checks its range.
     *
     * @param field the field's name, for the message
     * @param min smallest allowed value
     * @param max largest allowed value
     * @return the value
     * @throws IOException if the value is out of range or the body ends
     */
    public long readLong(String field, long min, long max) throws IOException {
        return check(field, in.readLong(), min, max);
    }

    /**
     * Reads a big-endian binary64 and checks that it lies in [min, max] (NaN never does).
     *
     * @param field the field's name, for the message
     * @param min smallest allowed value
     * @param max largest allowed value
     * @return the value
     * @throws IOException if the value is out of range or the body ends
     */
    public double readDouble(String field, double min, double max) throws IOException {
        double value = in.readDouble();
        if (!(value >= min && value <= max)) {
            throw new InvalidFilterDataException(field + " = " + value + " is outside [" + min + ", " + max + "]");
        }
        return value;
    }

    /**
     * Reads {@code count} big-endian longs.
     *
     * @param count how many; the caller has already bounded it
     * @return a new array of exactly {@code count} values
     * @throws IOException if the body ends first
     */
    public long[] readLongs(int count) throws IOException {
        long[] values = new long[initialCapacity(count, Long.BYTES)];
        byte[] buffer = chunk();
        for (int i = 0; i < count; ) {
            int n = Math.min(count - i, CHUNK_BYTES / Long.BYTES);
            in.readFully(buffer, 0, n * Long.BYTES);
            if (i + n > values.length) {
                values = Arrays.copyOf(values, grow(values.length, i + n, count));
            }
            ByteBuffer.wrap(buffer).asLongBuffer().get(values, i, n);
            i += n;
        }
        return values;
    }

    /**
     * Reads {@code count} big-endian shorts.
     *
     * @param count how many; the caller has already bounded it
     * @return a new array of exactly {@code count} values
     * @throws IOException if the body ends first
     */
    public short[] readShorts(int count) throws IOException {
        short[] values = new short[initialCapacity(count, Short.BYTES)];
        byte[] buffer = chunk();
        for (int i = 0; i < count; ) {
            int n = Math.min(count - i, CHUNK_BYTES / Short.BYTES);
            in.readFully(buffer, 0, n * Short.BYTES);
            if (i + n > values.length) {
                values = Arrays.copyOf(values, grow(values.length, i + n, count));
            }
            ByteBuffer.wrap(buffer).asShortBuffer().get(values, i, n);
            i += n;
        }
        return values;
    }

    /**
     * Reads {@code count} bytes.
     *
     * @param count how many; the caller has already bounded it
     * @return a new array of exactly {@code count} values
     * @throws IOException if the body ends first
     */
    public byte[] readBytes(int count) throws IOException {
        byte[] values = new byte[initialCapacity(count, 1)];
        for (int i = 0; i < count; ) {
            int n = Math.min(count - i, CHUNK_BYTES);
            if (i + n > values.length) {
                values = Arrays.copyOf(values, grow(values.length, i + n, count));
            }
            in.readFully(values, i, n);
            i += n;
        }
        return values;
    }

    private static int initialCapacity(int count, int elementBytes) {
        if (count < 0) {
            throw new IllegalArgumentException("negative count " + count);
        }
        return Math.min(count, EAGER_BYTES / elementBytes);
    }

    private static int grow(int capacity, int needed, int count) {
        return (int) Math.min(count, Math.max(needed, 2L * capacity));
    }

    private static long check(String field, long value, long min, long max) throws InvalidFilterDataException {
        if (value < min || value > max) {
            throw new InvalidFilterDataException(field + " = " + value + " is outside [" + min + ", " + max + "]");
        }
        return value;
    }

    private byte[] chunk() {
        if (chunk == null) {
            chunk = new byte[CHUNK_BYTES];
        }
        return chunk;
    }
}
