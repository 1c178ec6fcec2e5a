package org.bloomery.api;

import java.io.IOException;

/**
 * Thrown when bytes handed to a {@code readFrom} method are not a valid serialized filter: wrong
 * magic, unknown format version, a kind with no provider, a different key hasher, a bad checksum,
 * a value out of range or a truncated stream. The message says which.
 */
public final class InvalidFilterDataException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong with the data
     */
    public InvalidFilterDataException(String message) {
        super(message);
    }

    /**
     * Creates the exception with its cause.
     *
     * @param message what is wrong with the data
     * @param cause the underlying failure, such as an {@link java.io.EOFException}
     */
    public InvalidFilterDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
