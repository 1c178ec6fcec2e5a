package org.bloomery.benchmarks.contestant;

/**
 * What a contestant can do beyond add and query; decides which workloads it takes part in and which
 * needs of the report's summary it can serve. A Bloomery kind gets the ability named like each
 * {@link org.bloomery.api.Capability} its provider declares, so a capability added to the api needs
 * only a constant of the same name here.
 */
public enum Ability {
    /** It can delete a key it holds: it runs the churn workload and the remove phase. */
    REMOVE,
    /** It grows past the capacity it was built for: it runs the growth workload. */
    GROW,
    /**
     * It forgets items older than a window of adds without removes: it runs the window workload only,
     * since every other workload expects each added key to stay.
     */
    WINDOW,
    /** It is safe for concurrent adds and queries: it runs the threads workload. */
    CONCURRENT,
    /** Its state lives outside the JVM, so several processes can share one filter. */
    SHARED,
    /**
     * It is built once from a set known in advance and cannot add after construction: a kind without
     * {@link org.bloomery.api.Capability#ADD}. Workloads that add to a built filter leave it out.
     */
    STATIC
}
