package org.bloomery.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each failure the envelope detects has its own message. */
class EnvelopeTest {
    private static final KeyHasher<Long> HASHER = KeyHasher.longs();

    private static byte[] plain() throws IOException {
        MembershipFilter<Long> filter = Filters.create("test-exact", FilterSpec.of(10, 0.01), HASHER);
        filter.add(1L);
        filter.add(2L);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        filter.writeTo(out);
        return out.toByteArray();
    }

    private static InvalidFilterDataException read(byte[] bytes) {
        return (InvalidFilterDataException) org.assertj.core.api.Assertions.catchThrowableOfType(
                InvalidFilterDataException.class, () -> Filters.readFrom(new ByteArrayInputStream(bytes), HASHER));
    }

    @Test
    void layoutMatchesFormatMd() throws IOException {
        byte[] bytes = plain();
        ByteBuffer b = ByteBuffer.wrap(bytes);
        assertThat(b.getInt()).isEqualTo(0x424C4D46);
        assertThat(b.get()).isEqualTo((byte) 3);
        byte[] kind = new byte[b.get()];
        b.get(kind);
        assertThat(new String(kind, "US-ASCII")).isEqualTo("test-exact");
        byte[] hasher = new byte[b.get()];
        b.get(hasher);
        assertThat(new String(hasher, "US-ASCII")).isEqualTo("xxh3:long-le");
        assertThat(b.getLong()).isEqualTo(10);
        assertThat(b.getDouble()).isEqualTo(0.01);
        assertThat(b.get()).isZero();
        long bodyLength = b.getLong();
        assertThat(bodyLength).isEqualTo(4 + 2 * 12);
        assertThat(b.get()).as("log2 of the region size").isEqualTo((byte) 20);
        CRC32C header = new CRC32C();
        header.update(bytes, 0, b.position());
        assertThat(b.getInt()).as("header checksum").isEqualTo((int) header.getValue());
        while (b.position() % 64 != 0) {
            assertThat(b.get()).as("padding").isZero();
        }
        int body = b.position();
        b.position(body + (int) bodyLength);
        CRC32C region = new CRC32C();
        region.update(bytes, body, (int) bodyLength);
        assertThat(b.getInt()).as("the one region's checksum").isEqualTo((int) region.getValue());
        CRC32C table = new CRC32C();
        table.update(bytes, body + (int) bodyLength, 4);
        assertThat(b.getInt()).as("the region table's checksum").isEqualTo((int) table.getValue());
        assertThat(b.hasRemaining()).isFalse();
    }

    @Test
    void namesEachProblem() throws IOException {
        byte[] good = plain();
        assertThat(read(new byte[0])).hasMessageContaining("empty stream");
        byte[] magic = good.clone();
        magic[0] = 'X';
        assertThat(read(magic)).hasMessageContaining("magic");
        byte[] version = good.clone();
        version[4] = 9;
        assertThat(read(version)).hasMessageContaining("unknown format version 9");
        byte[] checksum = good.clone();
        checksum[checksum.length - 1] ^= 1;
        assertThat(read(checksum)).hasMessageContaining("checksum");
        byte[] body = good.clone();
        body[body.length - 6] ^= 1;
        assertThat(read(body)).hasMessageContaining("checksum");
        assertThat(read(java.util.Arrays.copyOf(good, good.length - 1))).hasMessageContaining("truncated");
        assertThat(read(java.util.Arrays.copyOf(good, 20))).hasMessageContaining("truncated");
        assertThatThrownBy(() -> Filters.readFrom(new ByteArrayInputStream(good), KeyHasher.strings()))
                .isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("'xxh3:long-le'").hasMessageContaining("'xxh64:utf8'");
    }

