package org.bloomery.api.spi;

import org.bloomery.api.internal.CacheLines;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.bloomery.api.InvalidFilterDataException;

/**
 * Big-endian input for a filter's body, limited to the body's declared length. Every read checks
 * its value against a range and names the field when it is out of range. The array readers
 * allocate each array once, at its final size, and only after checking that size against what is
 * left of the declared body and against the free heap ({@link HeapBudget}), so a crafted length
 * can neither claim memory the body does not hold nor end in {@link OutOfMemoryError}. Reading past
 * the body throws {@link EOFException}, which {@link Envelope} reports as truncated data.
 */
public final class FilterDataInput {
    private static final int CHUNK_BYTES = 1 << 16;

    private final DataInputStream in;
    private final long bodyLength;
    /** Whether the body is of envelope version 3, whose writer aligned its arrays. */
    private final boolean aligned;
    /** Bytes of the declared body not yet read. */
    private long remaining;
    private byte[] chunk;

    FilterDataInput(InputStream in, long bodyLength, boolean aligned) {
        this.in = new DataInputStream(in);
        this.bodyLength = bodyLength;
        this.aligned = aligned;
        this.remaining = bodyLength;
    }

    /**
     * Skips the zero bytes {@link FilterDataOutput#alignTo} wrote, to the next multiple of {@code
     * alignment} bytes from the body's start. In a body of envelope version 2, written before
     * arrays were aligned, there are none and this does nothing, so one reader serves both versions.
     *
     * @param alignment a power of two, at most {@link Envelope#BODY_ALIGNMENT}
     * @throws InvalidFilterDataException if a skipped byte is not zero
     * @throws IOException if the body ends first
     */
    public void alignTo(int alignment) throws IOException {
        if (!aligned) {
            return;
        }
        int padding = FilterDataOutput.padding(position(), alignment);
        for (int i = 0; i < padding; i++) {
            consume(1);
            if (in.readByte() != 0) {
                throw new InvalidFilterDataException("the padding before offset " + position()
                        + " of the body holds a byte that is not 0");
            }
        }
    }

    /**
     * The bytes of the body read so far: where the next read starts, from the body's first byte.
     *
     * @return the offset
     */
    public long position() {
        return bodyLength - remaining;
    }

    /**
     * Passes over {@code bytes} of the body that a mapped filter reads where they are ({@link
     * MappedBody}), after checking that the body holds them.
     *
     * @param bytes how many
     * @param what what they hold, for the message if they do not fit
     * @return the body offset of the first byte passed over
     * @throws InvalidFilterDataException if the rest of the body is shorter than {@code bytes}
     * @throws IOException if the body ends first
     */
    public long skipInPlace(long bytes, String what) throws IOException {
        if (bytes < 0 || bytes > remaining) {
            throw new InvalidFilterDataException(what + " needs " + bytes + " bytes, but only " + remaining
                    + " bytes of the declared body are left");
        }
        long at = position();
        in.skipNBytes(bytes);
        remaining -= bytes;
        return at;
    }

    /**
     * Checks, before a kind allocates {@code bytes} to hold what it is about to read, that the rest
     * of the declared body holds that many bytes and that the heap has room for them. The array
     * readers below make this check themselves; call it first when one structure is read in several
     * arrays, so that the whole is checked before any part is allocated.
     *
     * @param bytes the bytes about to be allocated for data still to be read
     * @param what what they hold, for the message
     * @throws InvalidFilterDataException if the body is shorter than {@code bytes} or the heap has
     *     no room for them, naming the size and what is available
     */
    public void reserve(long bytes, String what) throws InvalidFilterDataException {
        if (bytes < 0 || bytes > remaining) {
            throw new InvalidFilterDataException(what + " needs " + bytes + " bytes, but only " + remaining
                    + " bytes of the declared body are left");
        }
        String shortfall = HeapBudget.shortfall(bytes, what);
        if (shortfall != null) {
            throw new InvalidFilterDataException("cannot read the filter: " + shortfall);
        }
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
        consume(1);
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
        consume(Integer.BYTES);
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
        consume(Long.BYTES);
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
        consume(Double.BYTES);
        double value = in.readDouble();
        if (!(value >= min && value <= max)) {
            throw new InvalidFilterDataException(field + " = " + value + " is outside [" + min + ", " + max + "]");
        }
        return value;
    }

