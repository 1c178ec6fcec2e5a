package org.bloomery.compare.workload;

import java.util.List;
import java.util.OptionalInt;
import org.bloomery.compare.contestant.KeyType;
import org.bloomery.compare.contestant.Side;
import org.bloomery.compare.stats.Proportion;

/**
 * One row of the report: one contestant in one workload at one spec and key type, with every figure
 * measured.
 *
 * @param workload the workload
 * @param contestant the entrant's name
 * @param family the Bloomery kind it compares with, or {@code exact}
 * @param side where it comes from
 * @param keyType the key type
 * @param n keys inserted (the live-set size for churn)
 * @param targetFpp the false-positive probability it was built for; NaN for exact sets
 * @param capacity the insertions it was sized for: n, or n/1000 in the growth workload
 * @param bitsPerElement its size in bits divided by n
 * @param bitsApproximate true when the size was measured from the heap, not read from the structure
 * @param layers the layer count of a layered filter, or empty
 * @param falsePositives absent-key queries answered "might be present" (pooled over churn rounds)
 * @param falseNegatives present keys answered "definitely not" (summed over churn rounds); must be 0
 * @param throughput the phases' speed
 * @param rounds the churn rounds; empty for other workloads
 * @param note anything the reader must know about this row, or empty
 */
public record Result(Workload workload, String contestant, String family, Side side, KeyType keyType,
                     long n, double targetFpp, long capacity, double bitsPerElement, boolean bitsApproximate,
                     OptionalInt layers, Proportion falsePositives, long falseNegatives, Throughput throughput,
                     List<ChurnRound> rounds, String note) {

    /** Copies the rounds. */
    public Result {
        rounds = List.copyOf(rounds);
    }
}
