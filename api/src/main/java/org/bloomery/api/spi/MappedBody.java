package org.bloomery.api.spi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Objects;
import java.util.stream.IntStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;

/**
 * The body of a version-3 filter file, mapped read-only ({@link Envelope#map}), with what its header
 * says: what a kind's {@link org.bloomery.api.FilterProvider#map} builds a mapped filter from. The
 * header, its checksum, the sizes, the file's length and the region table's checksum were checked
 * when it was opened; the body's bytes were not read, until {@link #verify}.
 *
 * <p>A kind reads its fields with {@link #fields()}, a {@link FilterDataInput} over the mapped
 * body that reads as the streaming reader does, and passes over its arrays with {@link
 * FilterDataInput#skipInPlace}, which gives each array's offset; its queries then read the arrays
 * in {@link #bytes()} at those offsets. Body offset 0 is 64-byte aligned in memory.
 */
public final class MappedBody {
    private final Path file;
    private final String kind;
    private final String hasherId;
    private final FilterSpec spec;
    private final MappedBytes bytes;
    private final int[] regionChecksums;
    private final int regionBits;

    MappedBody(Path file, String kind, String hasherId, FilterSpec spec, MappedBytes bytes, int[] regionChecksums,
            int regionBits) {
        this.file = file;
        this.kind = kind;
        this.hasherId = hasherId;
        this.spec = spec;
        this.bytes = bytes;
        this.regionChecksums = regionChecksums;
        this.regionBits = regionBits;
    }

    /**
     * The file mapped.
     *
     * @return its path, as given
     */
    public Path file() {
        return file;
    }

    /**
     * The kind the header names.
     *
     * @return the kind
     */
    public String kind() {
        return kind;
    }

    /**
     * The id of the hasher the filter was written with.
     *
     * @return the id
     */
    public String hasherId() {
        return hasherId;
    }

    /**
     * The spec the header holds.
     *
     * @return the spec
     */
    public FilterSpec spec() {
        return spec;
    }

    /**
     * The body's bytes, where they are in the mapping.
     *
     * @return the body, offset 0 its first byte
     */
    public MappedBytes bytes() {
        return bytes;
    }

    /**
     * The body's length.
     *
     * @return its bytes
     */
    public long length() {
        return bytes.length();
    }

    /**
     * A reader of the body from its first byte, for the kind's fields; it checks every value as the
     * streaming reader does.
     *
     * @return a new reader, of a version-3 (aligned) body
     */
    public FilterDataInput fields() {
        return new FilterDataInput(new BodyStream(bytes), bytes.length(), true);
    }

    /**
     * Checks that a kind's reader of {@link #fields()} came to the body's end, as the streaming
     * reader checks that a body is read to its declared length.
     *
     * @param fields the reader, after the kind's last field or array
     * @throws InvalidFilterDataException if bytes of the body were left unread, saying how many
     */
    public void requireAllRead(FilterDataInput fields) throws InvalidFilterDataException {
        long left = bytes.length() - fields.position();
        if (left != 0) {
            throw new InvalidFilterDataException("the " + kind + " body left " + left + " of its " + bytes.length()
                    + " bytes unread");
        }
    }

    /**
     * Checks every region of the body against its stored CRC32C, the regions in parallel.
     *
     * @throws InvalidFilterDataException naming the first region (the lowest index) whose checksum
     *     does not match, and its byte range in the body
     */
    public void verify() throws InvalidFilterDataException {
        long regionBytes = 1L << regionBits;
        int bad = IntStream.range(0, regionChecksums.length).parallel()
                .filter(region -> {
                    long offset = region * regionBytes;
                    int count = (int) Math.min(regionBytes, bytes.length() - offset);
                    return bytes.crc32c(offset, count) != regionChecksums[region];
                })
                .min().orElse(-1);
        if (bad >= 0) {
            long from = bad * regionBytes;
            long to = Math.min(from + regionBytes, bytes.length());
            throw new InvalidFilterDataException("checksum mismatch in region " + bad + " of the body (bytes [" + from
                    + ", " + to + ") of " + bytes.length() + ") of " + file);
        }
    }

    /**
     * Writes the body, unchanged, for a mapped filter's {@code writeTo}.
     *
     * @param out the body being written
     * @throws IOException if the stream fails
     */
    public void copyTo(FilterDataOutput out) throws IOException {
        Objects.requireNonNull(out, "out");
        byte[] chunk = new byte[1 << 16];
        for (long at = 0; at < bytes.length(); at += chunk.length) {
            int n = (int) Math.min(chunk.length, bytes.length() - at);
            bytes.copy(at, chunk, 0, n);
            out.writeBytes(chunk, 0, n);
        }
    }

    /** Reads the mapped body from its first byte. */
    private static final class BodyStream extends InputStream {
        private final MappedBytes bytes;
        private long at;

        BodyStream(MappedBytes bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() {
            return at < bytes.length() ? bytes.getByte(at++) & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            if (at >= bytes.length()) {
                return -1;
            }
            int n = (int) Math.min(len, bytes.length() - at);
            bytes.copy(at, b, off, n);
            at += n;
            return n;
        }

        @Override
        public long skip(long n) {
            long skipped = Math.max(0, Math.min(n, bytes.length() - at));
            at += skipped;
            return skipped;
        }
    }
}
