package org.bloomery.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The windows of a mapping larger than 2 GiB (a sparse file, so the test writes a few pages): reads
 * of every width at offsets that straddle a window's 1 GiB stride come from one window, at offsets
 * beyond 2^31 too, and reads past the end are refused.
 */
class MappedBytesTest {
    private static final long GIB = 1L << 30;

    @TempDir
    Path dir;

    @Test
    void readsAcrossTheStridesOfAFileLargerThanTwoGib() throws IOException {
        Path file = dir.resolve("sparse");
        long position = 4096; // where the mapped range starts in the file, as a body does
        long length = 2 * GIB + 4096;
        // Apart from each other; the third and fifth straddle a stride.
        long[] offsets = {0, GIB - 12, GIB - 3, GIB + 8, 2 * GIB - 5, 2 * GIB + 100, length - 8};
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.READ)) {
            for (int i = 0; i < offsets.length; i++) {
                channel.write(ByteBuffer.allocate(8).putLong(0, value(i)), position + offsets[i]);
            }
            MappedBytes bytes = MappedBytes.map(channel, position, length);
            assertThat(bytes.length()).isEqualTo(length);
            for (int i = 0; i < offsets.length; i++) {
                long at = offsets[i];
                assertThat(bytes.getLong(at)).as("long at %d", at).isEqualTo(value(i));
                assertThat(bytes.getInt(at)).as("int at %d", at).isEqualTo((int) (value(i) >>> 32));
                assertThat(bytes.getShort(at)).as("short at %d", at).isEqualTo((short) (value(i) >>> 48));
                assertThat(bytes.getByte(at)).as("byte at %d", at).isEqualTo((byte) (value(i) >>> 56));
                byte[] copied = new byte[8];
                bytes.copy(at, copied, 0, 8);
                assertThat(ByteBuffer.wrap(copied).getLong()).isEqualTo(value(i));
            }
            CRC32C expected = new CRC32C();
            expected.update(ByteBuffer.allocate(8).putLong(0, value(1)).array(), 0, 4);
            assertThat(bytes.crc32c(GIB - 12, 4)).isEqualTo((int) expected.getValue());
            assertThatThrownBy(() -> bytes.getLong(length - 7)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> bytes.getByte(length)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> bytes.getByte(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    private static long value(int i) {
        return 0x0102030405060708L * (i + 1) ^ 0x8000_0000_0000_0000L;
    }
}
