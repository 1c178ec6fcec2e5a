package org.bloomery.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
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

    record Run(int exitCode, String stdout, String stderr) {
    }

    static Run withStdin(String stdin, String... args) {
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code = Main.commandLine(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)))
                .setOut(new PrintWriter(stdout)).setErr(new PrintWriter(stderr)).execute(args);
        return new Run(code, stdout.toString(), stderr.toString());
    }

    static Run execute(String... args) {
        return withStdin("", args);
    }

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
        Run build = execute("build", "--kind", kind, "--fpp", "0.001", "--input", passwords.toString(),
                "--out", filter.toString());
        assertThat(build.exitCode()).as(build.stderr()).isZero();
        assertThat(build.stderr()).contains("built a " + kind + " filter");
        assertThat(filter).exists();

        Run present = execute("query", "--filter", filter.toString(), "password0", "password4999", "pässwörd");
        assertThat(present.exitCode()).as(present.stderr()).isZero();
        assertThat(present.stdout().lines()).containsExactly("might be present\tpassword0",
                "might be present\tpassword4999", "might be present\tpässwörd");

        Run absent = execute("query", "--filter", filter.toString(), "password0", "correct horse battery staple");
        assertThat(absent.exitCode()).isEqualTo(1);
        assertThat(absent.stdout()).contains("definitely absent\tcorrect horse battery staple");

        Run fromStdin = withStdin("password7\npassword8\n", "query", "--filter", filter.toString());
        assertThat(fromStdin.exitCode()).isZero();
        assertThat(fromStdin.stdout().lines()).hasSize(2);

        Run info = execute("info", filter.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("kind:           " + kind, "hasher:         xxh64:utf8",
                "expected insertions 5002", "fpp 0.001", "expected fpp:");
    }

    @Test
    void theStaticKindCountsDistinctItemsExactly() {
        Path filter = dir.resolve("exact.blmf");
        assertThat(execute("build", "--kind", "fuse", "--fpp", "0.01", "--input", passwords.toString(),
                "--out", filter.toString(), "--option", "fingerprintBits=16").exitCode()).isZero();
        Run info = execute("info", filter.toString());
        assertThat(info.stdout()).contains("items:          5,001 (", "fingerprintBits=16", "expected fpp:   1.526e-05");
    }

    /** At 1% a ribbon filter keeps 7 result bits in part and 6 in the rest: info shows the bits per item and fpp. */
    @Test
    void infoDescribesARibbonFilterAtAFractionalWidth() {
        Path filter = dir.resolve("ribbon-1pct.blmf");
        assertThat(execute("build", "--kind", "ribbon", "--fpp", "0.01", "--input", passwords.toString(),
                "--out", filter.toString()).exitCode()).isZero();
        Run info = execute("info", filter.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("kind:           ribbon", "items:          5,001 (", "expected fpp:   0.0099");
        Matcher bits = Pattern.compile("\\((\\d+\\.\\d+) bits per item\\)").matcher(info.stdout());
        assertThat(bits.find()).as(info.stdout()).isTrue();
        assertThat(Double.parseDouble(bits.group(1))).as("bits per item at 1%").isBetween(6.64, 7.5);
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
        Run info = execute("info", file.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("kind:           " + kind, "hasher:         " + hasher.id(),
                "expected insertions 1000, fpp 0.01", String.format("%,d bits", built.bitSize()),
                String.format("expected fpp:   %.4g", built.expectedFpp()));
        // The static kinds count their distinct items exactly.
        assertThat(info.stdout()).contains(STATIC_KINDS.contains(kind) ? "items:          1,000 (" : "items:          ");

        Run query = execute("query", "--filter", file.toString(), "1");
        assertThat(query.exitCode()).isEqualTo(2);
        assertThat(query.stderr()).contains("'" + hasher.id() + "'", "'xxh64:utf8'");
    }

    static Stream<Arguments> programHashers() {
        KeyHasher<Long> own = KeyHasher.of("my-app:user-id", id -> KeyHasher.hashLong(id * 31));
        return Stream.of("fuse", "ribbon", "classic").flatMap(kind -> Stream.of(Arguments.of(kind, KeyHasher.longs()),
                Arguments.of(kind, own)));
    }

    @Test
    void infoOfADamagedFilterExitsTwoWithOneLine() throws IOException {
        Path good = dir.resolve("to-damage.blmf");
        assertThat(execute("build", "--kind", "fuse", "--fpp", "0.01", "--input", passwords.toString(), "--out",
                good.toString()).exitCode()).isZero();
        byte[] bytes = Files.readAllBytes(good);
        Path truncated = Files.write(dir.resolve("truncated.blmf"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        bytes[bytes.length / 2] ^= 1;
        Path flipped = Files.write(dir.resolve("flipped.blmf"), bytes);
        for (Path damaged : List.of(truncated, flipped)) {
            Run info = execute("info", damaged.toString());
            assertThat(info.exitCode()).isEqualTo(2);
            assertThat(info.stderr().lines()).hasSize(1);
            assertThat(info.stderr()).contains(damaged + " is not a usable filter");
        }
    }

    static Stream<Arguments> badArguments() {
        String input = "--input=" + dir.resolve("weak-passwords.txt");
        String out = "--out=" + dir.resolve("never.blmf");
        return Stream.of(
                Arguments.of(new String[] {}, "missing command"),
                Arguments.of(new String[] {"frobnicate"}, "frobnicate"),
                Arguments.of(new String[] {"build", "--fpp", "0.01", input, out}, "--kind"),
                Arguments.of(new String[] {"build", "--kind", "bogus", "--fpp", "0.01", input, out}, "unknown filter kind 'bogus'"),
                Arguments.of(new String[] {"build", "--kind", "fuse", "--fpp", "1.5", input, out}, "(0, 1), got 1.5"),
                Arguments.of(new String[] {"build", "--kind", "fuse", "--fpp", "1e-12", input, out}, "2^-32"),
                Arguments.of(new String[] {"build", "--kind", "classic", "--fpp", "x", input, out}, "'x'"),
                Arguments.of(new String[] {"build", "--kind", "ribbon", "--fpp", "0.6", input, out}, "0.5], got 0.6"),
                Arguments.of(new String[] {"build", "--kind", "ribbon", "--fpp", "0.01", "--option", "width=64", input, out},
                        "width"),
                Arguments.of(new String[] {"build", "--kind", "fuse", "--fpp", "0.01", "--option", "arity=5", input, out}, "arity"),
                Arguments.of(new String[] {"build", "--kind", "fuse", "--fpp", "0.01", "--input=/no/such/file", out}, "does not exist"),
                Arguments.of(new String[] {"query", "--filter", "/no/such/filter", "x"}, "does not exist"),
                Arguments.of(new String[] {"query", "x"}, "--filter"),
                Arguments.of(new String[] {"info"}, "FILTER"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badArguments")
    void aBadArgumentExitsTwoWithOneLine(String[] args, String expected) {
        Run run = execute(args);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines()).hasSize(1);
        assertThat(run.stderr()).startsWith("bloomery: ").contains(expected);
        assertThat(run.stdout()).isEmpty();
        assertThat(dir.resolve("never.blmf")).doesNotExist();
    }

    @Test
    void aFileThatIsNotAFilterOrNotUtf8ExitsTwoWithOneLine() throws IOException {
        Run notAFilter = execute("info", passwords.toString());
        assertThat(notAFilter.exitCode()).isEqualTo(2);
        assertThat(notAFilter.stderr().lines()).hasSize(1);
        assertThat(notAFilter.stderr()).contains("is not a usable filter", "not a Bloomery filter");

        Path latin1 = Files.write(dir.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'});
        Run notUtf8 = execute("build", "--kind", "classic", "--fpp", "0.01", "--input", latin1.toString(),
                "--out", dir.resolve("never.blmf").toString());
        assertThat(notUtf8.exitCode()).isEqualTo(2);
        assertThat(notUtf8.stderr()).contains("not valid UTF-8");
        assertThat(dir.resolve("never.blmf")).doesNotExist();
    }

    @Test
    void aLongInputReportsProgress() throws IOException {
        Path many = dir.resolve("many.txt");
        StringBuilder text = new StringBuilder();
        for (long i = 0; i <= LineItems.PROGRESS_EVERY; i++) {
            text.append(i).append('\n');
        }
        Files.writeString(many, text, StandardCharsets.UTF_8);
        Run run = execute("build", "--kind", "fuse", "--fpp", "0.01", "--input", many.toString(), "--out",
                dir.resolve("many.blmf").toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("bloomery: read 1,000,000 of 1,000,001 items");
    }
}
