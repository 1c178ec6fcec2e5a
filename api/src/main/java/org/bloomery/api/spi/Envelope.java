package org.bloomery.api.spi;

import java.io.BufferedInputStream;
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
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import java.util.zip.CheckedInputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;

/**
 * The one binary envelope every kind is written in (FORMAT.md): magic, format version, kind, hasher
 * id, spec, body length and region size, a CRC32C of that header, zeros to a 64-byte boundary, the
 * kind's body, a CRC32C per 1 MiB region of the body and a CRC32C of those, all big-endian (version
 * 3; version 2, still read, had no padding and one CRC32C trailer of everything before it).
 * Providers write and read their body through it; it checks everything around the body
 * and turns any malformed, truncated or foreign input into {@link InvalidFilterDataException}. The
 * header's own checksum is checked before anything in it is used, so a damaged header is reported
 * as corrupt data, never read as another kind or another spec.
 */
public final class Envelope {
    /** The first four bytes of every serialized filter: ASCII "BLMF". */
    public static final int MAGIC = 0x424C4D46;
    /**
     * The format version this code writes: the body at a 64-byte-aligned offset and a CRC32C per
     * region of the body. It also reads version 2 (version 1 had no header checksum).
     */
    public static final int FORMAT_VERSION = 3;
    /** The version written before the body was aligned and checked by region; still read. */
    public static final int UNALIGNED_VERSION = 2;
    /**
     * The alignment, in bytes, of the body's first byte from the envelope's first byte in version
     * 3, and the most a body may align an array to ({@link FilterDataOutput#alignTo}): one cache
     * line, so that a 512-bit block stays one line in a mapping of the file.
     */
    public static final int BODY_ALIGNMENT = 64;
    /** log2 of the bytes of the body each region checksum of version 3 covers: 1 MiB. */
    public static final int REGION_BITS = 20;
    /** Longest body accepted: 2^40 bytes, far above any kind's own limit. */
    public static final long MAX_BODY_LENGTH = 1L << 40;

