package org.bloomery.api.spi;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * A read-only range of a file, mapped into memory and read at 64-bit byte offsets: the one primitive
 * every mapped filter reads its structure through. Values are big-endian, as everything in the
 * format is (FORMAT.md, "Mapping a filter file").
 *
 * <p>{@link FileChannel#map} maps at most 2^31 - 1 bytes at once, so the range is mapped in windows:
 * window w starts at offset {@code w · 2^30} and maps {@link #WINDOW_BYTES} + {@link #OVERLAP}
 * bytes (fewer at the end of the range). A read of up to {@link #OVERLAP} bytes starting anywhere in
 * [w · 2^30, (w + 1) · 2^30) lies wholly in window w, whatever its alignment: no 64-byte block and no
 * array element is ever split between two windows, and a read is one window lookup and one load.
 * A range that starts at a 64-byte-aligned file offset (a version-3 body does) keeps that alignment
 * in memory, since a mapping starts on a page boundary: offset o is a multiple of 64 in memory when
 * o is a multiple of 64, so a 64-byte block at such an offset is one cache line.
 *
 * <p>A read outside [0, {@link #length()}) throws {@link IndexOutOfBoundsException}. If the file is
 * truncated while mapped, a read of a page that no longer exists makes the JVM throw {@link
 * InternalError} (SIGBUS turned into an error); {@link org.bloomery.api.MappedFilter} turns that
 * into {@link org.bloomery.api.MappedFileException} at its query boundary. On JDK 17 a mapping is
 * released only when its buffers are garbage-collected; nothing here unmaps it earlier.
 *
 * <p>Immutable and safe for reads from any number of threads.
 */
public final class MappedBytes {
    /** log2 of {@link #WINDOW_BYTES}. */
    public static final int WINDOW_BITS = 30;
    /** The stride between windows: 1 GiB. */
    public static final long WINDOW_BYTES = 1L << WINDOW_BITS;
    /** Bytes each window maps past its stride, so that a read of up to this many never crosses windows. */
    public static final int OVERLAP = 64;

    private static final int OFFSET_MASK = (int) (WINDOW_BYTES - 1);
    private static final int CRC_CHUNK = 1 << 16;

    private final ByteBuffer[] windows;
    private final long length;

    private MappedBytes(ByteBuffer[] windows, long length) {
        this.windows = windows;
        this.length = length;
    }

    /**
     * Maps {@code length} bytes of a file read-only, from {@code position}. The channel may be closed
     * afterwards: the mapping stays valid.
     *
     * @param channel a channel open for reading
     * @param position the file offset of byte 0
     * @param length the bytes to map; the file must hold them
     * @return the mapped range
     * @throws IOException if the mapping fails
     */
    public static MappedBytes map(FileChannel channel, long position, long length) throws IOException {
        Objects.requireNonNull(channel, "channel");
        if (position < 0 || length < 0) {
            throw new IllegalArgumentException("negative position " + position + " or length " + length);
        }
        int count = (int) ((length + WINDOW_BYTES - 1) >>> WINDOW_BITS);
        ByteBuffer[] windows = new ByteBuffer[count];
        for (int w = 0; w < count; w++) {
            long start = (long) w << WINDOW_BITS;
            long size = Math.min(WINDOW_BYTES + OVERLAP, length - start);
            MappedByteBuffer window = channel.map(FileChannel.MapMode.READ_ONLY, position + start, size);
            // Big-endian, the format's order; on x86 a load with a byte swap (movbe), no slower in a query.
            windows[w] = window.order(ByteOrder.BIG_ENDIAN);
        }
        return new MappedBytes(windows, length);
    }

    /**
     * The bytes mapped.
     *
     * @return the range's length
     */
    public long length() {
        return length;
    }

    /**
     * The big-endian long at a byte offset.
     *
     * @param offset in [0, length - 8]
     * @return the value
     * @throws IndexOutOfBoundsException if the 8 bytes are not all in the range
     */
    public long getLong(long offset) {
        return window(offset).getLong((int) offset & OFFSET_MASK);
    }

    /**
     * The big-endian int at a byte offset.
     *
     * @param offset in [0, length - 4]
     * @return the value
     * @throws IndexOutOfBoundsException if the 4 bytes are not all in the range
     */
    public int getInt(long offset) {
        return window(offset).getInt((int) offset & OFFSET_MASK);
    }

    /**
     * The big-endian short at a byte offset.
     *
     * @param offset in [0, length - 2]
     * @return the value
     * @throws IndexOutOfBoundsException if the 2 bytes are not all in the range
     */
    public short getShort(long offset) {
        return window(offset).getShort((int) offset & OFFSET_MASK);
    }

    /**
     * The byte at an offset.
     *
     * @param offset in [0, length - 1]
     * @return the value
     * @throws IndexOutOfBoundsException if the offset is not in the range
     */
    public byte getByte(long offset) {
        return window(offset).get((int) offset & OFFSET_MASK);
    }

    /**
     * Copies bytes out, for a writer that streams the range.
     *
     * @param offset of the first byte
     * @param into receives them
     * @param from index of the first in {@code into}
     * @param count how many
     * @throws IndexOutOfBoundsException if a byte is outside the range or the array
     */
    public void copy(long offset, byte[] into, int from, int count) {
        Objects.checkFromIndexSize(offset, count, length);
        Objects.checkFromIndexSize(from, count, into.length);
        int done = 0;
        while (done < count) {
            long at = offset + done;
            int n = (int) Math.min(count - done, WINDOW_BYTES - (at & OFFSET_MASK));
            window(at).get((int) at & OFFSET_MASK, into, from + done, n);
            done += n;
        }
    }

    /**
     * The CRC32C of a range, read through a heap buffer of 64 KiB: the JVM's CRC32C intrinsic reads
     * memory without the guard that turns a fault on a truncated mapping into {@link InternalError}
     * (JDK 17 dies of SIGBUS in it), while the copy out of the mapping has the guard.
     *
     * @param offset of the first byte
     * @param count how many
     * @return the checksum
     * @throws IndexOutOfBoundsException if a byte is outside the range
     */
    public int crc32c(long offset, long count) {
        Objects.checkFromIndexSize(offset, count, length);
        CRC32C crc = new CRC32C();
        byte[] chunk = new byte[(int) Math.min(count, CRC_CHUNK)];
        for (long done = 0; done < count; ) {
            int n = (int) Math.min(chunk.length, count - done);
            copy(offset + done, chunk, 0, n);
            crc.update(chunk, 0, n);
            done += n;
        }
        return (int) crc.getValue();
    }

    private ByteBuffer window(long offset) {
        if (offset < 0 || offset >= length) {
            throw new IndexOutOfBoundsException("offset " + offset + " outside the " + length + " mapped bytes");
        }
        return windows[(int) (offset >>> WINDOW_BITS)];
    }
}
