package org.bloomery.benchmarks.workload;

import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.Side;
import org.bloomery.benchmarks.stats.Proportion;

/**
 * One row of the report: one contestant in one workload at one spec and key type, with every figure
 * measured.
 *
 * @param workload the workload
 * @param contestant the entrant's name
 * @param family the Bloomery kind it compares with, or {@code exact}
 * @param side where it comes from
 * @param abilities what the contestant can do beyond add and query
 * @param keyType the key type
 * @param n keys inserted (the live-set size for churn, the size of the step for scaling)
 * @param targetFpp the false-positive probability it was built for; NaN for exact sets
 * @param capacity the insertions it was sized for: n, or n/1000 in the growth workload
 * @param threads the threads that queried it at once (1 except in the threads workload)
 * @param bitsPerElement its size in bits divided by n
 * @param bitsApproximate true when the size was measured from the heap, not read from the structure
 * @param layers the layer count of a layered filter, or empty
 * @param falsePositives absent-key queries answered "might be present" (pooled over the rounds)
 * @param falseNegatives present keys answered "definitely not" (summed over the rounds); must be 0
 * @param throughput the phases' speed, median and range over the rounds
 * @param rounds the churn rounds; empty for other workloads
 * @param note anything the reader must know about this row, or empty
 */
public record Result(Workload workload, String contestant, String family, Side side, Set<Ability> abilities,
                     KeyType keyType, long n, double targetFpp, long capacity, int threads, double bitsPerElement,
                     boolean bitsApproximate, OptionalInt layers, Proportion falsePositives, long falseNegatives,
                     Throughput throughput, List<ChurnRound> rounds, String note) {

    /** Copies the sets and lists. */
    public Result {
        abilities = Set.copyOf(abilities);
        rounds = List.copyOf(rounds);
    }

    /**
     * Whether the contestant has an ability.
     *
     * @param ability the ability
     * @return true if it has it
     */
    public boolean can(Ability ability) {
        return abilities.contains(ability);
    }
}
