package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;

/**
 * {@code scaling}: for each n of {@link Plan#scalingSizes}, each round builds a fresh filter at the
 * first fpp, adds n keys, then queries {@link Plan#SCALING_QUERIES} present keys (cycling through the
 * n) and as many absent keys, in at most {@link Plan#SCALING_ROUNDS} rounds. The report turns the rates into nanoseconds per operation against n. A
 * contestant whose next filter would not fit comfortably in the free heap stops there, with a note.
 */
final class ScalingWorkload {
    /** A filter may take at most this share of the heap left free by the keys. */
    private static final double HEAP_SHARE = 0.4;
    /** Bits per key assumed before a contestant's first size is measured: generous for any filter here. */
    private static final double FIRST_GUESS_BITS = 64;

    private ScalingWorkload() {
    }

    static List<Heat> heats(Plan plan, KeyType type) {
        List<SizeGuard> guards = plan.incremental().stream().map(SizeGuard::new).toList();
        List<Heat> heats = new ArrayList<>();
        for (int size : plan.scalingSizes(type)) {
            heats.add(new Heat(String.format(Locale.ROOT, "n %,d", size),
                    guards.stream().map(g -> lane(plan, g, type, size)).toList(), Plan.SCALING_ROUNDS));
        }
        return heats;
    }

    private static Lane lane(Plan plan, SizeGuard guard, KeyType type, int size) {
        double fpp = plan.firstFpp();
        return new Lane() {
            private final TrialLane lane = new TrialLane(guard.entrant, type, (trial, keys, round) -> {
                trial.round(size, fpp);
                trial.add(keys.present(), 0, size);
                trial.measureSize();
                for (int done = 0; done < Plan.SCALING_QUERIES; done += Math.min(size, Plan.SCALING_QUERIES - done)) {
                    trial.queryPresent(keys.present(), 0, Math.min(size, Plan.SCALING_QUERIES - done));
                }
                trial.queryAbsent(keys.absent(), 0, Plan.SCALING_QUERIES);
                guard.bitsPerKey = trial.contestant().bitSize().orElseThrow() / (double) size;
            }, trial -> trial.result(Workload.SCALING, size, fpp, size, 1, List.of(), ""));
            private boolean ran;

            @Override
            public String name() {
                return lane.name();
            }

            @Override
            public void pass(KeyPools keys, int round) {
                if (round == 0) {
                    ran = guard.fits(size);
                }
                if (ran) {
                    lane.pass(keys, round);
                }
            }

            @Override
            public List<Result> results() {
                return ran ? lane.results() : List.of();
            }

            @Override
            public List<String> notes() {
                return guard.stoppedAt == size
                        ? List.of(String.format(Locale.ROOT, "scaling, %s keys: %s stopped before n = %,d, whose"
                                + " filter would take more than %.0f%% of the free heap.", type.label(),
                                guard.entrant.name(), size, HEAP_SHARE * 100))
                        : List.of();
            }
        };
    }

    /** What one contestant's smaller sizes say about its next one. */
    private static final class SizeGuard {
        final Entrant entrant;
        double bitsPerKey = FIRST_GUESS_BITS;
        int stoppedAt;

        SizeGuard(Entrant entrant) {
            this.entrant = entrant;
        }

        boolean fits(int size) {
            if (stoppedAt != 0) {
                return false;
            }
            Runtime runtime = Runtime.getRuntime();
            double bytes = bitsPerKey * size / Byte.SIZE;
            // The cheap reading counts garbage as used; collect only when it says no.
            if (bytes <= HEAP_SHARE * (runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory()))
                    || bytes <= HEAP_SHARE * (runtime.maxMemory() - HeapMeter.usedAfterGc())) {
                return true;
            }
            stoppedAt = size;
            return false;
        }
    }
}
