package org.bloomery.api.spi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;

/**
 * The one binary envelope every kind is written in (FORMAT.md): magic, format version, kind, hasher
 * id, spec and body length, a CRC32C of that header, the kind's body, and a CRC32C trailer, all
 * big-endian. Providers write and read their body through it; it checks everything around the body
 * and turns any malformed, truncated or foreign input into {@link InvalidFilterDataException}. The
 * header's own checksum is checked before anything in it is used, so a damaged header is reported
 * as corrupt data, never read as another kind or another spec.
 */
public final class Envelope {
    /** The first four bytes of every serialized filter: ASCII "BLMF". */
    public static final int MAGIC = 0x424C4D46;
    /** The format version this code writes and reads (version 1 had no header checksum). */
    public static final int FORMAT_VERSION = 2;
    /** Longest body accepted: 2^40 bytes, far above any kind's own limit. */
    public static final long MAX_BODY_LENGTH = 1L << 40;

    private static final int MAX_KIND_LENGTH = 32;
    private static final int MAX_HASHER_ID_LENGTH = 255;

    private Envelope() {
    }

    /** Writes a kind's body. */
    @FunctionalInterface
    public interface BodyWriter {
        /**
         * Writes the body.
         *
         * @param out where the body goes
         * @throws IOException if the stream fails
         */
        void write(FilterDataOutput out) throws IOException;
    }

    /**
     * Reads a kind's body into a filter.
     *
     * @param <T> the item type
     * @param <R> what the body becomes
     */
    @FunctionalInterface
    public interface BodyReader<T, R> {
        /**
         * Reads the body. Must throw {@link InvalidFilterDataException} for any value that does not
         * make a valid filter together with {@code spec}.
         *
         * @param spec the spec read from the envelope
         * @param hasher the hasher the filter's hashes were made with, to keep for its queries: the
         *     caller's, or the built-in hasher the envelope names ({@link KeyHasher#forReading})
         * @param in the body, limited to its declared length
         * @return the filter
         * @throws IOException if the data is invalid or the stream fails
         */
        R read(FilterSpec spec, KeyHasher<? super T> hasher, FilterDataInput in) throws IOException;
    }

    /**
     * The kind read from the start of an envelope, and a stream that replays the envelope from its
     * first byte.
     *
     * @param kind the kind named in the envelope
     * @param stream the whole envelope again, for the provider's {@code readFrom}
     * @param hasherId the id of the hasher the filter was written with, so that a reader that does
     *     not hash items (one that only describes the filter) can read it with a hasher of that id
     */
    public record KindPrefix(String kind, InputStream stream, String hasherId) {
    }

    /**
     * Writes a filter's envelope around its body.
     *
     * @param out the stream; flushed, not closed
     * @param filter the filter whose kind, hasher id and spec go into the header
     * @param bodyLength exactly how many bytes {@code body} writes
     * @param body writes the body
     * @throws IOException if the stream fails
     * @throws IllegalStateException if {@code body} writes other than {@code bodyLength} bytes
     */
    public static void write(OutputStream out, MembershipFilter<?> filter, long bodyLength, BodyWriter body)
            throws IOException {
        write(out, filter.kind(), filter.hasher(), filter.spec(), bodyLength, body);
    }

