package org.bloomery.cli;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;

/** Reads a filter file, naming the file when it is missing or not a filter. */
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
            return Filters.readFrom(in, hasher);
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
        InputStream opened = UserFiles.openToRead(file);
        try (InputStream in = new BufferedInputStream(opened)) {
            Envelope.KindPrefix prefix = Envelope.readKind(in);
            KeyHasher<Object> named = KeyHasher.of(prefix.hasherId(), item -> {
                throw new UnsupportedOperationException("a filter read to be described does not hash items");
            });
            return Filters.readFrom(prefix.stream(), named);
        } catch (InvalidFilterDataException e) {
            throw unusable(file, e);
        } catch (IOException e) {
            throw unreadable(file, e);
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
