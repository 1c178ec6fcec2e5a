package org.bloomery.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Items read as text, one per line: UTF-8 (malformed bytes are an error naming the line, not a
 * replacement character), line ends {@code \n} or {@code \r\n}, and one byte-order mark ({@code EF
 * BB BF}, which some editors write first) skipped at the start of the input. Lines are split on bytes before
 * they are decoded (a {@code \n} byte is never part of a UTF-8 sequence), so no more than {@link
 * #MAX_ITEM_BYTES} of a line is ever held in memory: a longer line is refused as soon as it passes
 * the limit, without reading the rest of it.
 */
final class LineItems {
    /**
     * The longest item, in bytes of UTF-8 without the line end: 1 MiB. Items are keys (a word, a
     * password, a URL, an identifier), so a longer line is almost surely not an item but a file of
     * another sort, such as one without line ends; the bound keeps what one line takes (its bytes,
     * chars and string) to a few MiB of heap however large the file is.
     */
    static final int MAX_ITEM_BYTES = 1 << 20;
    /** Lines between two progress lines on stderr. */
    static final long PROGRESS_EVERY = 1_000_000;

    private static final int CHUNK_BYTES = 64 * 1024;
    /** U+FEFF in UTF-8: a mark of the encoding, not a character of the first item. */
    private static final byte[] BYTE_ORDER_MARK = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final InputStream in;
    private final String source;
    private final byte[] chunk = new byte[CHUNK_BYTES];
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private int position;
    private int limit;
    private byte[] line = new byte[256];
    private int length;
    private CharBuffer chars = CharBuffer.allocate(256);
    private long lineNumber;
    private boolean markSkipped;

    /**
     * Reads lines from a stream.
     *
     * @param in the bytes; not closed
     * @param source what the stream is, for messages: a path, or {@code stdin}
     */
    LineItems(InputStream in, String source) {
        this.in = in;
        this.source = source;
    }

    /**
     * The next line, without its line end; the last line needs no line end. The first line starts
     * after a byte-order mark, if the input has one.
     *
     * @return the line, possibly empty, or null at the end of the input
     * @throws IOException if the stream fails, or the line is longer than {@link #MAX_ITEM_BYTES}
     *     or not valid UTF-8, naming the source and the line number
     */
    String next() throws IOException {
        if (!markSkipped) {
            markSkipped = true;
            skipByteOrderMark();
        }
        length = 0;
        boolean started = false;
        while (true) {
            if (position == limit) {
                if (!fill()) {
                    if (!started) {
                        return null;
                    }
                    break;
                }
            }
            started = true;
            int end = position;
            while (end < limit && chunk[end] != '\n') {
                end++;
            }
            append(position, end - position);
            position = end < limit ? end + 1 : end;
            if (end < limit) {
                break;
            }
        }
        lineNumber++;
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        if (length > MAX_ITEM_BYTES) {
            throw tooLong(lineNumber);
        }
        return decode();
    }

    /**
     * Reads the rest of the input and counts its non-empty lines.
     *
     * @return the count
     * @throws IOException as {@link #next}
     */
    long countNonEmpty() throws IOException {
        long count = 0;
        for (String item = next(); item != null; item = next()) {
            count += item.isEmpty() ? 0 : 1;
        }
        return count;
    }

    /**
     * The non-empty lines of the rest of the input, with a progress line on {@code err} every
     * {@link #PROGRESS_EVERY} items.
     *
     * @param err where progress goes
     * @param total the number of items expected, for the progress line, or -1 if not known
     * @return the items, read as the stream is consumed; an error of {@link #next} surfaces as an
     *     {@link UncheckedIOException} whose cause it is
     */
    Stream<String> nonEmpty(PrintWriter err, long total) {
        Spliterator<String> items = new Spliterators.AbstractSpliterator<>(Long.MAX_VALUE, Spliterator.ORDERED
                | Spliterator.NONNULL) {
            private long read;

            @Override
            public boolean tryAdvance(Consumer<? super String> action) {
                String item;
                do {
                    try {
                        item = next();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                } while (item != null && item.isEmpty());
                if (item == null) {
                    return false;
                }
                if (++read % PROGRESS_EVERY == 0) {
                    err.printf(total < 0 ? "bloomery: read %,d items%n" : "bloomery: read %,d of %,d items%n",
                            read, total);
                    err.flush();
                }
                action.accept(item);
                return true;
            }
        };
        return StreamSupport.stream(items, false);
    }

    /** Skips one byte-order mark at the start of the input; a pipe may hand its three bytes over one at a time. */
    private void skipByteOrderMark() throws IOException {
        boolean more = true;
        while (more && limit < BYTE_ORDER_MARK.length) {
            more = readMore();
        }
        if (limit >= BYTE_ORDER_MARK.length
                && Arrays.equals(chunk, 0, BYTE_ORDER_MARK.length, BYTE_ORDER_MARK, 0, BYTE_ORDER_MARK.length)) {
            position = BYTE_ORDER_MARK.length;
        }
    }

    /** Refills the chunk from its start; false at the end of the input. */
    private boolean fill() throws IOException {
        position = 0;
        limit = 0;
        return readMore();
    }

    /** Reads more bytes into the chunk after those it holds; false at the end of the input. */
    private boolean readMore() throws IOException {
        int read;
        try {
            read = in.read(chunk, limit, chunk.length - limit);
        } catch (IOException e) {
            throw new IOException("cannot read " + source + ": " + UserFiles.cause(e), e);
        }
        limit += Math.max(0, read);
        return read > 0;
    }

    /** Adds bytes to the line; one byte past the limit is room for a '\r' that the line end drops. */
    private void append(int from, int count) throws IOException {
        if (count > MAX_ITEM_BYTES + 1 - length) {
            throw tooLong(lineNumber + 1);
        }
        if (length + count > line.length) {
            line = Arrays.copyOf(line, Math.min(MAX_ITEM_BYTES + 1, Math.max(length + count, 2 * line.length)));
        }
        System.arraycopy(chunk, from, line, length, count);
        length += count;
    }

    private String decode() throws IOException {
        // UTF-8 never decodes to more chars than it has bytes.
        if (chars.capacity() < length) {
            chars = CharBuffer.allocate(Math.max(length, 2 * chars.capacity()));
        }
        chars.clear();
        ByteBuffer bytes = ByteBuffer.wrap(line, 0, length);
        decoder.reset();
        CoderResult result = decoder.decode(bytes, chars, true);
        if (!result.isError()) {
            result = decoder.flush(chars);
        }
        if (result.isError()) {
            throw new IOException("line " + lineNumber + " of " + source + " is not valid UTF-8 (byte "
                    + (bytes.position() + 1) + " of the line)");
        }
        return chars.flip().toString();
    }

    private IOException tooLong(long number) {
        return new IOException(String.format("line %d of %s is longer than %,d bytes, the longest item allowed",
                number, source, MAX_ITEM_BYTES));
    }
}
