package org.bloomery.benchmarks.workload;

import org.bloomery.benchmarks.stats.Proportion;

/**
 * One round of the churn workload.
 *
 * @param round the round number, from 1
 * @param falseNegatives live keys the contestant answered "definitely not" for (must be 0)
 * @param falsePositives absent-key queries answered "might be present"
 * @param mops millions of operations per second over the whole round (removes, adds and queries)
 */
public record ChurnRound(int round, long falseNegatives, Proportion falsePositives, double mops) {
}