    /**
     * Writes an envelope with the given header, for a filter that snapshots itself as another kind
     * (a shared filter whose bits live in a server writes the matching in-process kind).
     *
     * @param out the stream; flushed, not closed
     * @param kind the kind named in the header, whose provider reads the body
     * @param hasher the hasher whose id goes into the header
     * @param spec the spec that goes into the header; the kind's reader checks the body against it
     * @param bodyLength exactly how many bytes {@code body} writes
     * @param body writes the body
     * @throws IOException if the stream fails
     * @throws IllegalStateException if {@code body} writes other than {@code bodyLength} bytes
     */
    public static void write(OutputStream out, String kind, KeyHasher<?> hasher, FilterSpec spec, long bodyLength,
            BodyWriter body) throws IOException {
        Objects.requireNonNull(out, "out");
        if (bodyLength < 0 || bodyLength > MAX_BODY_LENGTH) {
            throw new IllegalArgumentException("body length " + bodyLength + " outside [0, " + MAX_BODY_LENGTH + "]");
        }
        ByteArrayOutputStream headerBytes = new ByteArrayOutputStream();
        DataOutputStream header = new DataOutputStream(headerBytes);
        header.writeInt(MAGIC);
        header.writeByte(FORMAT_VERSION);
        writeAscii(header, kind, MAX_KIND_LENGTH, "kind");
        writeAscii(header, hasher.id(), MAX_HASHER_ID_LENGTH, "hasher id");
        header.writeLong(spec.expectedInsertions());
        header.writeDouble(spec.fpp());
        header.writeByte(spec.options().size());
        for (var option : spec.options().entrySet()) {
            writeAscii(header, option.getKey(), FilterSpec.MAX_OPTION_KEY_LENGTH, "option key");
            byte[] value = option.getValue().getBytes(StandardCharsets.UTF_8);
            header.writeShort(value.length);
            header.write(value);
        }
        header.writeLong(bodyLength);
        CRC32C headerCrc = new CRC32C();
        headerCrc.update(headerBytes.toByteArray());
        header.writeInt((int) headerCrc.getValue());
        CRC32C crc = new CRC32C();
        CheckedOutputStream checked = new CheckedOutputStream(new NonClosing(out), crc);
        headerBytes.writeTo(checked);
        FilterDataOutput data = new FilterDataOutput(checked);
        body.write(data);
        data.flush();
        if (data.written() != bodyLength) {
            throw new IllegalStateException("kind '" + kind + "' declared a body of " + bodyLength
                    + " bytes but wrote " + data.written());
        }
        DataOutputStream trailer = new DataOutputStream(new NonClosing(out));
        trailer.writeInt((int) crc.getValue());
        trailer.flush();
    }

    /**
     * Reads and checks the header of an envelope, without reading past it, and gives its kind.
     *
     * @param in the stream at the start of an envelope
     * @return the kind, and a stream that replays the envelope from its start
     * @throws InvalidFilterDataException if the bytes are not an envelope of this version or the
     *     header is damaged (its checksum does not match)
     * @throws IOException if the stream fails
     */
    public static KindPrefix readKind(InputStream in) throws IOException {
        Objects.requireNonNull(in, "in");
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        Header header = readHeader(new DataInputStream(new Recording(in, seen)));
        InputStream replay = new SequenceInputStream(new ByteArrayInputStream(seen.toByteArray()), in);
        return new KindPrefix(header.kind(), replay, header.hasherId());
    }

    /**
     * Reads one whole envelope and its body.
     *
     * @param in the stream at the start of an envelope; read to the end of the envelope, not closed
     * @param kind the kind the caller reads; a different kind in the data is an error
     * @param hasher the hasher the caller offers; data written with a hasher that {@link
     *     KeyHasher#forReading} does not resolve from it is an error
     * @param body reads the body, given the resolved hasher
     * @param <T> the item type
     * @param <R> what the body becomes
     * @return the body reader's result, returned only once the checksum has matched
     * @throws InvalidFilterDataException if anything in the envelope is wrong, saying what
     * @throws IOException if the stream fails
     */
    public static <T, R> R read(InputStream in, String kind, KeyHasher<? super T> hasher, BodyReader<T, R> body)
            throws IOException {
        Objects.requireNonNull(in, "in");
        CRC32C crc = new CRC32C();
        Bounded bounded = new Bounded(in);
        DataInputStream data = new DataInputStream(new CheckedInputStream(bounded, crc));
        try {
            Header header = readHeader(data);
            if (!header.kind().equals(kind)) {
                throw new InvalidFilterDataException("the data holds a filter of kind '" + header.kind()
                        + "', not '" + kind + "'");
            }
            KeyHasher<? super T> reading = readingHasher(header.hasherId(), hasher);
            FilterSpec spec = header.spec();
            long bodyLength = header.bodyLength();
            bounded.limit(bodyLength);
            R result;
            try {
                result = body.read(spec, reading, new FilterDataInput(data, bodyLength));
            } catch (RuntimeException e) {
                // A body reader validates its fields; anything it still trips over is bad data too.
                throw new InvalidFilterDataException("invalid " + kind + " body: " + e.getMessage(), e);
            }
            if (bounded.remaining() != 0) {
                throw new InvalidFilterDataException("the " + kind + " body left " + bounded.remaining()
                        + " of its " + bodyLength + " bytes unread");
            }
            bounded.unlimit();
            long expected = crc.getValue();
            int stored = new DataInputStream(bounded).readInt();
            if ((int) expected != stored) {
                throw new InvalidFilterDataException(String.format(
                        "checksum mismatch: the data says CRC32C %08x, the bytes give %08x", stored, (int) expected));
            }
            return result;
        } catch (EOFException e) {
            throw truncated("a complete filter", e);
        }
    }

