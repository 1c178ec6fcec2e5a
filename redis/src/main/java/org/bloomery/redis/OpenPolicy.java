package org.bloomery.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;

/**
 * What opening a name may do, from options {@code create} and {@code allowEviction}, the same for
 * every Redis kind: whether a free name is created or refused, and whether the filter may live on
 * a server that evicts any key when memory runs short.
 *
 * @param createIfMissing {@code create=ifMissing} (the default): a free name is created empty;
 *     {@code create=never}: opening a free name fails and writes nothing
 * @param allowEviction {@code allowEviction=true}: open even under an {@code allkeys-*} {@code
 *     maxmemory-policy} ({@link EvictionGuard})
 */
record OpenPolicy(boolean createIfMissing, boolean allowEviction) {
    static final String CREATE = "create";
    static final String ALLOW_EVICTION = "allowEviction";
    /** The options read here. */
    static final Set<String> KEYS = Set.of(CREATE, ALLOW_EVICTION);
    /** The options' lines of a provider's description. */
    static final String DESCRIPTION = ""
            + "  create         ifMissing (default): opening a free name creates the filter; never: it fails\n"
            + "  allowEviction  true: open even under maxmemory-policy allkeys-*; default false\n";

    private static final String NEVER = "never";
    private static final String IF_MISSING = "ifMissing";

    /**
     * Reads the options.
     *
     * @param kind the kind, for messages
     * @param spec the spec
     * @param options the spec's options
     * @return the policy
     * @throws IllegalArgumentException for a value not allowed, naming it and the allowed values
     */
    static OpenPolicy read(String kind, FilterSpec spec, SpecOptions options) {
        String create = spec.option(CREATE).orElse(IF_MISSING);
        if (!create.trim().equalsIgnoreCase(IF_MISSING) && !create.trim().equalsIgnoreCase(NEVER)) {
            throw new IllegalArgumentException("option '" + CREATE + "' of kind '" + kind + "' must be '" + NEVER
                    + "' or '" + IF_MISSING + "', got '" + create + "'");
        }
        return new OpenPolicy(create.trim().equalsIgnoreCase(IF_MISSING), options.booleanValue(ALLOW_EVICTION, false));
    }

    /**
     * The one step of opening that may create the filter: first the eviction check of every node
     * the filter's keys live on, then either {@code create} (which creates the filter unless its
     * metadata exists) or, under {@code create=never}, a read of the metadata that fails when it is
     * missing. Under {@code create=never} nothing is written whatever happens; a filter deleted
     * between this read and the checks that follow it fails those checks as lost.
     *
     * @param store the store
     * @param name the filter's name, for messages
     * @param keys every key the filter has
     * @param metadataKey its metadata key
     * @param create creates the filter if the name is free, answering as {@code joined} does when it
     *     is not
     * @param joined what {@code create} answers for stored metadata
     * @param <R> the answer of {@code create}
     * @return what {@code create} answered, or {@code joined} of the stored metadata
     * @throws RedisFilterException if the server may evict the keys and eviction is not allowed, or
     *     the server fails
     * @throws RedisFilterMissingException under {@code create=never}, if the name holds no filter
     */
    <R> R createOrJoin(RedisStore store, String name, List<String> keys, String metadataKey, Supplier<R> create,
            Function<Map<String, String>, R> joined) {
        if (!allowEviction) {
            EvictionGuard.refuseEvictingServers(store, keys);
        }
        if (createIfMissing) {
            return create.get();
        }
        Map<String, String> stored = store.hgetAll("open", metadataKey);
        if (stored.isEmpty()) {
            throw new RedisFilterMissingException(store.server(), name, metadataKey);
        }
        return joined.apply(stored);
    }

    /** @return the fields and values of a hash as one flat list, as a script returns them */
    static List<String> flat(Map<String, String> hash) {
        List<String> flat = new ArrayList<>(2 * hash.size());
        hash.forEach((field, value) -> {
            flat.add(field);
            flat.add(value);
        });
        return flat;
    }
}
