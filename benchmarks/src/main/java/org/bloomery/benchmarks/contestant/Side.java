package org.bloomery.benchmarks.contestant;

/** Where a contestant comes from. */
public enum Side {
    /** A Bloomery filter kind, found through {@link java.util.ServiceLoader}. */
    BLOOMERY,
    /** A filter from another library, compared with the Bloomery kind of the same family. */
    PEER,
    /** An exact set, for the space comparison. */
    EXACT
}
