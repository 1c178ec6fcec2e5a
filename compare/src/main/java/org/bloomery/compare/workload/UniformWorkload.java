package org.bloomery.compare.workload;

import java.util.List;
import org.bloomery.compare.contestant.Ability;
import org.bloomery.compare.contestant.Entrant;

/**
 * {@code uniform}: insert n distinct keys, query the n present keys and 10·n absent keys, then (for
 * deletion-capable contestants) remove the n keys again. Also the measurement behind {@code growth}
 * and {@code exact}, which fill and probe the same way.
 */
final class UniformWorkload {
    private UniformWorkload() {
    }

    static Result run(Entrant entrant, KeyPools keys, int n, double fpp) {
        Trial trial = new Trial(entrant.create(keys.type(), n, fpp), keys.type());
        fillAndProbe(trial, keys, n);
        long bits = trial.contestant().bitSize().orElseThrow();
        String note = "";
        if (entrant.can(Ability.REMOVE)) {
            long failed = trial.remove(keys.present(), 0, n);
            note = failed == 0 ? "" : failed + " removes reported failure";
        }
        return trial.result(Workload.UNIFORM, entrant, n, fpp, n, bits, false, List.of(), note);
    }

    /** Inserts keys [0, n), queries them, then queries 10·n absent keys. */
    static void fillAndProbe(Trial trial, KeyPools keys, int n) {
        trial.add(keys.present(), 0, n);
        probe(trial, keys, n);
    }

    static void probe(Trial trial, KeyPools keys, int n) {
        probe(trial, keys, n, n * Plan.ABSENT_PER_KEY);
    }

    static void probe(Trial trial, KeyPools keys, int n, int absent) {
        trial.queryPresent(keys.present(), 0, n);
        trial.queryAbsent(keys.absent(), 0, absent);
    }
}
