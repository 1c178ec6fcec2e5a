package org.bloomery.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bloomery.cli.CliRun.execute;
import static org.bloomery.cli.CliRun.withStdin;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Malformed calls and input files: every one exits with 2 and one {@code bloomery:} line on stderr
 * that names what is wrong (the file and its cause, the line, the argument), prints nothing on
 * stdout, writes no filter and replaces nothing.
 */
class MalformedInputTest {
    /** Larger than any heap the tests run with, and than {@code Integer.MAX_VALUE}: sparse, so it costs no disk. */
    private static final long HUGE_BYTES = 2L << 30;

    @TempDir
    static Path dir;
    private static Path items;
    private static Path filter;
    private static Path never;

    @BeforeAll
    static void writeFiles() throws IOException {
        items = Files.writeString(dir.resolve("items.txt"), "apple\npear\nplum\n", StandardCharsets.UTF_8);
        filter = dir.resolve("good.blmf");
        assertThat(execute("build", "--kind", "fuse", "--fpp", "0.01", "--input", items.toString(), "--out",
                filter.toString()).exitCode()).isZero();
        never = dir.resolve("never.blmf");
        Files.createDirectory(dir.resolve("empty-dir"));
        Files.write(dir.resolve("empty.txt"), new byte[0]);
        Files.writeString(dir.resolve("plain-file"), "not a directory\n");
        // Two good lines, then a lead byte 0xC3 followed by '(' where a continuation byte must be.
        Files.write(dir.resolve("garbage.txt"), concat("ok\n\r\n".getBytes(StandardCharsets.US_ASCII),
                new byte[] {(byte) 0xC3, '(', '\n'}));
        // Latin-1 'café': 0xE9 starts a three-byte sequence that never comes.
        Files.write(dir.resolve("latin1.txt"), new byte[] {'t', 'e', 'a', '\n', 'c', 'a', 'f', (byte) 0xE9});
        try (RandomAccessFile huge = new RandomAccessFile(dir.resolve("huge.bin").toFile(), "rw")) {
            huge.setLength(HUGE_BYTES);
        }
        byte[] good = Files.readAllBytes(filter);
        Files.write(dir.resolve("truncated.blmf"), Arrays.copyOf(good, good.length - 1));
        Files.write(dir.resolve("header-only.blmf"), Arrays.copyOf(good, 8));
        byte[] flipped = good.clone();
        flipped[flipped.length / 2] ^= 1;
        Files.write(dir.resolve("flipped.blmf"), flipped);
        byte[] flippedHeader = good.clone();
        flippedHeader[6] ^= 0x40;
        Files.write(dir.resolve("flipped-header.blmf"), flippedHeader);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    private static String file(String name) {
        return dir.resolve(name).toString();
    }

    /** {@code build --kind classic} with more arguments, and {@code --fpp 0.01} unless they give one. */
    private static String[] build(String... more) {
        Stream<String> fpp = Arrays.asList(more).contains("--fpp") ? Stream.of() : Stream.of("--fpp", "0.01");
        return Stream.of(Stream.of("build", "--kind", "classic"), fpp, Stream.of(more)).flatMap(s -> s)
                .toArray(String[]::new);
    }

    /** A case: its name, its arguments, and what the one line on stderr must contain. */
    private static Arguments call(String name, String[] args, String... expected) {
        return Arguments.of(name, args, List.of(expected));
    }

    static Stream<Arguments> malformedCalls() {
        String input = "--input=" + items;
        String out = "--out=" + never;
        return Stream.of(
                call("no command", new String[] {}, "missing command: use 'build', 'query', 'info' or 'rewrite'"),
                call("unknown command", new String[] {"frobnicate"}, "Unmatched argument", "'frobnicate'"),
                call("build without --kind", new String[] {"build", "--fpp", "0.01", input, out}, "Missing required option: '--kind=KIND'"),
                call("build without --fpp", new String[] {"build", "--kind", "fuse", input, out},
                        "Missing required option: '--fpp=P'"),
                call("build without --input", build(out), "Missing required option: '--input=FILE'"),
                call("build without --out", build(input), "Missing required option: '--out=FILTER'"),
                call("build, --fpp without a value", new String[] {"build", "--kind", "fuse", input, out, "--fpp"},
                        "Missing required parameter for option '--fpp'"),
                call("query without --filter", new String[] {"query", "x"}, "Missing required option: '--filter=FILTER'"),
                call("info without a filter", new String[] {"info"}, "Missing required parameter: 'FILTER'"),
                call("unknown flag of build", build(input, out, "--bogus"), "Unknown option: '--bogus'"),
                call("unknown flag of query", new String[] {"query", "--filter", filter.toString(), "--nope"},
                        "Unknown option: '--nope'"),
                call("unknown flag of info", new String[] {"info", "-x", filter.toString()}, "Unknown option: '-x'"),
                call("option without '='", build(input, out, "--option", "arity"),
                        "'--option' (KEY=VALUE) should be in KEY=VALUE format but was arity"),
                call("unknown kind", new String[] {"build", "--kind", "bogus", "--fpp", "0.01", input, out},
                        "unknown filter kind 'bogus'"),
                call("fpp out of range", build(input, out, "--fpp", "1.5"), "--fpp must be in (0, 1), got 1.5"),
                call("fpp below a kind's range", new String[] {"build", "--kind", "fuse", "--fpp", "1e-12", input,
                        out}, "2^-32"),
                call("expected below 1", build(input, out, "--expected", "0"), "--expected must be at least 1, got 0"),
                call("option a kind refuses", new String[] {"build", "--kind", "fuse", "--fpp", "0.01", "--option",
                        "arity=5", input, out}, "arity"),
                call("fpp above ribbon's range", new String[] {"build", "--kind", "ribbon", "--fpp", "0.6", input, out},
                        "0.5], got 0.6"),
                call("option ribbon does not have", new String[] {"build", "--kind", "ribbon", "--fpp", "0.01",
                        "--option", "width=64", input, out}, "width"),
                call("missing input", build("--input=/no/such/file", out), "cannot read /no/such/file: it does not exist"),
                call("missing filter", new String[] {"query", "--filter", "/no/such/filter", "x"},
                        "cannot read /no/such/filter: it does not exist"),
                call("missing filter of info", new String[] {"info", "/no/such/filter"},
                        "cannot read /no/such/filter: it does not exist"),
                call("empty file as filter", new String[] {"info", file("empty.txt")},
                        file("empty.txt") + " is not a usable filter: "),
                call("text file as filter", new String[] {"query", "--filter", items.toString(), "x"},
                        items + " is not a usable filter: ", "not a Bloomery filter"),
                call("garbage as input", build("--input", file("garbage.txt"), out),
                        "line 3 of " + file("garbage.txt") + " is not valid UTF-8 (byte 1 of the line)"),
                call("garbage as filter", new String[] {"info", file("garbage.txt")},
                        file("garbage.txt") + " is not a usable filter: "),
                call("Latin-1 input ending mid-sequence", build("--input", file("latin1.txt"), out),
                        "line 2 of " + file("latin1.txt") + " is not valid UTF-8 (byte 4 of the line)"),
                call("truncated filter for info", new String[] {"info", file("truncated.blmf")},
                        file("truncated.blmf") + " is not a usable filter: "),
                call("truncated filter for query", new String[] {"query", "--filter", file("truncated.blmf"), "x"},
                        file("truncated.blmf") + " is not a usable filter: "),
                call("filter cut inside its header", new String[] {"info", file("header-only.blmf")},
                        file("header-only.blmf") + " is not a usable filter: "),
                call("flipped bit in a filter's body", new String[] {"query", "--filter", file("flipped.blmf"), "x"},
                        file("flipped.blmf") + " is not a usable filter: "),
                call("flipped bit in a filter's header", new String[] {"info", file("flipped-header.blmf")},
                        file("flipped-header.blmf") + " is not a usable filter: "),
                call("2 GiB without a line end as input", build("--input", file("huge.bin"), out),
                        "line 1 of " + file("huge.bin") + " is longer than 1,048,576 bytes, the longest item allowed"),
                call("2 GiB of zeros as filter", new String[] {"info", file("huge.bin")},
                        file("huge.bin") + " is not a usable filter: "),
                call("2 GiB of zeros as filter for query", new String[] {"query", "--filter", file("huge.bin"), "x"},
                        file("huge.bin") + " is not a usable filter: "),
                call("directory as input", build("--input", file("empty-dir"), out),
                        "cannot read " + file("empty-dir") + ": it is a directory"),
                call("directory as filter", new String[] {"query", "--filter", file("empty-dir"), "x"},
                        "cannot read " + file("empty-dir") + ": it is a directory"),
                call("directory as filter of info", new String[] {"info", file("empty-dir")},
                        "cannot read " + file("empty-dir") + ": it is a directory"),
                call("directory as out", build(input, "--out", file("empty-dir")),
                        "cannot write " + file("empty-dir") + ": it is a directory"),
                call("out in a missing directory", build(input, "--out", file("nosuchdir/x.blmf")),
                        "cannot write " + file("nosuchdir/x.blmf") + ": directory " + file("nosuchdir")
                                + " does not exist"),
                call("out under a plain file", build(input, "--out", file("plain-file/x.blmf")),
                        "cannot write " + file("plain-file/x.blmf") + ": " + file("plain-file") + " is not a directory"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedCalls")
    void aMalformedCallExitsTwoWithOneLineSayingWhatIsWrong(String name, String[] args, List<String> expected) {
        assertOneLineAndTwo(execute(args), expected);
        assertThat(never).doesNotExist();
        assertThat(dir.resolve("empty-dir")).isEmptyDirectory();
        assertThat(dir.resolve("nosuchdir")).doesNotExist();
    }

    private static void assertOneLineAndTwo(CliRun run, List<String> expected) {
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(Main.USAGE);
        assertThat(run.stderr().lines()).as(run.stderr()).hasSize(1);
        assertThat(run.stderr()).startsWith("bloomery: ").doesNotContain("\tat ", "Exception");
        for (String part : expected) {
            assertThat(run.stderr()).contains(part);
        }
    }

    /** Java's parsers take all of these; the command line reads numbers as properties and options do. */
    @ParameterizedTest(name = "--fpp {0}")
    @ValueSource(strings = {"0x1p-10", "+0.01", "0.01d", "1e-2f", "0,01", "NaN", "Infinity", "", " 0.01", "1e"})
    void fppIsPlainDecimalOnly(String fpp) {
        assertOneLineAndTwo(execute(build("--input", items.toString(), "--out", never.toString(), "--fpp", fpp)),
                List.of("Invalid value for option '--fpp': '" + fpp + "' is not a plain decimal number"));
        assertThat(never).doesNotExist();
    }

    @ParameterizedTest(name = "--expected {0}")
    @ValueSource(strings = {"0x10", "1e6", "+5", "1.0", "1_000", "99999999999999999999"})
    void expectedIsAPlainDecimalInteger(String expected) {
        assertOneLineAndTwo(execute(build("--input", items.toString(), "--out", never.toString(), "--expected",
                expected)), List.of("Invalid value for option '--expected': '" + expected
                + "' is not a plain decimal integer"));
    }

    @Test
    void aPlainDecimalFppInExponentFormIsRead() {
        CliRun run = execute(build("--input", items.toString(), "--out", file("exponent.blmf"), "--fpp", "1e-3",
                "--expected", "1000"));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(execute("info", file("exponent.blmf")).stdout()).contains("expected insertions 1000, fpp 0.001");
    }

    @Test
    void invalidUtf8OnStdinNamesTheLineAfterAnsweringTheLinesBefore() {
        byte[] stdin = concat("apple\nkiwi\n".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xFF, '\n'});
        CliRun run = withStdin(stdin, "query", "--filter", filter.toString());
        assertOneLineAndTwo(run, List.of("line 3 of stdin is not valid UTF-8 (byte 1 of the line)"));
        assertThat(run.stdout().lines()).containsExactly("might be present\tapple", "definitely absent\tkiwi");
    }

    @Test
    void aLineOnStdinLongerThanTheLimitIsRefused() {
        byte[] stdin = new byte[LineItems.MAX_ITEM_BYTES + 2];
        Arrays.fill(stdin, (byte) 'x');
        stdin[0] = '\n';
        assertOneLineAndTwo(withStdin(stdin, "query", "--filter", filter.toString()),
                List.of("line 2 of stdin is longer than 1,048,576 bytes, the longest item allowed"));
    }

    /** The limit itself is allowed, with either line end; one byte more is not. */
    @Test
    void anItemOfExactlyTheLimitIsAnItem() throws IOException {
        String longest = "y".repeat(LineItems.MAX_ITEM_BYTES);
        Path input = Files.writeString(dir.resolve("longest.txt"), "short\r\n" + longest + "\r\n" + longest + "\n");
        Path built = dir.resolve("longest.blmf");
        CliRun run = execute(build("--input", input.toString(), "--out", built.toString()));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("filter of 2 items");
        assertThat(withStdin(longest + "\r\nshort", "query", "--filter", built.toString()).exitCode()).isZero();

        Path tooLong = Files.writeString(dir.resolve("too-long.txt"), "short\n" + longest + "y\r\n");
        assertOneLineAndTwo(execute(build("--input", tooLong.toString(), "--out", never.toString())),
                List.of("line 2 of " + tooLong + " is longer than 1,048,576 bytes"));
    }

    @Test
    void anEmptyInputBuildsAnEmptyFilter() {
        Path empty = dir.resolve("empty.blmf");
        CliRun run = execute(build("--input", file("empty.txt"), "--out", empty.toString()));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("built a classic filter of 0 items (empty filter: answers absent for every"
                + " item)")
                .doesNotContain("bits per item");
        assertThat(execute("query", "--filter", empty.toString(), "apple").exitCode()).isEqualTo(Main.ABSENT);
    }

    @Test
    void outReplacesARegularFileButNeverALink() throws IOException {
        Path existing = Files.writeString(dir.resolve("existing.blmf"), "an old filter");
        CliRun run = execute(build("--input", items.toString(), "--out", existing.toString()));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(execute("query", "--filter", existing.toString(), "apple").exitCode()).isZero();

        Path link = Files.createSymbolicLink(dir.resolve("link.blmf"), existing);
        assertOneLineAndTwo(execute(build("--input", items.toString(), "--out", link.toString())),
                List.of("cannot write " + link + ": it is a symbolic link"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(Path::toString)).noneMatch(name -> name.endsWith(".partial"));
        }
    }

    /**
     * An {@code --out} that is the input file, however it is named, is refused before anything is
     * read or written: the item list is the user's source of truth, and the build would replace it.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"the same path", "a relative path", "another spelling", "a hard link",
            "a symbolic link as --out", "a symbolic link as --input"})
    void anOutThatIsTheInputIsRefusedAndTheInputKept(String how) throws IOException {
        String name = "self-" + how.replace(' ', '-').replace("--", "");
        Path list = Files.writeString(dir.resolve(name + ".txt"), "alpha\nbeta\n");
        Path input = how.equals("a symbolic link as --input")
                ? Files.createSymbolicLink(dir.resolve(name + ".in"), list) : list;
        Path out = switch (how) {
            case "a relative path" -> Path.of("").toAbsolutePath().relativize(list);
            case "another spelling" -> dir.resolve("empty-dir").resolve("..").resolve(list.getFileName());
            case "a hard link" -> Files.createLink(dir.resolve(name + ".blmf"), list);
            case "a symbolic link as --out" -> Files.createSymbolicLink(dir.resolve(name + ".blmf"), list);
            default -> list;
        };
        assertOneLineAndTwo(execute(build("--input", input.toString(), "--out", out.toString())),
                List.of("--out " + out + " is the same file as --input " + input));
        assertThat(list).hasContent("alpha\nbeta\n");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(Path::toString)).noneMatch(file -> file.endsWith(".partial"));
        }
    }

    /**
     * A device or a pipe cannot be read twice, once to count the items and once to build; a named
     * pipe that nothing writes to is refused without opening it (opening would wait for a writer).
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    @Timeout(60)
    void aDeviceOrAPipeAsInputNeedsExpected() throws Exception {
        assertOneLineAndTwo(execute(build("--input", "/dev/null", "--out", never.toString())),
                List.of("--input /dev/null is not a regular file", "give --expected"));
        Path fifo = dir.resolve("items.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        assertOneLineAndTwo(execute(build("--input", fifo.toString(), "--out", never.toString())),
                List.of("--input " + fifo + " is not a regular file (a pipe or a device?)"));
        CliRun sized = execute(build("--input", "/dev/null", "--out", file("from-device.blmf"), "--expected", "10"));
        assertThat(sized.exitCode()).as(sized.stderr()).isZero();
    }

    /** An endless input: refused at the limit, without reading on. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void anEndlessLineIsRefusedAtTheLimit() {
        assertOneLineAndTwo(execute(build("--input", "/dev/zero", "--out", never.toString(), "--expected", "10")),
                List.of("line 1 of /dev/zero is longer than 1,048,576 bytes"));
    }

    /** A command that fails as the JVM can: no command reports these, so the last resort must. */
    @Command(name = "failing")
    static final class Failing implements Callable<Integer> {
        private final Error error;

        Failing(Error error) {
            this.error = error;
        }

        @Override
        public Integer call() {
            throw error;
        }
    }

    static Stream<Arguments> errors() {
        return Stream.of(Arguments.of(new OutOfMemoryError("Java heap space"),
                        "bloomery: out of memory (Java heap space): give java a larger heap with -Xmx"),
                Arguments.of(new StackOverflowError(), "bloomery: internal error: java.lang.StackOverflowError"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void anErrorOfTheJvmEndsInOneLineAndTwo(Error error, String line) {
        StringWriter stderr = new StringWriter();
        CommandLine failing = new CommandLine(new Failing(error)).setErr(new PrintWriter(stderr));
        assertThat(Main.execute(failing)).isEqualTo(Main.USAGE);
        assertThat(stderr.toString()).isEqualTo(line + System.lineSeparator());
    }
}
