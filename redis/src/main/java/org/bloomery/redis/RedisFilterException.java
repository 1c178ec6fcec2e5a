package org.bloomery.redis;

import java.util.OptionalInt;

/**
 * A shared filter's operation failed in or on the way to Redis: the server was unreachable or
 * slower than the timeout, refused the credentials or the key, or answered with an error or a value
 * of the wrong type. The message names the server (host and port only, never credentials), the
 * filter and the operation. The operation did not answer: no "definitely absent" is ever made up
 * from a failure. A failed single add or remove may or may not have been applied on the server;
 * each is atomic there, so it applied whole or not at all. A failed batch add says how far it got
 * ({@link #firstUnconfirmed()}). With option {@code minReplicas}, a write that fewer replicas
 * acknowledged fails with a message saying how many did; it is applied on the master, and a batch
 * add's {@link #firstUnconfirmed()} is the first item whose pipeline was not acknowledged.
 *
 * <p>{@link RedisDataLostException}, a subclass, means the filter's data in Redis is no longer the
 * data this handle opened: deleted, replaced, truncated, overwritten or rolled back.
 */
public class RedisFilterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String server;
    private final String filterName;
    private final String operation;
    /** For a failed batch add, the first item not known to be applied; else -1. */
    private final int firstUnconfirmed;

    /**
     * Creates the exception.
     *
     * @param server the server, as {@code host:port}, or a description of the user's client
     * @param filterName the filter's name
     * @param operation what was being done, e.g. {@code "add"}
     * @param detail what went wrong; must hold no credentials
     * @param cause the client's exception, or null
     */
    RedisFilterException(String server, String filterName, String operation, String detail, Throwable cause) {
        this(server, filterName, operation, detail, cause, -1);
    }

    RedisFilterException(String server, String filterName, String operation, String detail, Throwable cause,
            int firstUnconfirmed) {
        super("filter '" + filterName + "' on " + server + ": " + operation + " failed: " + detail, cause);
        this.server = server;
        this.filterName = filterName;
        this.operation = operation;
        this.firstUnconfirmed = firstUnconfirmed;
    }

    /** A copy of {@code failure}, of the same class and message, that records a batch's progress. */
    RedisFilterException(RedisFilterException failure, int firstUnconfirmed) {
        super(failure.getMessage() + "; the items before index " + firstUnconfirmed + " were applied, those from it"
                + " on may or may not have been (each whole or not at all)", failure.getCause());
        this.server = failure.server;
        this.filterName = failure.filterName;
        this.operation = failure.operation;
        this.firstUnconfirmed = firstUnconfirmed;
    }

    /**
     * This failure as the failure of a batch add that got as far as {@code firstUnconfirmed}.
     *
     * @param firstUnconfirmed the index of the first item of the batch not known to be applied
     * @return an exception of the same class, with the progress in its message
     */
    RedisFilterException inBatch(int firstUnconfirmed) {
        return new RedisFilterException(this, firstUnconfirmed);
    }

    /** @return the server, as {@code host:port}, or a description of the user's client */
    public String server() {
        return server;
    }

    /** @return the filter's name */
    public String filterName() {
        return filterName;
    }

    /** @return the operation that failed, e.g. {@code "add"} */
    public String operation() {
        return operation;
    }

    /**
     * How far a failed batch add got: every item before the returned index was applied (each as
     * a single add would have been); an item at or after it may or may not have been. Sending the
     * batch again from that index loses nothing: a classic add of an item already present changes
     * nothing, and a counting add raises its counters once more, which can only delay its removal,
     * never make it absent.
     *
     * @return the index, for a failed batch add; empty for every other operation
     */
    public OptionalInt firstUnconfirmed() {
        return firstUnconfirmed < 0 ? OptionalInt.empty() : OptionalInt.of(firstUnconfirmed);
    }
}
