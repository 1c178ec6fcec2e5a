package org.bloomery.compare.workload;

import java.util.List;
import org.bloomery.compare.contestant.Entrant;

/**
 * {@code growth}: a contestant that grows starts at capacity n/1000 and takes n keys; a classic
 * filter pre-sized for n takes the same keys for comparison. Both are then probed like
 * {@code uniform}: the n present keys and 10·n absent keys.
 */
final class GrowthWorkload {
    private GrowthWorkload() {
    }

    static Result grown(Entrant entrant, KeyPools keys, int n, double fpp) {
        int capacity = Math.max(1, n / Plan.GROWTH_START_DIVISOR);
        return run(entrant, keys, n, fpp, capacity, "");
    }

    static Result preSized(Entrant entrant, KeyPools keys, int n, double fpp) {
        return run(entrant, keys, n, fpp, n, "baseline: pre-sized for n");
    }

    private static Result run(Entrant entrant, KeyPools keys, int n, double fpp, int capacity, String note) {
        Trial trial = new Trial(entrant.create(keys.type(), capacity, fpp), keys.type());
        UniformWorkload.fillAndProbe(trial, keys, n);
        long bits = trial.contestant().bitSize().orElseThrow();
        return trial.result(Workload.GROWTH, entrant, n, fpp, capacity, bits, false, List.of(), note);
    }
}
