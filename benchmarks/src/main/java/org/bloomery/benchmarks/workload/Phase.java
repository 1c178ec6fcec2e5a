package org.bloomery.benchmarks.workload;

/** The timed phases of a pass, each over a whole range of keys. */
public enum Phase {
    /** Adding keys. */
    ADD("add"),
    /** Querying keys that were added. */
    QUERY_PRESENT("query present"),
    /** Querying keys that were never added. */
    QUERY_ABSENT("query absent"),
    /** Removing keys that were added. */
    REMOVE("remove");

    private final String label;

    Phase(String label) {
        this.label = label;
    }

    /**
     * The name used in reports.
     *
     * @return e.g. {@code "query absent"}
     */
    public String label() {
        return label;
    }
}
