package org.bloomery.api;

/**
 * An optional ability, declared at two levels that mean different things:
 * <ul>
 *   <li>A filter's {@link MembershipFilter#capabilities()} are what <em>this filter</em> does, as it
 *       was built: its options may switch a capability of its kind off (a cuckoo filter grows only
 *       with option {@code expansion} of at least 1). A filter without a capability refuses the
 *       matching operation: {@link MembershipFilter#remove} throws
 *       {@link UnsupportedOperationException}, a full filter that cannot grow throws
 *       {@link FilterFullException}.</li>
 *   <li>A provider's {@link FilterProvider#capabilities()} are what <em>the kind</em> can do with
 *       some options: exactly the union of the capabilities of the filters it can build, so every
 *       filter's set is a subset of its provider's, and each capability a provider declares is had
 *       by at least one filter of the kind ({@link #MAPPED} excepted: a filter's alone). {@link Filters#choose} selects kinds by these; the
 *       kind's description says which options a capability needs.</li>
 * </ul>
 * More constants may be added; code should test for the ones it needs rather than enumerate them.
 */
public enum Capability {
    /** {@link MembershipFilter#remove} deletes one earlier insertion of the item. */
    REMOVE,
    /** Two compatible filters of the kind can be combined into one that holds both sets. */
    MERGE,
    /** The filter grows past its expected insertions instead of losing accuracy or refusing. */
    GROW,
    /** Safe for concurrent add, query and remove from many threads without outside locking. */
    CONCURRENT,
    /**
     * Items can be added after construction ({@link MembershipFilter#add}, {@link
     * MembershipFilter#addHash}) and {@link MembershipFilter#clear} empties the filter. A kind
     * without it is static: built whole from a known set by {@link Filters#build} (or {@link
     * FilterProvider#build}), it is immutable afterwards, and its {@code add}, {@code addHash} and
     * {@code clear} throw {@link UnsupportedOperationException} saying to rebuild. {@link
     * FilterProvider#create} then gives a filter of the empty set.
     */
    ADD,
    /**
     * The filter's state lives outside the JVM (for example in a Redis server), so every process
     * that opens the same filter shares it: an add in one is seen by queries in all of them.
     */
    SHARED,
    /**
     * The filter forgets, by design, what was added more than a window ago (of adds or of time, as
     * its spec says): such an item answers like one never added. Within the window it never answers
     * false for an item added. {@link Filters#choose} ranks these kinds last unless this is required.
     */
    WINDOW,
    /**
     * The filter reads its structure where it lies in a file mapped into memory ({@link
     * Filters#map}), read-only: it answers queries as the filter written there, and {@code add},
     * {@code remove}, {@code mergeFrom} and {@code clear} throw {@link UnsupportedOperationException}.
     * Only a filter declares it, never a provider: whether a kind maps is {@link FilterProvider#map}'s
     * answer.
     */
    MAPPED
}
