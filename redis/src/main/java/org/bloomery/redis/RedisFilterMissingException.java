package org.bloomery.redis;

/**
 * Opening with option {@code create=never} found no filter under the name, and wrote nothing. The
 * name was never created, or its filter was deleted or lost (a restart without persistence, a
 * flush, an eviction) before this process opened it: a service that opens its filters this way
 * never answers from an empty filter that replaced a lost one.
 *
 * <p>What to do: create the filter in a deploy step (open it once with {@code create=ifMissing},
 * reserve it with {@link RedisFilters#reserve}, or upload a snapshot built from the source of
 * truth), then open it again.
 */
public final class RedisFilterMissingException extends RedisFilterException {
    private static final long serialVersionUID = 1L;

    private final String key;

    RedisFilterMissingException(String server, String filterName, String key) {
        super(server, filterName, "open", "no filter of this name exists (key '" + key + "' is missing) and option '"
                + OpenPolicy.CREATE + "' is 'never', so nothing was created; create the filter in a deploy step"
                + " (open it once with " + OpenPolicy.CREATE + "=ifMissing, or upload it), then open it", null);
        this.key = key;
    }

    /** @return the metadata key found missing */
    public String key() {
        return key;
    }
}
