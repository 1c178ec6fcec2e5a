package org.bloomery.redis;

/**
 * A shared filter's operation failed in or on the way to Redis: the server was unreachable or
 * slower than the timeout, refused the credentials or the key, or answered with an error or a value
 * of the wrong type. The message names the server (host and port only, never credentials), the
 * filter and the operation. The operation did not answer: no "definitely absent" is ever made up
 * from a failure. A failed add or remove may or may not have been applied on the server; each is
 * atomic there, so it applied whole or not at all.
 */
public final class RedisFilterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String server;
    private final String filterName;
    private final String operation;

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
        super("filter '" + filterName + "' on " + server + ": " + operation + " failed: " + detail, cause);
        this.server = server;
        this.filterName = filterName;
        this.operation = operation;
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
}