    private static <T> KeyHasher<? super T> readingHasher(String writtenId, KeyHasher<? super T> given)
            throws InvalidFilterDataException {
        Optional<? extends KeyHasher<? super T>> reading = KeyHasher.forReading(writtenId, given);
        if (reading.isEmpty()) {
            throw new InvalidFilterDataException("the filter was written with hasher '" + writtenId
                    + "' but is read with hasher '" + given.id() + "'");
        }
        return reading.get();
    }

    /** What a header holds, read and checked. */
    private record Header(String kind, String hasherId, FilterSpec spec, long bodyLength) {
    }

    /**
     * Reads a header and its checksum, exactly to the end of the checksum. Only the magic, the
     * version and the lengths that delimit the fields are looked at before the checksum matches;
     * every value is checked after.
     */
    private static Header readHeader(DataInputStream in) throws IOException {
        CRC32C crc = new CRC32C();
        DataInputStream header = new DataInputStream(new CheckedInputStream(in, crc));
        byte[] head = new byte[5];
        checkMagicAndVersion(head, readUpTo(header, head, 0, 5));
        try {
            byte[] kind = readField(header, MAX_KIND_LENGTH, "kind");
            byte[] hasherId = readField(header, MAX_HASHER_ID_LENGTH, "hasher id");
            long expectedInsertions = header.readLong();
            double fpp = header.readDouble();
            int optionCount = header.readUnsignedByte();
            if (optionCount > FilterSpec.MAX_OPTIONS) {
                throw corrupt("option count " + optionCount + " is outside [0, " + FilterSpec.MAX_OPTIONS + "]");
            }
            byte[][] keys = new byte[optionCount][];
            byte[][] values = new byte[optionCount][];
            for (int i = 0; i < optionCount; i++) {
                keys[i] = readField(header, FilterSpec.MAX_OPTION_KEY_LENGTH, "option key");
                int valueLength = header.readUnsignedShort();
                if (valueLength > FilterSpec.MAX_OPTION_VALUE_LENGTH * 4) {
                    throw corrupt("length " + valueLength + " of option " + (i + 1) + " is outside [0, "
                            + FilterSpec.MAX_OPTION_VALUE_LENGTH * 4 + "]");
                }
                values[i] = new byte[valueLength];
                header.readFully(values[i]);
            }
            long bodyLength = header.readLong();
            int computed = (int) crc.getValue();
            int stored = in.readInt();
            if (computed != stored) {
                throw corrupt(String.format("header checksum mismatch: the data says CRC32C %08x, the header"
                        + " bytes give %08x", stored, computed));
            }
            if (bodyLength < 0 || bodyLength > MAX_BODY_LENGTH) {
                throw new InvalidFilterDataException("body length " + bodyLength + " is outside [0, "
                        + MAX_BODY_LENGTH + "]");
            }
            TreeMap<String, String> options = new TreeMap<>();
            for (int i = 0; i < optionCount; i++) {
                String key = ascii(keys[i], "option key");
                if (options.put(key, new String(values[i], StandardCharsets.UTF_8)) != null) {
                    throw new InvalidFilterDataException("option '" + key + "' appears more than once");
                }
            }
            FilterSpec spec;
            try {
                spec = new FilterSpec(expectedInsertions, fpp, options);
            } catch (IllegalArgumentException e) {
                throw new InvalidFilterDataException("invalid spec: " + e.getMessage(), e);
            }
            return new Header(ascii(kind, "kind"), ascii(hasherId, "hasher id"), spec, bodyLength);
        } catch (EOFException e) {
            throw truncated("the end of the header", e);
        }
    }