    /**
     * A filter names its hasher: read with a built-in hasher of the same item type, it keeps the
     * built-in one it names, so it answers as it did when written; a hasher of the caller's own
     * must have the id in the data.
     */
    @Test
    void aBuiltInHasherNamedInTheDataIsTheOneUsed() throws IOException {
        for (KeyHasher<Long> written : List.of(KeyHasher.longsXxh64(), KeyHasher.longs())) {
            MembershipFilter<Long> filter = Filters.create("test-exact", FilterSpec.of(10, 0.01), written);
            filter.add(1L);
            filter.add(200L);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            filter.writeTo(out);
            for (KeyHasher<Long> reader : List.of(KeyHasher.longs(), KeyHasher.longsXxh64())) {
                MembershipFilter<Long> read = Filters.readFrom(new ByteArrayInputStream(out.toByteArray()), reader);
                assertThat(read.hasher()).as("%s read with %s", written, reader).isSameAs(written);
                assertThat(read.mightContain(200L)).isTrue();
                assertThat(read.mightContainHash(reader.hash(200L))).isEqualTo(reader == written);
            }
            KeyHasher<Long> own = KeyHasher.of("my-app:longs", written::hash);
            assertThatThrownBy(() -> Filters.readFrom(new ByteArrayInputStream(out.toByteArray()), own))
                    .isInstanceOf(InvalidFilterDataException.class)
                    .hasMessageContaining("'" + written.id() + "'").hasMessageContaining("'my-app:longs'");
            KeyHasher<Long> sameId = KeyHasher.of(written.id(), written::hash);
            assertThat(Filters.readFrom(new ByteArrayInputStream(out.toByteArray()), sameId).hasher()).isSameAs(sameId);
        }
    }

    @Test
    void theKindPrefixNamesTheKindAndTheHasherAndReplaysTheWholeEnvelope() throws IOException {
        byte[] good = plain();
        Envelope.KindPrefix prefix = Envelope.readKind(new ByteArrayInputStream(good));
        assertThat(prefix.kind()).isEqualTo("test-exact");
        assertThat(prefix.hasherId()).isEqualTo(HASHER.id());
        assertThat(prefix.stream().readAllBytes()).isEqualTo(good);
    }

    /** One flipped byte in the kind used to dispatch to a kind that does not exist ("blassic"). */
    @Test
    void aDamagedHeaderIsCaughtByItsChecksumBeforeTheKindIsUsed() throws IOException {
        byte[] damaged = plain();
        damaged[6] ^= 1; // 't' of "test-exact" becomes 'u'
        assertThat(read(damaged)).hasMessageContaining("corrupt header: header checksum mismatch")
                .hasMessageNotContaining("uest-exact");
        assertThatThrownBy(() -> Envelope.readKind(new ByteArrayInputStream(damaged)))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("header checksum mismatch");
    }

    @Test
    void versionOneIsRefusedNamingTheVersion() throws IOException {
        byte[] old = plain();
        old[4] = 1;
        assertThat(read(old)).hasMessageContaining("format version 1").hasMessageContaining("reads versions 2 and 3");
    }

