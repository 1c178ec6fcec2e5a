package org.bloomery.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.bloomery.cli.CliRun.execute;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code rewrite}: files of format version 2, kept from an earlier release, written again as version
 * 3, which then maps and answers every query as the version-2 file read onto the heap does.
 */
class RewriteTest {
    /** Long keys probed against both files: the ones the files were built from and many more. */
    private static final int PROBES = 200_000;
    /** The byte of the header that holds the format version, after the 4-byte magic. */
    private static final int VERSION_BYTE = 4;

    @TempDir
    Path dir;

    static Stream<String> versionTwoFiles() {
        return Stream.of("classic-blocked-xxh64-longs.blmf", "ribbon-v2-xxh64-longs.blmf");
    }

    private Path copyOf(String name) throws IOException {
        Path file = dir.resolve(name);
        try (InputStream in = RewriteTest.class.getResourceAsStream("version-2/" + name)) {
            Files.copy(in, file);
        }
        return file;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("versionTwoFiles")
    void aVersionTwoFileIsRewrittenAsOneThatMapsAndAnswersAlike(String name) throws IOException {
        Path old = copyOf(name);
        assertThat(Files.readAllBytes(old)[VERSION_BYTE]).isEqualTo((byte) 2);
        assertThatThrownBy(() -> Filters.map(old, KeyHasher.longsXxh64()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("bloomery rewrite FILE");
        Path rewritten = dir.resolve("rewritten-" + name);

        CliRun run = execute("rewrite", old.toString(), "--out", rewritten.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("rewrote " + old + " (format version 2) as format version "
                + Envelope.FORMAT_VERSION + " into " + rewritten);
        assertThat(Files.readAllBytes(rewritten)[VERSION_BYTE]).isEqualTo((byte) Envelope.FORMAT_VERSION);
        MembershipFilter<Long> before;
        try (InputStream in = Files.newInputStream(old)) {
            before = Filters.readFrom(in, KeyHasher.longsXxh64());
        }
        try (MembershipFilter<Long> after = Filters.map(rewritten, KeyHasher.longsXxh64())) {
            assertThat(after.kind()).isEqualTo(before.kind());
            assertThat(after.spec()).isEqualTo(before.spec());
            assertThat(after.bitSize()).isEqualTo(before.bitSize());
            assertThat(after.approximateCount()).isEqualTo(before.approximateCount());
            long positives = 0;
            for (long key = 0; key < PROBES; key++) {
                boolean answer = before.mightContainLong(key);
                assertThat(after.mightContainLong(key)).as("key %d", key).isEqualTo(answer);
                positives += answer ? 1 : 0;
            }
            assertThat(positives).as("keys the filter holds, among those probed").isPositive();
        }
        CliRun info = execute("info", rewritten.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("kind:           " + before.kind());
    }

    @Test
    void withoutOutTheFileIsReplacedInPlace() throws IOException {
        Path file = copyOf("classic-blocked-xxh64-longs.blmf");

        CliRun run = execute("rewrite", file.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.readAllBytes(file)[VERSION_BYTE]).isEqualTo((byte) Envelope.FORMAT_VERSION);
        try (MembershipFilter<Long> mapped = Filters.map(file, KeyHasher.longsXxh64())) {
            assertThat(mapped.approximateCount()).isPositive();
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("no temporary file left beside it").containsExactly(file);
        }
        CliRun again = execute("rewrite", file.toString());
        assertThat(again.exitCode()).as(again.stderr()).isZero();
        assertThat(again.stderr()).contains("(format version " + Envelope.FORMAT_VERSION + ")");
    }

    /** A damaged body is found before anything is written: the target keeps what it held. */
    @Test
    void aDamagedFileIsRefusedAndNothingIsWritten() throws IOException {
        Path good = dir.resolve("good.blmf");
        execute("rewrite", copyOf("classic-blocked-xxh64-longs.blmf").toString(), "--out", good.toString());
        byte[] bytes = Files.readAllBytes(good);
        bytes[bytes.length - 100] ^= 0x10;
        Path damaged = Files.write(dir.resolve("damaged.blmf"), bytes);
        Path target = Files.writeString(dir.resolve("target.blmf"), "kept");

        CliRun run = execute("rewrite", damaged.toString(), "--out", target.toString());

        assertThat(run.exitCode()).isEqualTo(Main.USAGE);
        assertThat(run.stderr()).startsWith("bloomery: " + damaged + " is not a usable filter");
        assertThat(Files.readString(target)).isEqualTo("kept");
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("missing.blmf");

        CliRun run = execute("rewrite", missing.toString());

        assertThat(run.exitCode()).isEqualTo(Main.USAGE);
        assertThat(run.stderr()).contains(missing.toString());
    }
}
