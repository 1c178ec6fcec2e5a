package org.bloomery.compare.workload;

import java.util.List;
import java.util.OptionalLong;
import org.bloomery.compare.contestant.Entrant;
import org.bloomery.compare.contestant.KeyType;

/**
 * {@code exact}: the same n keys in an exact set, probed with the n present and n absent keys (an
 * exact set must show no false positive and no false negative). Its size is read from its tables when the library
 * exposes them; otherwise it is the heap grown by building it, measured after forced garbage
 * collection and marked approximate.
 */
final class ExactWorkload {
    private ExactWorkload() {
    }

    static Result run(Entrant entrant, KeyPools keys, int n) {
        long heapBefore = HeapMeter.usedAfterGc();
        Trial trial = new Trial(entrant.create(keys.type(), n, Double.NaN), keys.type());
        trial.add(keys.present(), 0, n);
        OptionalLong structureBits = trial.contestant().bitSize();
        long bits = structureBits.isPresent()
                ? structureBits.getAsLong()
                : Math.max(0, HeapMeter.usedAfterGc() - heapBefore) * Byte.SIZE;
        // n absent queries suffice: an exact set has no false-positive rate to estimate.
        UniformWorkload.probe(trial, keys, n, n);
        boolean approximate = structureBits.isEmpty();
        String note = approximate
                ? "heap delta after forced GC (approximate)"
                : keys.type() == KeyType.STRING
                        ? "table only; the strings are the caller's" : "";
        return trial.result(Workload.EXACT, entrant, n, Double.NaN, n, bits, approximate, List.of(), note);
    }
}
