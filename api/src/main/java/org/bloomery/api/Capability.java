package org.bloomery.api;

/**
 * An optional ability of a filter kind, declared by its {@link FilterProvider} and by every
 * filter it creates. A kind that lacks a capability throws {@link UnsupportedOperationException}
 * from the matching operation.
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
    SHARED
}
