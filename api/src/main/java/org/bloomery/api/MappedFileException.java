package org.bloomery.api;

/**
 * Thrown by a query of a {@link MappedFilter} whose file can no longer be read where it is mapped:
 * another process truncated it (the JVM turns the fault of reading a page past the file's new end
 * into {@link InternalError}, which the filter catches and wraps here). The filter gives no reliable
 * answer afterwards; close it and map the file again, or the file that replaced it. A file replaced
 * by a rename keeps the old file's pages mapped, so queries go on answering from the old filter.
 */
public final class MappedFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message which file, and what happened
     * @param cause the JVM's error
     */
    public MappedFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
