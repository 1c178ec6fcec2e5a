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
    /** The sliding-window kind, whose window is an option it needs. */
    private static final String AGING = "aging";
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

    /** The options a kind cannot be built without: a sliding window's length, longer than the password list. */
    private static List<String> requiredOptions(String kind) {
        return kind.equals(AGING) ? List.of("--option", "window=10000") : List.of();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void everyKindBuildsQueriesAndDescribes(String kind) {
        Path filter = dir.resolve(kind + ".blmf");
        List<String> args = new ArrayList<>(List.of("build", "--kind", kind, "--fpp", "0.001", "--input",
                passwords.toString(), "--out", filter.toString()));
        args.addAll(requiredOptions(kind));
        CliRun build = execute(args.toArray(String[]::new));
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

    /**
     * A sliding-window filter builds from a file with its window given, and info shows the window and
     * its generations; without a window, build says which options it needs and writes nothing.
     */
    @Test
    void aSlidingWindowBuildsWithItsWindowAndInfoShowsIt() {
        Path filter = dir.resolve("window.blmf");
        CliRun refused = execute("build", "--kind", AGING, "--fpp", "0.01", "--input", passwords.toString(),
                "--out", filter.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.stderr()).contains("needs exactly one of options 'window'", "'windowMillis'", "got neither");
        assertThat(filter).doesNotExist();

        CliRun build = execute("build", "--kind", AGING, "--fpp", "0.01", "--input", passwords.toString(),
                "--out", filter.toString(), "--option", "window=4000");
        assertThat(build.exitCode()).as(build.stderr()).isZero();
        CliRun info = execute("info", filter.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("kind:           aging", "window=4000",
                "window:         4,000 adds in 4 generations of 1,000 (a ring of 5); slack 1,000 adds",
                "items:          4,000 (");
        // The last 4,000 of the 5,002 lines are within the window; the first line is not.
        CliRun recent = execute("query", "--filter", filter.toString(), "password4999", "pässwörd");
        assertThat(recent.exitCode()).as(recent.stdout()).isZero();
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
    @ParameterizedTest(name = "{0}, layout={1}")
    @MethodSource("twoWordLayouts")
    void aTwoWordLayoutBuildsFromTheCommandLine(String kind, String layout) {
        Path filter = dir.resolve(kind + "-" + layout + ".blmf");
        CliRun build = execute("build", "--kind", kind, "--fpp", "0.01", "--input", passwords.toString(),
                "--out", filter.toString(), "--option", "layout=" + layout);
        assertThat(build.exitCode()).as(build.stderr()).isZero();
        CliRun present = execute("query", "--filter", filter.toString(), "password0", "password4999", "pässwörd");
        assertThat(present.exitCode()).as(present.stderr()).isZero();
        CliRun info = execute("info", filter.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout()).contains("layout=" + layout);
    }

    static Stream<Arguments> twoWordLayouts() {
        return Stream.of("classic", "scalable")
                .flatMap(kind -> Stream.of("sectored", "patterned").map(layout -> Arguments.of(kind, layout)));
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

    /**
     * A list saved with a UTF-8 byte-order mark, as some editors on Windows save text, holds the
     * same items as one without: the mark is not part of the first item, in a file or on stdin.
     */
    @Test
    void aByteOrderMarkIsNotPartOfTheFirstItem() throws IOException {
        byte[] marked = "\uFEFFalpha\r\nbeta\r\n".getBytes(StandardCharsets.UTF_8);
        assertThat(marked).startsWith((byte) 0xEF, (byte) 0xBB, (byte) 0xBF);
        Path list = Files.write(dir.resolve("saved-on-windows.txt"), marked);
        Path filter = dir.resolve("saved-on-windows.blmf");
        CliRun build = execute("build", "--kind", "fuse", "--fpp", "0.01", "--input", list.toString(), "--out",
                filter.toString());
        assertThat(build.exitCode()).as(build.stderr()).isZero();
        CliRun query = execute("query", "--filter", filter.toString(), "alpha", "beta");
        assertThat(query.stdout().lines()).containsExactly("might be present\talpha", "might be present\tbeta");
        assertThat(query.exitCode()).isZero();
        CliRun fromStdin = CliRun.withStdin(marked, "query", "--filter", filter.toString());
        assertThat(fromStdin.stdout().lines()).containsExactly("might be present\talpha", "might be present\tbeta");
    }

    /**
     * A filter of no item answers absent for every item: build and info say so, with no bits per
     * item (a division by zero) and no false-positive rate but 0.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void anEmptyFilterIsReportedAsEmpty(String kind) throws IOException {
        Path empty = Files.write(dir.resolve("no-items.txt"), new byte[0]);
        Path filter = dir.resolve(kind + "-empty.blmf");
        List<String> arguments = new ArrayList<>(List.of("build", "--kind", kind, "--fpp", "0.01", "--input",
                empty.toString(), "--out", filter.toString()));
        arguments.addAll(requiredOptions(kind));
        CliRun build = execute(arguments.toArray(String[]::new));
        assertThat(build.exitCode()).as(build.stderr()).isZero();
        assertThat(build.stderr()).isEqualTo("bloomery: built a " + kind + " filter of 0 items (empty filter: answers"
                + " absent for every item) into " + filter + System.lineSeparator());
        CliRun info = execute("info", filter.toString());
        assertThat(info.exitCode()).as(info.stderr()).isZero();
        assertThat(info.stdout().lines()).contains("items:          0 (empty filter: answers absent for every item)",
                "expected fpp:   0");
        assertThat(info.stdout()).doesNotContain("bits per item");
        assertThat(execute("query", "--filter", filter.toString(), "alpha").exitCode()).isEqualTo(Main.ABSENT);
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
