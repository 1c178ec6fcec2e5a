package org.bloomery.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bloomery.cli.CliRun.execute;
import static org.bloomery.cli.CliRun.withStdin;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The commands end to end: files in and out, answers, exit codes, and one-line errors. */
class CommandLineTest {
    private static final int PASSWORDS = 5_000;
    /** The kinds built whole from a set, which count their distinct items exactly. */
    private static final Set<String> STATIC_KINDS = Set.of("fuse", "ribbon");

    @TempDir
    static Path dir;
    private static Path passwords;

    @BeforeAll
    static void writeAPasswordList() throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < PASSWORDS; i++) {
            lines.add("password" + i);
        }
        lines.add("");
        lines.add("pässwörd");
        lines.add("password1"); // a duplicate
        passwords = Files.write(dir.resolve("weak-passwords.txt"), lines, StandardCharsets.UTF_8);
    }

    static Stream<String> kinds() {
        return Filters.kinds().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void everyKindBuildsQueriesAndDescribes(String kind) {
        Path filter = dir.resolve(kind + ".blmf");
        CliRun build = execute("build", "--kind", kind, "--fpp", "0.001", "--input", passwords.toString(),
                "--out", filter.toString());
        assertThat(build.exitCode()).as(build.stderr()).isZero();
        assertThat(build.stderr()).contains("built a " + kind + " filter");
        assertThat(filter).exists();

        CliRun present = execute("query", "--filter", filter.toString(), "password0", "password4999", "pässwörd");
        assertThat(present.exitCode()).as(present.stderr()).isZero();
        assertThat(present.stdout().lines()).containsExactly("might be present\tpassword0",
                "might be present\tpassword4999", "might be present\tpässwörd");

        CliRun absent = execute("query", "--filter", filter.toString(), "password0", "correct horse battery staple");
        assertThat(absent.exitCode()).isEqualTo(1);
        assertThat(absent.stdout()).contains("definitely absent\tcorrect horse battery staple");

        CliRun fromStdin = withStdin("password7\npassword8\n", "query", "--filter", filter.toString());
        assertThat(fromStdin.exitCode()).isZero();
        assertThat(fromStdin.stdout().lines()).hasSize(2);

        CliRun info = execute("info", filter.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("kind:           " + kind, "hasher:         xxh64:utf8",
                "expected insertions 5002", "fpp 0.001", "expected fpp:");
    }

    @Test
    void theStaticKindCountsDistinctItemsExactly() {
        Path filter = dir.resolve("exact.blmf");
        assertThat(execute("build", "--kind", "fuse", "--fpp", "0.01", "--input", passwords.toString(),
                "--out", filter.toString(), "--option", "fingerprintBits=16").exitCode()).isZero();
        CliRun info = execute("info", filter.toString());
        assertThat(info.stdout()).contains("items:          5,001 (", "fingerprintBits=16", "expected fpp:   1.526e-05");
    }

    /** A layout option passes through build to the kind, and the filter written answers and describes itself. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sectoredKinds")
    void theSectoredLayoutBuildsFromTheCommandLine(String kind) {
        Path filter = dir.resolve(kind + "-sectored.blmf");
        CliRun build = execute("build", "--kind", kind, "--fpp", "0.01", "--input", passwords.toString(),
                "--out", filter.toString(), "--option", "layout=sectored");
        assertThat(build.exitCode()).as(build.stderr()).isZero();
        CliRun present = execute("query", "--filter", filter.toString(), "password0", "password4999", "pässwörd");
        assertThat(present.exitCode()).as(present.stderr()).isZero();
        CliRun info = execute("info", filter.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("layout=sectored");
    }

    static Stream<String> sectoredKinds() {
        return Stream.of("classic", "scalable");
    }

    /** At 1% a ribbon filter keeps 7 result bits in part and 6 in the rest: info shows the bits per item and fpp. */
    @Test
    void infoDescribesARibbonFilterAtAFractionalWidth() {
        Path filter = dir.resolve("ribbon-1pct.blmf");
        assertThat(execute("build", "--kind", "ribbon", "--fpp", "0.01", "--input", passwords.toString(),
                "--out", filter.toString()).exitCode()).isZero();
        CliRun info = execute("info", filter.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("kind:           ribbon", "items:          5,001 (", "expected fpp:   0.0099");
        Matcher bits = Pattern.compile("\\((\\d+\\.\\d+) bits per item\\)").matcher(info.stdout());
        assertThat(bits.find()).as(info.stdout()).isTrue();
        assertThat(Double.parseDouble(bits.group(1))).as("bits per item at 1%").isBetween(6.64, 7.5);
    }

    /** An input with no items builds an empty filter of every kind and says so, with no bits per item to divide. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("everyKind")
    void anEmptyInputSaysSo(String kind) throws IOException {
        Path empty = Files.write(dir.resolve("empty-" + kind + ".txt"), "\n\n".getBytes(StandardCharsets.UTF_8));
        Path filter = dir.resolve("empty-" + kind + ".blmf");
        CliRun build = execute("build", "--kind", kind, "--fpp", "0.01", "--input", empty.toString(),
                "--out", filter.toString());
        assertThat(build.exitCode()).as(build.stderr()).isZero();
        assertThat(build.stderr()).contains("has no items (no non-empty lines); wrote an empty " + kind + " filter")
                .doesNotContain("bits per item", "Infinity", "NaN");
        assertThat(execute("query", "--filter", filter.toString(), "password0").exitCode()).isNotNegative();
    }

    static Stream<String> everyKind() {
        return Stream.of("classic", "counting", "scalable", "cuckoo", "fuse", "ribbon");
    }

    /** A filter a program wrote with another hasher, or its own: info describes it, query says why it cannot ask. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("programHashers")
    void infoDescribesAFilterWrittenWithAnyHasher(String kind, KeyHasher<Long> hasher) throws IOException {
        long[] hashes = new long[1_000];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = hasher.hash((long) i);
        }
        MembershipFilter<Long> built = Filters.buildFromHashes(kind, FilterSpec.of(1_000, 0.01), hasher, hashes);
        Path file = dir.resolve(kind + "-" + hasher.id().replace(':', '-') + ".blmf");
        try (OutputStream out = Files.newOutputStream(file)) {
            built.writeTo(out);
        }
        CliRun info = execute("info", file.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("kind:           " + kind, "hasher:         " + hasher.id(),
                "expected insertions 1000, fpp 0.01", String.format("%,d bits", built.bitSize()),
                String.format("expected fpp:   %.4g", built.expectedFpp()));
        // The static kinds count their distinct items exactly.
        assertThat(info.stdout()).contains(STATIC_KINDS.contains(kind) ? "items:          1,000 (" : "items:          ");

        CliRun query = execute("query", "--filter", file.toString(), "1");
        assertThat(query.exitCode()).isEqualTo(2);
        assertThat(query.stderr()).contains("'" + hasher.id() + "'", "'xxh64:utf8'");
    }

    static Stream<Arguments> programHashers() {
        KeyHasher<Long> own = KeyHasher.of("my-app:user-id", id -> KeyHasher.hashLong(id * 31));
        return Stream.of("fuse", "ribbon", "classic").flatMap(kind -> Stream.of(Arguments.of(kind, KeyHasher.longs()),
                Arguments.of(kind, own)));
    }

    @Test
    void aLongInputReportsProgress() throws IOException {
        Path many = dir.resolve("many.txt");
        StringBuilder text = new StringBuilder();
        for (long i = 0; i <= LineItems.PROGRESS_EVERY; i++) {
            text.append(i).append('\n');
        }
        Files.writeString(many, text, StandardCharsets.UTF_8);
        CliRun run = execute("build", "--kind", "fuse", "--fpp", "0.01", "--input", many.toString(), "--out",
                dir.resolve("many.blmf").toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("bloomery: read 1,000,000 of 1,000,001 items");
    }
}
