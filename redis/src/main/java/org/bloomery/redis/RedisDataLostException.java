package org.bloomery.redis;

/**
 * The filter's data in Redis is not the data this handle opened, so no answer can be trusted:
 * a key was deleted (a server restarted without persistence, a flush, an eviction, a {@code
 * DEL}), replaced by another filter of the same name, truncated or overwritten, or holds another
 * type; or a filter is being opened whose keys disagree with its metadata; or the data was rolled
 * back to an older state than this handle has seen (its message says "rolled back": a failover to
 * a replica that lagged, or a restart from an older snapshot, lost acknowledged writes), after
 * which the handle refuses every call until it is opened again. Every command of a
 * shared filter checks this on the server, in the same atomic step as its work, so the command
 * that meets the damage fails with this exception instead of answering "absent"; nothing was
 * changed by it.
 *
 * <p>What to do: the items added before the loss are gone from Redis. Rebuild the filter from the
 * source of truth (upload a snapshot with {@link RedisFilters#upload} or {@link
 * RedisFilters#uploadScalable}, or {@link RedisFilters#drop drop} it and add again), then open it
 * anew; a handle whose filter was replaced by a new one of the same name must be opened again.
 */
public final class RedisDataLostException extends RedisFilterException {
    private static final long serialVersionUID = 1L;

    private final String key;
    private final String detail;
    private final boolean rolledBack;

    RedisDataLostException(String server, String filterName, String operation, String key, String detail,
            boolean rolledBack) {
        super(server, filterName, operation, detail, null);
        this.key = key;
        this.detail = detail;
        this.rolledBack = rolledBack;
    }

    private RedisDataLostException(RedisDataLostException failure, int firstUnconfirmed) {
        super(failure, firstUnconfirmed);
        this.key = failure.key;
        this.detail = failure.detail;
        this.rolledBack = failure.rolledBack;
    }

    /** @return what is wrong, without the server, filter and operation */
    String detail() {
        return detail;
    }

    /** @return whether the data was found rolled back below what the handle had seen */
    boolean rolledBack() {
        return rolledBack;
    }

    @Override
    RedisFilterException inBatch(int firstUnconfirmed) {
        return new RedisDataLostException(this, firstUnconfirmed);
    }

    /** @return the Redis key found missing or damaged */
    public String key() {
        return key;
    }
}