    @Test
    void aRepeatedOptionKeyIsRefusedNamingIt() throws IOException {
        // The test kind takes no options, so the header is written for a stand-in with options a and b.
        FilterSpec spec = FilterSpec.of(10, 0.01).withOption("a", "1").withOption("b", "2");
        MembershipFilter<?> withOptions = (MembershipFilter<?>) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {MembershipFilter.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "kind" -> "test-exact";
                    case "hasher" -> HASHER;
                    case "spec" -> spec;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Envelope.write(out, withOptions, 4, body -> body.writeInt(0));
        byte[] bytes = out.toByteArray();
        int keyB = FilterBytes.expectedInsertionsOffset(bytes) + 16 + 1 + 1 + 1 + 2 + 1 + 1;
        assertThat(bytes[keyB]).isEqualTo((byte) 'b');
        bytes[keyB] = 'a';
        assertThat(read(FilterBytes.reseal(bytes))).hasMessageContaining("option 'a' appears more than once");
    }

    @Test
    void aBodyShorterOrLongerThanDeclaredIsRejected() throws IOException {
        byte[] good = plain(); // the body is 28 bytes: a count and two entries
        assertThat(read(withBodyLength(good, 29))).hasMessageContaining("left 1 of its 29 bytes unread");
        assertThat(read(withBodyLength(good, 27))).hasMessageContaining("truncated");
        assertThat(read(withBodyLength(good, 32))).hasMessageContaining("left 4 of its 32 bytes unread");
    }

    /** The envelope with its body cut or extended with zeros to {@code length}, every checksum sealed. */
    private static byte[] withBodyLength(byte[] envelope, int length) {
        int body = FilterBytes.bodyOffset(envelope);
        byte[] changed = Arrays.copyOf(envelope, body + length + 2 * Integer.BYTES);
        Arrays.fill(changed, body + Math.min(length, 28), changed.length, (byte) 0);
        ByteBuffer.wrap(changed).putLong(FilterBytes.headerChecksumOffset(envelope) - 1 - Long.BYTES, length);
        return FilterBytes.reseal(changed);
    }

    @Test
    void aWriterThatBreaksItsDeclaredLengthFails() {
        MembershipFilter<Long> filter = Filters.create("test-exact", FilterSpec.of(10, 0.01), HASHER);
        assertThatThrownBy(() -> Envelope.write(new ByteArrayOutputStream(), filter, 8, body -> body.writeInt(1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("declared a body of 8 bytes but wrote 4");
    }

    /** A claimed array larger than what is left of the declared body is refused before it is allocated. */
    @Test
    void anArrayLongerThanTheRestOfTheBodyIsRefusedBeforeAllocating() throws IOException {
        FilterDataInput in = new FilterDataInput(new ByteArrayInputStream(new byte[12]), 12, true);
        assertThatThrownBy(() -> in.readLongs(Integer.MAX_VALUE)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessage("an array of 2147483647 longs needs 17179869176 bytes, but only 12 bytes of the declared"
                        + " body are left");
        FilterDataInput bytes = new FilterDataInput(new ByteArrayInputStream(new byte[12]), 12, true);
        assertThatThrownBy(() -> bytes.readBytes(13)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("needs 13 bytes, but only 12");
        FilterDataInput shorts = new FilterDataInput(new ByteArrayInputStream(new byte[12]), 12, true);
        shorts.readUnsignedByte("first", 0, 0);
        assertThatThrownBy(() -> shorts.readShorts(6)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("needs 12 bytes, but only 11");
    }

    /**
     * A legal header's huge body followed by an endless stream of zeros: the array is refused up
     * front, naming its size and the free heap, instead of growing until OutOfMemoryError.
     */
    @Test
    void anArrayLargerThanTheHeapIsRefusedBeforeAllocating() {
        InputStream endlessZeros = new InputStream() {
            @Override
            public int read() {
                return 0;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                Arrays.fill(b, off, off + len, (byte) 0);
                return len;
            }
        };
        long bytes = (Integer.MAX_VALUE - 8L) * Long.BYTES;
        assumeTrue(bytes > Runtime.getRuntime().maxMemory(), "a heap smaller than 16 GiB");
        FilterDataInput in = new FilterDataInput(endlessZeros, Envelope.MAX_BODY_LENGTH, true);
        assertThatThrownBy(() -> in.readLongs(Integer.MAX_VALUE - 8)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("an array of 2147483639 longs needs 17179869112 bytes")
                .hasMessageContaining("bytes of heap are free");
    }

    @Test
    void arraysLargerThanOneChunkRoundTrip() throws IOException {
        long[] longs = new long[1_000_003];
        short[] shorts = new short[70_001];
        byte[] bytes = new byte[200_003];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = i * 0x9E3779B97F4A7C15L;
        }
        for (int i = 0; i < shorts.length; i++) {
            shorts[i] = (short) (i * 31);
        }
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 7);
        }
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        FilterDataOutput out = new FilterDataOutput(sink);
        out.writeLongs(longs, 0, longs.length);
        out.writeShorts(shorts, 0, shorts.length);
        out.writeBytes(bytes, 0, bytes.length);
        out.flush();
        assertThat(out.written()).isEqualTo(8L * longs.length + 2L * shorts.length + bytes.length);
        FilterDataInput in = new FilterDataInput(new ByteArrayInputStream(sink.toByteArray()), sink.size(), true);
        assertThat(in.readLongs(longs.length)).isEqualTo(longs);
        assertThat(in.readShorts(shorts.length)).isEqualTo(shorts);
        assertThat(in.readBytes(bytes.length)).isEqualTo(bytes);
    }

    @Test
    void rangeChecksNameTheField() {
        byte[] data = ByteBuffer.allocate(8).putLong(99).array();
        FilterDataInput in = new FilterDataInput(new ByteArrayInputStream(data), data.length, true);
        assertThatThrownBy(() -> in.readLong("bits", 64, 90)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessage("bits = 99 is outside [64, 90]");
    }

    /**
     * A body aligns an array to 64 bytes from its start, which is 64 bytes from the envelope's:
     * zeros are written and skipped; a non-zero padding byte is refused; a version-2 body has none.
     */
    @Test
    void anArrayAlignedInTheBodyStartsAtAMultipleOf64InTheEnvelope() throws IOException {
        MembershipFilter<Long> filter = Filters.create("test-exact", FilterSpec.of(10, 0.01), HASHER);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Envelope.write(out, filter, 3 + 61 + 8, body -> {
            body.writeByte(1);
            body.writeByte(2);
            body.writeByte(3);
            body.alignTo(Envelope.BODY_ALIGNMENT);
            body.writeLong(0x0102030405060708L);
        });
        byte[] bytes = out.toByteArray();
        int body = FilterBytes.bodyOffset(bytes);
        assertThat(body % 64).isZero();
        assertThat(ByteBuffer.wrap(bytes).getLong(body + 64)).isEqualTo(0x0102030405060708L);
        Envelope.BodyReader<Long, Long> reader = (spec, hasher, in) -> {
            in.readUnsignedByte("a", 1, 1);
            in.readUnsignedByte("b", 2, 2);
            in.readUnsignedByte("c", 3, 3);
            in.alignTo(Envelope.BODY_ALIGNMENT);
            assertThat(in.position()).isEqualTo(64);
            return in.readLong("word", Long.MIN_VALUE, Long.MAX_VALUE);
        };
        assertThat(Envelope.read(new ByteArrayInputStream(bytes), "test-exact", HASHER, reader))
                .isEqualTo(0x0102030405060708L);
        byte[] damaged = FilterBytes.craftedBody(bytes, b -> b.put(10, (byte) 1));
        assertThatThrownBy(() -> Envelope.read(new ByteArrayInputStream(damaged), "test-exact", HASHER, reader))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("padding");
        FilterDataInput unaligned = new FilterDataInput(new ByteArrayInputStream(new byte[] {7}), 1, false);
        unaligned.alignTo(Envelope.BODY_ALIGNMENT);
        assertThat(unaligned.readUnsignedByte("a version-2 body's next byte", 7, 7)).isEqualTo(7);
        assertThatThrownBy(() -> FilterDataOutput.padding(0, 128)).isInstanceOf(IllegalArgumentException.class);
    }

    /** A kind that does not map refuses with the SPI's default, which names the way that works. */
    @Test
    void aKindThatDoesNotMapIsRefusedNamingReadFrom(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("exact.blmf");
        Files.write(file, plain());
        assertThatThrownBy(() -> Filters.map(file, HASHER)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("'test-exact'").hasMessageContaining("Filters.readFrom");
    }
}
