package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.SetBuilder;
import org.bloomery.benchmarks.keys.Keys;
import org.bloomery.benchmarks.stats.Proportion;

/**
 * One contestant's measurements in one lane over every timed round: each phase over a key range is
 * timed with {@link System#nanoTime()}; counts (false positives, false negatives) are pooled over all
 * rounds, rates are kept per round so that a figure is the median of its rounds.
 */
final class Trial {
    private final Entrant entrant;
    private final KeyType keyType;
    private final List<Map<Phase, Tally>> rounds = new ArrayList<>();
    private final Map<Phase, Tally> pooled = new EnumMap<>(Phase.class);
    private Contestant contestant;
    private long bits = -1;
    private boolean bitsApproximate;
    private OptionalInt layers = OptionalInt.empty();

    Trial(Entrant entrant, KeyType keyType) {
        this.entrant = entrant;
        this.keyType = keyType;
    }

    /**
     * Starts a timed round on a contestant (a fresh one, or the one of the previous round).
     *
     * @return the contestant
     */
    Contestant round(Contestant roundContestant) {
        contestant = roundContestant;
        rounds.add(new EnumMap<>(Phase.class));
        return contestant;
    }

    /** Builds a fresh contestant sized for {@code capacity} and starts a round on it. */
    Contestant round(long capacity, double fpp) {
        return round(entrant.create(keyType, capacity, fpp));
    }

    /**
     * Starts a timed round on a contestant built from keys [0, n) at once, and times the build (with
     * the keys' conversion to the longs a set is built from) as the round's add phase.
     *
     * @return the contestant
     */
    Contestant roundBuiltFrom(SetBuilder builder, Keys keys, int n, double fpp) {
        rounds.add(new EnumMap<>(Phase.class));
        long start = System.nanoTime();
        contestant = builder.build(keyType, keys.longs(0, n), fpp);
        record(Phase.ADD, n, 0, System.nanoTime() - start);
        return contestant;
    }

    /** Lets go of the round's contestant so that it can be collected before the next lane runs. */
    void endRound() {
        contestant = null;
    }

    Contestant contestant() {
        return contestant;
    }

    Entrant entrant() {
        return entrant;
    }

    KeyType keyType() {
        return keyType;
    }

    void add(Keys keys, int from, int to) {
        long start = System.nanoTime();
        keys.addTo(contestant, from, to);
        record(Phase.ADD, to - from, 0, System.nanoTime() - start);
    }

    /** Queries keys that were added and not removed; returns the false negatives. */
    long queryPresent(Keys keys, int from, int to) {
        long start = System.nanoTime();
        long found = keys.countContained(contestant, from, to);
        long missed = (to - from) - found;
        record(Phase.QUERY_PRESENT, to - from, missed, System.nanoTime() - start);
        return missed;
    }

    /** Queries keys that were never added; returns the false positives. */
    Proportion queryAbsent(Keys keys, int from, int to) {
        long start = System.nanoTime();
        long found = keys.countContained(contestant, from, to);
        record(Phase.QUERY_ABSENT, to - from, found, System.nanoTime() - start);
        return new Proportion(found, to - from);
    }

    /**
     * Queries, in batches ({@link Phase#QUERY_BATCH}), the present and absent keys that this round's
     * single queries asked, timed as one phase, and checks that the batches answer as they did.
     *
     * @throws IllegalStateException if the batches found other counts than the single queries
     */
    void queryBatch(Keys present, int presentFrom, int presentTo, Keys absent, int absentFrom, int absentTo) {
        long start = System.nanoTime();
        long presentFound = present.countContainedInBatches(contestant, presentFrom, presentTo);
        long absentFound = absent.countContainedInBatches(contestant, absentFrom, absentTo);
        long nanos = System.nanoTime() - start;
        long presentExpected = (presentTo - presentFrom) - eventsInRound(Phase.QUERY_PRESENT);
        long absentExpected = eventsInRound(Phase.QUERY_ABSENT);
        if (presentFound != presentExpected || absentFound != absentExpected) {
            throw new IllegalStateException(entrant.name() + ": batch queries found " + presentFound + " present and "
                    + absentFound + " absent keys, single queries " + presentExpected + " and " + absentExpected);
        }
        record(Phase.QUERY_BATCH, (presentTo - presentFrom) + (absentTo - absentFrom), 0, nanos);
    }

