package org.bloomery.api.internal;

/**
 * The refusals every static kind (one without {@link org.bloomery.api.Capability#ADD}, built once
 * from a whole set) gives to a change, worded once so that every such kind says the same thing.
 */
public final class StaticRefusal {
    private StaticRefusal() {
    }

    /**
     * The refusal of an add.
     *
     * @param kind the static kind
     * @return the exception to throw, saying to rebuild
     */
    public static UnsupportedOperationException ofAdd(String kind) {
        return new UnsupportedOperationException("a '" + kind + "' filter is static: it is built once from the whole"
                + " set and cannot add items; rebuild it with Filters.build from the full set, or choose a kind"
                + " with Capability.ADD");
    }

    /**
     * The refusal of a clear.
     *
     * @param kind the static kind
     * @return the exception to throw, saying how to get an empty filter
     */
    public static UnsupportedOperationException ofClear(String kind) {
        return new UnsupportedOperationException("a '" + kind + "' filter is static and cannot be cleared; build one"
                + " from the empty set (Filters.create) instead");
    }
}