    private static InvalidFilterDataException corrupt(String problem) {
        return new InvalidFilterDataException("corrupt header: " + problem);
    }

    private static void checkMagicAndVersion(byte[] head, int got) throws InvalidFilterDataException {
        if (got < 4) {
            throw got == 0 ? new InvalidFilterDataException("empty stream: no filter data")
                    : truncated("the magic bytes", null);
        }
        int magic = ((head[0] & 0xFF) << 24) | ((head[1] & 0xFF) << 16) | ((head[2] & 0xFF) << 8) | (head[3] & 0xFF);
        if (magic != MAGIC) {
            throw new InvalidFilterDataException(String.format(
                    "not a Bloomery filter: magic bytes are %08x, expected %08x (\"BLMF\")", magic, MAGIC));
        }
        if (got < 5) {
            throw truncated("the format version", null);
        }
        int version = head[4] & 0xFF;
        if (version == 1) {
            throw new InvalidFilterDataException("format version 1 (written by an earlier 0.1.0 snapshot, without a"
                    + " header checksum) is no longer read; this code reads version " + FORMAT_VERSION
                    + ": write the filter again with this version");
        }
        if (version != FORMAT_VERSION) {
            throw new InvalidFilterDataException("unknown format version " + version + "; this code reads version "
                    + FORMAT_VERSION);
        }
    }

    private static InvalidFilterDataException truncated(String what, EOFException cause) {
        return new InvalidFilterDataException("truncated filter data: the stream ended before " + what, cause);
    }

    private static int readUpTo(InputStream in, byte[] buffer, int offset, int length) throws IOException {
        int total = 0;
        while (total < length) {
            int n = in.read(buffer, offset + total, length - total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    private static void writeAscii(DataOutputStream out, String value, int maxLength, String what) throws IOException {
        byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length < 1 || bytes.length > maxLength) {
            throw new IllegalStateException(what + " '" + value + "' must be 1 to " + maxLength + " ASCII characters");
        }
        out.writeByte(bytes.length);
        out.write(bytes);
    }

    private static byte[] readField(DataInputStream in, int maxLength, String what) throws IOException {
        int length = in.readUnsignedByte();
        if (length < 1 || length > maxLength) {
            throw corrupt(what + " length " + length + " is outside [1, " + maxLength + "]");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }

    private static String ascii(byte[] bytes, String what) throws InvalidFilterDataException {
        for (byte b : bytes) {
            if (b < 0x20 || b > 0x7E) {
                throw new InvalidFilterDataException(what + " holds a byte " + (b & 0xFF) + " that is not printable ASCII");
            }
        }
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    /** Passes reads through; while limited, reports end of stream after the limit. */
    private static final class Bounded extends FilterInputStream {
        private long remaining = -1;

        Bounded(InputStream in) {
            super(in);
        }

        void limit(long bytes) {
            remaining = bytes;
        }

        void unlimit() {
            remaining = -1;
        }

        long remaining() {
            return remaining;
        }

        @Override
        public int read() throws IOException {
            if (remaining == 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0 && remaining > 0) {
                remaining--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (remaining == 0) {
                return -1;
            }
            int max = remaining > 0 ? (int) Math.min(len, remaining) : len;
            int n = in.read(b, off, max);
            if (n > 0 && remaining > 0) {
                remaining -= n;
            }
            return n;
        }

        @Override
        public long skip(long n) {
            return 0;
        }

        @Override
        public int available() throws IOException {
            int available = in.available();
            return remaining >= 0 ? (int) Math.min(available, remaining) : available;
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }

    /** Passes reads through and keeps a copy of every byte read. */
    private static final class Recording extends FilterInputStream {
        private final ByteArrayOutputStream copy;

        Recording(InputStream in, ByteArrayOutputStream copy) {
            super(in);
            this.copy = copy;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                copy.write(b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                copy.write(b, off, n);
            }
            return n;
        }

        @Override
        public long skip(long n) {
            return 0;
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }

    /** Keeps the caller's stream open when the wrappers are flushed. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }
}
