package org.bloomery.api.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Filters written by the previous release (format version 2) with {@code xxh64:long-le}, when {@link KeyHasher#longs()}
 * still gave it, must read back and answer exactly as they did, whichever long hasher the reader
 * offers. Each kind module keeps its files under {@code previous-release/} beside its test class
 * (how they were made: {@code previous-release-files.md} in this package's test resources) and
 * extends this class with their names.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PreviousReleaseFilesContract {
    /** Keys added to each file's filter: {@code present(0 .. PRESENT-1)}. */
    private static final int PRESENT = 1000;
    /** Absent keys probed; the file's {@code .true-absent.txt} lists those that answered true. */
    private static final int ABSENT = 5000;

    /**
     * The files' names, each {@code <name>-xxh64-longs.blmf} with its {@code
     * <name>-xxh64-longs.true-absent.txt}.
     *
     * @return the names
     */
    protected abstract List<String> names();

    Stream<Arguments> filesAndReaders() {
        return names().stream().flatMap(name -> Stream.of(KeyHasher.longs(), KeyHasher.longsXxh64())
                .map(reader -> Arguments.of(name, reader)));
    }

    @ParameterizedTest(name = "{0} read with {1}")
    @MethodSource("filesAndReaders")
    void readsBackWithItsOwnHasherTheSameBytesAndTheSameAnswers(String name, KeyHasher<Long> reader)
            throws IOException {
        byte[] written = resource(name + "-xxh64-longs.blmf");
        MembershipFilter<Long> filter = Filters.readFrom(new ByteArrayInputStream(written), reader);
        assertThat(filter.hasher()).isSameAs(KeyHasher.longsXxh64());
        assertThat(written[4]).as("the file's format version").isEqualTo((byte) Envelope.UNALIGNED_VERSION);
        byte[] again = FilterBytes.of(filter);
        assertThat(again[4]).as("the version it is written again in").isEqualTo((byte) Envelope.FORMAT_VERSION);
        MembershipFilter<Long> reread = Filters.readFrom(new ByteArrayInputStream(again), reader);
        assertThat(FilterBytes.of(reread)).as("the filter written again, read and written once more").isEqualTo(again);
        for (MembershipFilter<Long> each : List.of(filter, reread)) {
            for (int i = 0; i < PRESENT; i++) {
                assertThat(each.mightContain(present(i))).as("present key %d", i).isTrue();
            }
            List<Integer> answeredTrue = new ArrayList<>();
            for (int i = 0; i < ABSENT; i++) {
                if (each.mightContain(absent(i))) {
                    answeredTrue.add(i);
                }
            }
            assertThat(answeredTrue).as("absent keys answering true, as the previous release answered")
                    .isEqualTo(recordedTrue(name)).isNotEmpty();
        }
    }

    private static long present(int i) {
        return (i + 1) * 0x9E3779B97F4A7C15L;
    }

    private static long absent(int i) {
        return ~((i + 1) * 0xC2B2AE3D27D4EB4FL);
    }

    private List<Integer> recordedTrue(String name) throws IOException {
        String text = new String(resource(name + "-xxh64-longs.true-absent.txt"), StandardCharsets.US_ASCII).trim();
        return Arrays.stream(text.split(" ")).map(Integer::valueOf).toList();
    }

    private byte[] resource(String file) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("previous-release/" + file)) {
            assertThat(in).as("test resource previous-release/%s beside %s", file, getClass().getName()).isNotNull();
            return in.readAllBytes();
        }
    }
}
