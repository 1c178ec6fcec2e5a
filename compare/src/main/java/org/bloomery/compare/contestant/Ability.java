package org.bloomery.compare.contestant;

/** What a contestant can do beyond add and query; decides which workloads it takes part in. */
public enum Ability {
    /** It can delete a key it holds: it runs the churn workload and the remove phase. */
    REMOVE,
    /** It grows past the capacity it was built for: it runs the growth workload. */
    GROW
}
