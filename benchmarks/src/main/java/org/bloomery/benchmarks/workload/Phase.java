package org.bloomery.benchmarks.workload;

/** The timed phases of a pass, each over a whole range of keys. */
public enum Phase {
    /** Adding keys. */
    ADD("add"),
    /** Querying keys that were added. */
    QUERY_PRESENT("query present"),
    /** Querying keys that were never added. */
    QUERY_ABSENT("query absent"),
    /**
     * Querying the present and then the absent keys again, {@value org.bloomery.benchmarks.contestant.Contestant#BATCH}
     * at a time, through the library's batch query where it has one and a loop of single queries where
     * it does not.
     */
    QUERY_BATCH("batch query"),
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
