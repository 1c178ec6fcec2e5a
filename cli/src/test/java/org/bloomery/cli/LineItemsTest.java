package org.bloomery.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Splitting bytes into lines: line ends, chunk boundaries, short reads, the limit and malformed UTF-8. */
class LineItemsTest {
    /** The reader's chunk: lines and characters that straddle it test the joins. */
    private static final int CHUNK = 64 * 1024;

    /** A stream that hands out one byte per read, as a slow pipe may. */
    private static InputStream oneByteAtATime(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(1, len));
            }
        };
    }

    static Stream<Arguments> texts() {
        String a = "a".repeat(CHUNK - 1);
        return Stream.of(false, true).flatMap(shortReads -> Stream.of(
                Arguments.of("empty", shortReads, "", List.of()),
                Arguments.of("one line without end", shortReads, "x", List.of("x")),
                Arguments.of("\\n and \\r\\n", shortReads, "x\r\ny\n\nz", List.of("x", "y", "", "z")),
                Arguments.of("a lone \\r stays in the item", shortReads, "x\ry\n", List.of("x\ry")),
                Arguments.of("only line ends", shortReads, "\n\r\n", List.of("", "")),
                Arguments.of("\\r\\n across chunks", shortReads, a + "\r\nb", List.of(a, "b")),
                Arguments.of("a character across chunks", shortReads, a + "é€😀\n", List.of(a + "é€😀")),
                Arguments.of("a line over three chunks", shortReads, "q" + a.repeat(3) + "\nr",
                        List.of("q" + a.repeat(3), "r")),
                Arguments.of("a byte-order mark at the start is skipped", shortReads, "\uFEFFalpha\r\nbeta",
                        List.of("alpha", "beta")),
                Arguments.of("only one byte-order mark is skipped", shortReads, "\uFEFF\uFEFFx", List.of("\uFEFFx")),
                Arguments.of("a byte-order mark alone is no line", shortReads, "\uFEFF", List.of()),
                Arguments.of("a byte-order mark before an empty line", shortReads, "\uFEFF\nx", List.of("", "x")),
                Arguments.of("a byte-order mark past the start is kept", shortReads, "x\n\uFEFFy", List.of("x", "\uFEFFy")),
                Arguments.of("a start that only looks like a mark", shortReads, "\uFEFE", List.of("\uFEFE"))));
    }

    @ParameterizedTest(name = "{0}, short reads {1}")
    @MethodSource("texts")
    void splitsLinesAsTheyWereWritten(String name, boolean shortReads, String text, List<String> lines)
            throws IOException {
        InputStream bytes = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
        LineItems items = new LineItems(shortReads ? oneByteAtATime(bytes) : bytes, "t");
        List<String> read = new ArrayList<>();
        for (String line = items.next(); line != null; line = items.next()) {
            read.add(line);
        }
        assertThat(read).containsExactlyElementsOf(lines);
        assertThat(items.next()).isNull();
    }

    @Test
    void countsAndStreamsOnlyNonEmptyLines() throws IOException {
        String text = "a\n\nb\r\n\r\nc";
        assertThat(items(text).countNonEmpty()).isEqualTo(3);
        StringWriter progress = new StringWriter();
        assertThat(items(text).nonEmpty(new PrintWriter(progress), 3).collect(Collectors.toList()))
                .containsExactly("a", "b", "c");
        assertThat(progress.toString()).isEmpty();
    }

    @Test
    void aStreamedErrorIsUncheckedWithTheMessage() {
        LineItems items = new LineItems(new ByteArrayInputStream(new byte[] {'o', 'k', '\n', (byte) 0x80}), "f.txt");
        assertThatThrownBy(() -> items.nonEmpty(new PrintWriter(new StringWriter()), -1).count())
                .isInstanceOf(UncheckedIOException.class).cause()
                .hasMessage("line 2 of f.txt is not valid UTF-8 (byte 1 of the line)");
    }

    /** An overlong encoding of '/' and an encoded surrogate are malformed; strict UTF-8 names the byte. */
    @Test
    void refusesOverlongAndSurrogateEncodings() {
        assertThatThrownBy(() -> new LineItems(new ByteArrayInputStream(new byte[] {'a', (byte) 0xC0, (byte) 0xAF}),
                "f").next()).hasMessage("line 1 of f is not valid UTF-8 (byte 2 of the line)");
        assertThatThrownBy(() -> new LineItems(new ByteArrayInputStream(new byte[] {(byte) 0xED, (byte) 0xA0,
                (byte) 0x80}), "f").next()).hasMessage("line 1 of f is not valid UTF-8 (byte 1 of the line)");
    }

    /** A failing stream is named in the message, with its cause. */
    @Test
    void aFailingStreamIsNamed() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("Input/output error");
            }
        };
        assertThatThrownBy(() -> new LineItems(failing, "disk.txt").next())
                .hasMessage("cannot read disk.txt: Input/output error");
    }

    private static LineItems items(String text) {
        return new LineItems(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t");
    }
}