    /**
     * Reads {@code count} big-endian longs into one array allocated at its full size.
     *
     * @param count how many; the caller has already bounded it
     * @return a new array of exactly {@code count} values
     * @throws InvalidFilterDataException if the rest of the body or the heap cannot hold them
     * @throws IOException if the body ends first
     */
    public long[] readLongs(int count) throws IOException {
        long[] values = new long[allocation(count, Long.BYTES, "an array of " + count + " longs")];
        readLongs(values, 0, count);
        return values;
    }

    /**
     * Reads {@code count} big-endian longs into a new array after {@link CacheLines#LONG_ARRAY_PAD}
     * unused (zero) elements, so that the first value starts a cache line whenever the array does.
     *
     * @param count how many; the caller has already bounded it
     * @param what what they hold, for the message if they do not fit
     * @return an array of {@code LONG_ARRAY_PAD + count}, the values from index {@code LONG_ARRAY_PAD}
     * @throws InvalidFilterDataException if the rest of the body or the heap cannot hold them
     * @throws IOException if the body ends first
     */
    public long[] readLongsAfterPad(int count, String what) throws IOException {
        long[] values = new long[CacheLines.LONG_ARRAY_PAD + allocation(count, Long.BYTES, what)];
        readLongs(values, CacheLines.LONG_ARRAY_PAD, count);
        return values;
    }

    /**
     * Reads {@code count} big-endian longs into an array the caller has already allocated (and
     * bounded, e.g. with {@link #reserve}).
     *
     * @param values receives them
     * @param from the index of the first
     * @param count how many
     * @throws IndexOutOfBoundsException if {@code [from, from + count)} is not within the array
     * @throws IOException if the body ends first
     */
    public void readLongs(long[] values, int from, int count) throws IOException {
        Objects.checkFromIndexSize(from, count, values.length);
        byte[] buffer = chunk();
        for (int i = 0; i < count; ) {
            int n = Math.min(count - i, CHUNK_BYTES / Long.BYTES);
            readFully(buffer, n * Long.BYTES);
            ByteBuffer.wrap(buffer).asLongBuffer().get(values, from + i, n);
            i += n;
        }
    }

    /**
     * Reads {@code count} big-endian shorts into one array allocated at its full size.
     *
     * @param count how many; the caller has already bounded it
     * @return a new array of exactly {@code count} values
     * @throws InvalidFilterDataException if the rest of the body or the heap cannot hold them
     * @throws IOException if the body ends first
     */
    public short[] readShorts(int count) throws IOException {
        short[] values = new short[allocation(count, Short.BYTES, "an array of " + count + " shorts")];
        byte[] buffer = chunk();
        for (int i = 0; i < count; ) {
            int n = Math.min(count - i, CHUNK_BYTES / Short.BYTES);
            readFully(buffer, n * Short.BYTES);
            ByteBuffer.wrap(buffer).asShortBuffer().get(values, i, n);
            i += n;
        }
        return values;
    }

    /**
     * Reads {@code count} bytes into one array allocated at its full size.
     *
     * @param count how many; the caller has already bounded it
     * @return a new array of exactly {@code count} values
     * @throws InvalidFilterDataException if the rest of the body or the heap cannot hold them
     * @throws IOException if the body ends first
     */
    public byte[] readBytes(int count) throws IOException {
        byte[] values = new byte[allocation(count, 1, "an array of " + count + " bytes")];
        readFully(values, count);
        return values;
    }

    /** Checks an array of {@code count} elements before it is allocated; returns {@code count}. */
    private int allocation(int count, int elementBytes, String what) throws InvalidFilterDataException {
        if (count < 0) {
            throw new IllegalArgumentException("negative count " + count);
        }
        reserve((long) count * elementBytes, what);
        return count;
    }

    private void readFully(byte[] buffer, int length) throws IOException {
        consume(length);
        in.readFully(buffer, 0, length);
    }

    /** Counts bytes about to be read; past the declared body, the stream itself reports the end. */
    private void consume(long bytes) {
        remaining = Math.max(0, remaining - bytes);
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