    /** The events of one phase in the current round: false negatives of present queries, hits of absent ones. */
    private long eventsInRound(Phase phase) {
        Tally tally = rounds.get(rounds.size() - 1).get(phase);
        return tally == null ? 0 : tally.events;
    }

    /** Removes keys that were added; returns the removals the contestant reported as failed. */
    long remove(Keys keys, int from, int to) {
        long start = System.nanoTime();
        long failed = keys.removeFrom(contestant, from, to);
        record(Phase.REMOVE, to - from, failed, System.nanoTime() - start);
        return failed;
    }

    /**
     * Records a phase timed by the caller (e.g. by several threads at once) in the current round.
     *
     * @param events false negatives for present queries, false positives for absent ones, failures for
     *     adds and removes
     */
    void record(Phase phase, long operations, long events, long nanos) {
        rounds.get(rounds.size() - 1).computeIfAbsent(phase, p -> new Tally()).record(operations, events, nanos);
        pooled.computeIfAbsent(phase, p -> new Tally()).record(operations, events, nanos);
    }

    /** Reads the size and layer count of the current contestant (from the structure), for the result. */
    void measureSize() {
        bits = contestant.bitSize().orElseThrow();
        layers = contestant.layers();
    }

    /** Sets a size measured some other way (from the heap), marked approximate. */
    void measuredBits(long heapBits) {
        bits = heapBits;
        bitsApproximate = true;
    }

    boolean bitsApproximate() {
        return bitsApproximate;
    }

    Proportion falsePositives() {
        Tally absent = pooled.get(Phase.QUERY_ABSENT);
        return absent == null ? new Proportion(0, 0) : new Proportion(absent.events, absent.operations);
    }

    long falseNegatives() {
        return events(Phase.QUERY_PRESENT);
    }

    /** The events of a phase over every round: e.g. the removes reported as failed. */
    long events(Phase phase) {
        Tally tally = pooled.get(phase);
        return tally == null ? 0 : tally.events;
    }

    Throughput throughput() {
        return new Throughput(spread(Phase.ADD), spread(Phase.QUERY_PRESENT), spread(Phase.QUERY_ABSENT),
                spread(Phase.QUERY_BATCH), spread(Phase.REMOVE));
    }

    private Spread spread(Phase phase) {
        return Spread.of(rounds.stream().mapToDouble(r -> r.containsKey(phase) ? r.get(phase).mops() : Double.NaN)
                .toArray());
    }

    /** Millions of operations per second over every phase of the current round. */
    double roundMops() {
        Map<Phase, Tally> round = rounds.get(rounds.size() - 1);
        long operations = round.values().stream().mapToLong(t -> t.operations).sum();
        long nanos = round.values().stream().mapToLong(t -> t.nanos).sum();
        return Throughput.mops(operations, nanos);
    }

    /**
     * The report row for this trial.
     *
     * @param n keys inserted (the live-set size for churn)
     * @param capacity the insertions the contestant was built for
     */
    Result result(Workload workload, long n, double fpp, long capacity, int threads, List<ChurnRound> churnRounds,
                  String note) {
        if (bits < 0) {
            throw new IllegalStateException(entrant.name() + " in " + workload.label() + ": size not measured");
        }
        return new Result(workload, entrant.name(), entrant.family(), entrant.side(), entrant.abilities(), keyType,
                n, fpp, capacity, threads, bits / (double) n, bitsApproximate, layers, falsePositives(),
                falseNegatives(), throughput(), churnRounds, note);
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
