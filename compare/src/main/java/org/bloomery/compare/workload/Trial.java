package org.bloomery.compare.workload;

import java.util.List;
import org.bloomery.compare.contestant.Contestant;
import org.bloomery.compare.contestant.Entrant;
import org.bloomery.compare.contestant.KeyType;
import org.bloomery.compare.keys.Keys;
import org.bloomery.compare.stats.Proportion;

/**
 * One contestant being measured: runs whole phases over key ranges, times each with
 * {@link System#nanoTime()} and keeps the counts, pooled over every phase of the same type.
 */
final class Trial {
    private final Contestant contestant;
    private final KeyType keyType;
    private final Tally adds = new Tally();
    private final Tally presentQueries = new Tally();
    private final Tally absentQueries = new Tally();
    private final Tally removes = new Tally();

    Trial(Contestant contestant, KeyType keyType) {
        this.contestant = contestant;
        this.keyType = keyType;
    }

    Contestant contestant() {
        return contestant;
    }

    void add(Keys keys, int from, int to) {
        long start = System.nanoTime();
        keys.addTo(contestant, from, to);
        adds.record(to - from, 0, System.nanoTime() - start);
    }

    /** Queries keys that were added and not removed; returns the false negatives. */
    long queryPresent(Keys keys, int from, int to) {
        long start = System.nanoTime();
        long found = keys.countContained(contestant, from, to);
        long missed = (to - from) - found;
        presentQueries.record(to - from, missed, System.nanoTime() - start);
        return missed;
    }

    /** Queries keys that were never added; returns the false positives. */
    Proportion queryAbsent(Keys keys, int from, int to) {
        long start = System.nanoTime();
        long found = keys.countContained(contestant, from, to);
        absentQueries.record(to - from, found, System.nanoTime() - start);
        return new Proportion(found, to - from);
    }

    /** Removes keys that were added; returns the removals the contestant reported as failed. */
    long remove(Keys keys, int from, int to) {
        long start = System.nanoTime();
        long failed = keys.removeFrom(contestant, from, to);
        removes.record(to - from, failed, System.nanoTime() - start);
        return failed;
    }

    Proportion falsePositives() {
        return new Proportion(absentQueries.events, absentQueries.operations);
    }

    long falseNegatives() {
        return presentQueries.events;
    }

    Throughput throughput() {
        return new Throughput(adds.mops(), presentQueries.mops(), absentQueries.mops(), removes.mops());
    }

    /**
     * The report row for this trial.
     *
     * @param capacity the insertions the contestant was built for
     * @param bits its size in bits
     * @param approximate true if the size was measured from the heap
     */
    Result result(Workload workload, Entrant entrant, int n, double fpp, long capacity, long bits,
                  boolean approximate, List<ChurnRound> rounds, String note) {
        return new Result(workload, entrant.name(), entrant.family(), entrant.side(), keyType, n, fpp, capacity,
                bits / (double) n, approximate, contestant.layers(), falsePositives(), falseNegatives(),
                throughput(), rounds, note);
    }

    /** Operations and time over every phase so far, for a per-round rate. */
    long operations() {
        return adds.operations + presentQueries.operations + absentQueries.operations + removes.operations;
    }

    long nanos() {
        return adds.nanos + presentQueries.nanos + absentQueries.nanos + removes.nanos;
    }

    /** Pooled counts of one phase type. */
    private static final class Tally {
        long operations;
        long events;
        long nanos;

        void record(long operationsDone, long eventsSeen, long nanosTaken) {
            operations += operationsDone;
            events += eventsSeen;
            nanos += nanosTaken;
        }

        double mops() {
            return Throughput.mops(operations, nanos);
        }
    }
}