    private static final int MAX_KIND_LENGTH = 32;
    /** Bytes read at once from a file's start when mapping it: most headers, and their padding. */
    private static final int HEAD_BYTES = 1024;
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
     * @param version the envelope's format version: {@link #FORMAT_VERSION} for a file that can be
     *     mapped ({@link #map}), or {@link #UNALIGNED_VERSION}
     */
    public record KindPrefix(String kind, InputStream stream, String hasherId, int version) {
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
        header.writeByte(REGION_BITS);
        CRC32C headerCrc = new CRC32C();
        headerCrc.update(headerBytes.toByteArray());
        header.writeInt((int) headerCrc.getValue());
        // Zeros to the aligned start of the body, so that the body is aligned in a mapping of the file.
        header.write(new byte[FilterDataOutput.padding(headerBytes.size(), BODY_ALIGNMENT)]);
        header.flush();
        headerBytes.writeTo(out);
        RegionSums sums = new RegionSums(new NonClosing(out), REGION_BITS);
        FilterDataOutput data = new FilterDataOutput(sums);
        body.write(data);
        data.flush();
        if (data.written() != bodyLength) {
            throw new IllegalStateException("kind '" + kind + "' declared a body of " + bodyLength
                    + " bytes but wrote " + data.written());
        }
        int[] regions = sums.finish();
        ByteArrayOutputStream tableBytes = new ByteArrayOutputStream(regions.length * Integer.BYTES);
        DataOutputStream table = new DataOutputStream(tableBytes);
        for (int region : regions) {
            table.writeInt(region);
        }
        CRC32C tableCrc = new CRC32C();
        tableCrc.update(tableBytes.toByteArray());
        table.writeInt((int) tableCrc.getValue());
        tableBytes.writeTo(out);
        out.flush();
    }

    /**
     * The regions a version-3 body of this length is checked in.
     *
     * @param bodyLength the body's length
     * @param regionBits log2 of a region's bytes
     * @return the number of regions: the body's length divided by the region's, rounded up
     */
    static long regions(long bodyLength, int regionBits) {
        return (bodyLength + (1L << regionBits) - 1) >>> regionBits;
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
        return new KindPrefix(header.kind(), replay, header.hasherId(), header.version());
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
        Bounded bounded = new Bounded(in);
        Checksums sums = new Checksums(bounded);
        DataInputStream data = new DataInputStream(sums);
        try {
            Header header = readHeader(data);
            if (!header.kind().equals(kind)) {
                throw new InvalidFilterDataException("the data holds a filter of kind '" + header.kind()
                        + "', not '" + kind + "'");
            }
            KeyHasher<? super T> reading = readingHasher(header.hasherId(), hasher);
            boolean aligned = header.version() == FORMAT_VERSION;
            if (aligned) {
                requirePadding(data, FilterDataOutput.padding(header.length(), BODY_ALIGNMENT));
                sums.byRegions(header.regionBits());
            }
            long bodyLength = header.bodyLength();
            bounded.limit(bodyLength);
            R result;
            try {
                result = body.read(header.spec(), reading, new FilterDataInput(data, bodyLength, aligned));
            } catch (RuntimeException e) {
                // A body reader validates its fields; anything it still trips over is bad data too.
                throw new InvalidFilterDataException("invalid " + kind + " body: " + e.getMessage(), e);
            }
            if (bounded.remaining() != 0) {
                throw new InvalidFilterDataException("the " + kind + " body left " + bounded.remaining()
                        + " of its " + bodyLength + " bytes unread");
            }
            bounded.unlimit();
            if (aligned) {
                checkRegions(new DataInputStream(bounded), sums.regions());
            } else {
                int expected = sums.whole();
                int stored = new DataInputStream(bounded).readInt();
                if (expected != stored) {
                    throw new InvalidFilterDataException(String.format(
                            "checksum mismatch: the data says CRC32C %08x, the bytes give %08x", stored, expected));
                }
            }
            return result;
        } catch (EOFException e) {
            throw truncated("a complete filter", e);
        }
    }

    /**
     * Opens a filter file for mapping: reads and checks its header (magic, version 3, the header's
     * checksum, the spec, the sizes), the padding, the file's length against the length the header
     * declares, and the region table against its checksum, then maps the body read-only. The body
     * itself is not read: {@link MappedBody#verify} checks it.
     *
     * @param file a filter file written by {@link #write} in version {@value #FORMAT_VERSION}
     * @return the mapped body and what the header says
     * @throws InvalidFilterDataException if the file is not a filter, is of version 2 (saying how to
     *     rewrite it), is shorter or longer than its header declares, or a checksum of the header or
     *     of the region table does not match
     * @throws IOException if the file cannot be read or mapped
     */
    public static MappedBody map(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            DataInputStream in = new DataInputStream(new BufferedInputStream(
                    Channels.newInputStream(channel), HEAD_BYTES));
            Header header;
            try {
                header = readHeader(in);
                if (header.version() != FORMAT_VERSION) {
                    throw new InvalidFilterDataException("format version " + header.version() + " has no aligned body"
                            + " and cannot be mapped; rewrite it as version " + FORMAT_VERSION + " with 'bloomery"
                            + " rewrite FILE' or by reading it with Filters.readFrom and writing it with writeTo,"
                            + " or read it with Filters.readFrom");
                }
                requirePadding(in, FilterDataOutput.padding(header.length(), BODY_ALIGNMENT));
            } catch (EOFException e) {
                throw truncated("the end of the header", e);
            }
            long bodyStart = header.length() + FilterDataOutput.padding(header.length(), BODY_ALIGNMENT);
            long regions = regions(header.bodyLength(), header.regionBits());
            long expected = bodyStart + header.bodyLength() + Integer.BYTES * (regions + 1);
            if (size != expected) {
                throw new InvalidFilterDataException((size < expected ? "truncated filter file: " : "filter file too long: ")
                        + file + " holds " + size + " bytes, but its header declares " + expected
                        + " (a body of " + header.bodyLength() + " bytes and " + regions + " region checksums)");
            }
            ByteBuffer table = ByteBuffer.allocate((int) (Integer.BYTES * (regions + 1)));
            long tableStart = bodyStart + header.bodyLength();
            while (table.hasRemaining()) {
                if (channel.read(table, tableStart + table.position()) < 0) {
                    throw truncated("the end of the region table", null);
                }
            }
            CRC32C tableCrc = new CRC32C();
            tableCrc.update(table.array(), 0, (int) (Integer.BYTES * regions));
            int storedTable = table.getInt((int) (Integer.BYTES * regions));
            if (storedTable != (int) tableCrc.getValue()) {
                throw new InvalidFilterDataException(String.format("region table checksum mismatch: the data says"
                        + " CRC32C %08x, the table gives %08x", storedTable, (int) tableCrc.getValue()));
            }
            int[] checksums = new int[(int) regions];
            table.rewind().asIntBuffer().get(checksums);
            MappedBytes body = MappedBytes.map(channel, bodyStart, header.bodyLength());
            return new MappedBody(file, header.kind(), header.hasherId(), header.spec(), body, checksums,
                    header.regionBits());
        }
    }

    /** Reads a version-3 region table and its checksum, and compares them with the body's regions. */
    private static void checkRegions(DataInputStream in, int[] computed) throws IOException {
        CRC32C tableCrc = new CRC32C();
        DataInputStream table = new DataInputStream(new CheckedInputStream(in, tableCrc));
        int[] stored = new int[computed.length];
        for (int i = 0; i < stored.length; i++) {
            stored[i] = table.readInt();
        }
        int storedTable = in.readInt();
        if (storedTable != (int) tableCrc.getValue()) {
            throw new InvalidFilterDataException(String.format("region table checksum mismatch: the data says"
                    + " CRC32C %08x, the table gives %08x", storedTable, (int) tableCrc.getValue()));
        }
        for (int i = 0; i < stored.length; i++) {
            if (stored[i] != computed[i]) {
                throw new InvalidFilterDataException(String.format("checksum mismatch in region %d of the body"
                        + ": the data says CRC32C %08x, the bytes give %08x", i, stored[i], computed[i]));
            }
        }
    }

    private static void requirePadding(DataInputStream in, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            if (in.readByte() != 0) {
                throw corrupt("the padding after the header holds a byte that is not 0");
            }
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

    /**
     * What a header holds, read and checked.
     *
     * @param length the header's bytes, its checksum included
     * @param regionBits log2 of a region's bytes in version 3; 0 in version 2
     */
    record Header(int version, String kind, String hasherId, FilterSpec spec, long bodyLength, int length,
            int regionBits) {
    }

    /**
     * Reads a header and its checksum, exactly to the end of the checksum. Only the magic, the
     * version and the lengths that delimit the fields are looked at before the checksum matches;
     * every value is checked after.
     */
    static Header readHeader(DataInputStream in) throws IOException {
        CRC32C crc = new CRC32C();
        DataInputStream header = new DataInputStream(new CheckedInputStream(in, crc));
        byte[] head = new byte[5];
        int version = checkMagicAndVersion(head, readUpTo(header, head, 0, 5));
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
            int regionBits = version == FORMAT_VERSION ? header.readUnsignedByte() : 0;
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
            if (version == FORMAT_VERSION && regionBits != REGION_BITS) {
                // One region size keeps a region inside one window of a mapping (MappedBytes).
                throw new InvalidFilterDataException("region size 2^" + regionBits + " is not the 2^" + REGION_BITS
                        + " bytes of version " + FORMAT_VERSION);
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
            return new Header(version, ascii(kind, "kind"), ascii(hasherId, "hasher id"), spec, bodyLength,
                    headerLength(kind, hasherId, keys, values, version), regionBits);
        } catch (EOFException e) {
            throw truncated("the end of the header", e);
        }
    }

    /** The bytes of a header with these fields, its checksum included (the table in FORMAT.md). */
    private static int headerLength(byte[] kind, byte[] hasherId, byte[][] keys, byte[][] values, int version) {
        int length = 4 + 1 + 1 + kind.length + 1 + hasherId.length + 8 + 8 + 1;
        for (int i = 0; i < keys.length; i++) {
            length += 1 + keys[i].length + 2 + values[i].length;
        }
        return length + 8 + (version == FORMAT_VERSION ? 1 : 0) + 4;
    }

    private static InvalidFilterDataException corrupt(String problem) {
        return new InvalidFilterDataException("corrupt header: " + problem);
    }

    private static int checkMagicAndVersion(byte[] head, int got) throws InvalidFilterDataException {
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
                    + " header checksum) is no longer read; this code reads versions " + UNALIGNED_VERSION + " and "
                    + FORMAT_VERSION + ": write the filter again with this version");
        }
        if (version != FORMAT_VERSION && version != UNALIGNED_VERSION) {
            throw new InvalidFilterDataException("unknown format version " + version + "; this code reads versions "
                    + UNALIGNED_VERSION + " and " + FORMAT_VERSION);
        }
        return version;
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

    /**
     * A stream whose every byte is read, never skipped or re-read, so that the streams over it that
     * count and sum what passes see every byte once.
     */
    private abstract static class ReadThrough extends FilterInputStream {
        ReadThrough(InputStream in) {
            super(in);
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

    /** Passes reads through; while limited, reports end of stream after the limit. */
    private static final class Bounded extends ReadThrough {
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
        public int available() throws IOException {
            int available = in.available();
            return remaining >= 0 ? (int) Math.min(available, remaining) : available;
        }
    }

    /** Passes reads through and keeps a copy of every byte read. */
    private static final class Recording extends ReadThrough {
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
    }

    /** One CRC32C per region of the bytes given, in order; the last region may be short. */
    private static final class RegionCrcs {
        private final CRC32C crc = new CRC32C();
        private final java.util.List<Integer> done = new java.util.ArrayList<>();
        private final long regionBytes;
        private long inRegion;

        RegionCrcs(int regionBits) {
            this.regionBytes = 1L << regionBits;
        }

        void update(byte[] b, int off, int len) {
            while (len > 0) {
                int n = (int) Math.min(len, regionBytes - inRegion);
                crc.update(b, off, n);
                off += n;
                len -= n;
                inRegion += n;
                if (inRegion == regionBytes) {
                    done.add((int) crc.getValue());
                    crc.reset();
                    inRegion = 0;
                }
            }
        }

        int[] finish() {
            if (inRegion > 0) {
                done.add((int) crc.getValue());
                inRegion = 0;
            }
            return done.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /**
     * Passes reads through and sums them: into one CRC32C of every byte (version 2's trailer) until
     * switched to one CRC32C per region (version 3's table).
     */
    private static final class Checksums extends ReadThrough {
        private final CRC32C whole = new CRC32C();
        private RegionCrcs regions;

        Checksums(InputStream in) {
            super(in);
        }

        void byRegions(int regionBits) {
            regions = new RegionCrcs(regionBits);
        }

        int whole() {
            return (int) whole.getValue();
        }

        int[] regions() {
            return regions.finish();
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                sum(new byte[] {(byte) b}, 0, 1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                sum(b, off, n);
            }
            return n;
        }

        private void sum(byte[] b, int off, int len) {
            if (regions == null) {
                whole.update(b, off, len);
            } else {
                regions.update(b, off, len);
            }
        }
    }

    /** Passes writes through and keeps one CRC32C per region of what passed. */
    private static final class RegionSums extends java.io.FilterOutputStream {
        private final RegionCrcs regions;

        RegionSums(OutputStream out, int regionBits) {
            super(out);
            this.regions = new RegionCrcs(regionBits);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            regions.update(b, off, len);
        }

        int[] finish() {
            return regions.finish();
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
