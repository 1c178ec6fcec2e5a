package org.bloomery.cli;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MapOption;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;

/**
 * Opens a filter file, naming the file when it is missing or not a filter. A file of format version
 * 3 whose kind maps ({@link Filters#map}) is mapped, never copied to the heap: to be queried, after
 * its body's region checksums are checked (in parallel); to be described, with its header, sizes and
 * length checked and its body not read, so that describing takes milliseconds at any size. Any
 * other file (version 2, or a kind that does not map) is read onto the heap with {@link
 * Filters#readFrom}, which checks every byte.
 */
final class FilterFileReader {
    private FilterFileReader() {
    }

    /**
     * Reads a filter written with a given hasher.
     *
     * @param file the file
     * @param hasher the hasher it must have been written with
     * @return the filter
     * @throws IOException if the file is missing, unreadable or not such a filter, naming it
     */
    static <T> MembershipFilter<T> read(Path file, KeyHasher<? super T> hasher) throws IOException {
        InputStream opened = UserFiles.openToRead(file);
        try (InputStream in = new BufferedInputStream(opened)) {
            Envelope.KindPrefix prefix = Envelope.readKind(in);
            Optional<MembershipFilter<T>> mapped = mapped(file, prefix, hasher, MapOption.VERIFY);
            return mapped.isPresent() ? mapped.get() : Filters.readFrom(prefix.stream(), hasher);
        } catch (InvalidFilterDataException e) {
            throw unusable(file, e);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    /**
     * Reads a filter written with any hasher, to describe it: it is read with a hasher of the id its
     * envelope names, which refuses to hash an item (describing a filter asks about no item).
     *
     * @param file the file
     * @return the filter, whose sizes, counts, spec and hasher id are the file's
     * @throws IOException if the file is missing, unreadable or not a filter, naming it
     */
    static MembershipFilter<Object> readToDescribe(Path file) throws IOException {
        return readWithAnyHasher(file);
    }

    /**
     * Reads a filter written with any hasher, to write it again: as {@link #readToDescribe}, but a
     * mapped file's body is checked against its region checksums first (a file read onto the heap is
     * checked whole as it is read), so a damaged file is never written out as a good one.
     *
     * @param file the file
     * @return the filter, which writes the same filter in the current format version
     * @throws IOException if the file is missing, unreadable, not a filter or damaged, naming it
     */
    static MembershipFilter<Object> readToRewrite(Path file) throws IOException {
        return readWithAnyHasher(file, MapOption.VERIFY);
    }

    /**
     * The format version a filter file was written in, from its header alone.
     *
     * @param file the file
     * @return the version
     * @throws IOException if the file is missing, unreadable or not a filter, naming it
     */
    static int version(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(UserFiles.openToRead(file))) {
            return Envelope.readKind(in).version();
        } catch (InvalidFilterDataException e) {
            throw unusable(file, e);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    private static MembershipFilter<Object> readWithAnyHasher(Path file, MapOption... options) throws IOException {
        InputStream opened = UserFiles.openToRead(file);
        try (InputStream in = new BufferedInputStream(opened)) {
            Envelope.KindPrefix prefix = Envelope.readKind(in);
            KeyHasher<Object> named = KeyHasher.of(prefix.hasherId(), item -> {
                throw new UnsupportedOperationException("a filter read to be described does not hash items");
            });
            Optional<MembershipFilter<Object>> mapped = mapped(file, prefix, named, options);
            return mapped.isPresent() ? mapped.get() : Filters.readFrom(prefix.stream(), named);
        } catch (InvalidFilterDataException e) {
            throw unusable(file, e);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    /**
     * The file mapped, if it is of the version that maps and its kind maps; empty otherwise, for the
     * caller to read it instead.
     */
    private static <T> Optional<MembershipFilter<T>> mapped(Path file, Envelope.KindPrefix prefix,
            KeyHasher<? super T> hasher, MapOption... options) throws IOException {
        if (prefix.version() != Envelope.FORMAT_VERSION) {
            return Optional.empty();
        }
        try {
            return Optional.of(Filters.map(file, hasher, options));
        } catch (UnsupportedOperationException e) {
            return Optional.empty(); // the kind does not map
        }
    }

    /** A failure of the stream itself, after the file opened. */
    private static IOException unreadable(Path file, IOException e) {
        return new IOException("cannot read " + file + ": " + UserFiles.cause(e), e);
    }

    private static InvalidFilterDataException unusable(Path file, InvalidFilterDataException e) {
        return new InvalidFilterDataException(file + " is not a usable filter: " + e.getMessage(), e);
    }
}
