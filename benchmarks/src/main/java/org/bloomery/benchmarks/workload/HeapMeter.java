package org.bloomery.benchmarks.workload;

/** The heap in use after forced garbage collection: approximate, for structures that expose no size. */
final class HeapMeter {
    /** A second collection catches what the first one's finalisation and reference processing freed. */
    private static final int COLLECTIONS = 2;

    private HeapMeter() {
    }

    static long usedAfterGc() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < COLLECTIONS; i++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
