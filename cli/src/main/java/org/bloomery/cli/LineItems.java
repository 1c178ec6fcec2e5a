package org.bloomery.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Items read as text, one per line: UTF-8 (malformed bytes are an error, not a replacement
 * character), line ends {@code \n} or {@code \r\n}, empty lines skipped.
 */
final class LineItems {
    /** Lines between two progress lines on stderr. */
    static final long PROGRESS_EVERY = 1_000_000;

    private LineItems() {
    }

    /**
     * A strict UTF-8 reader.
     *
     * @param in the bytes
     * @return the reader
     */
    static BufferedReader reader(InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)));
    }

    /**
     * Opens a file for reading, turning a missing one into a message that names it.
     *
     * @param file the file
     * @param what what the file is, for the message
     * @return the stream
     * @throws IOException if it cannot be read
     */
    static InputStream open(Path file, String what) throws IOException {
        try {
            return Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            throw new IOException("the " + what + " " + file + " does not exist", e);
        }
    }

    /**
     * Counts the non-empty lines of a file.
     *
     * @param file the file
     * @return the count
     * @throws IOException if it cannot be read or is not UTF-8
     */
    static long count(Path file) throws IOException {
        try (BufferedReader reader = reader(open(file, "input file"))) {
            long lines = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines += line.isEmpty() ? 0 : 1;
            }
            return lines;
        } catch (CharacterCodingException e) {
            throw new IOException("the input file " + file + " is not valid UTF-8", e);
        }
    }

    /**
     * The non-empty lines of a reader, with a progress line on {@code err} every {@link
     * #PROGRESS_EVERY} lines.
     *
     * @param reader the reader, closed by the caller
     * @param err where progress goes
     * @param total the number of lines expected, for the progress line
     * @return the lines; reading errors surface as {@link UncheckedIOException}
     */
    static Stream<String> lines(BufferedReader reader, PrintWriter err, long total) {
        long[] read = new long[1];
        return reader.lines().filter(line -> !line.isEmpty()).peek(line -> {
            if (++read[0] % PROGRESS_EVERY == 0) {
                err.printf("bloomery: read %,d of %,d items%n", read[0], total);
                err.flush();
            }
        });
    }
}
