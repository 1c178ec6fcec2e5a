package org.bloomery.cli;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;

/** Reads a filter file, naming the file when it is missing or not a filter. */
final class FilterFiles {
    private FilterFiles() {
    }

    static <T> MembershipFilter<T> read(Path file, KeyHasher<? super T> hasher) throws IOException {
        try (InputStream in = new BufferedInputStream(LineItems.open(file, "filter file"))) {
            return Filters.readFrom(in, hasher);
        } catch (InvalidFilterDataException e) {
            throw new InvalidFilterDataException(file + " is not a usable filter: " + e.getMessage(), e);
        }
    }
}
