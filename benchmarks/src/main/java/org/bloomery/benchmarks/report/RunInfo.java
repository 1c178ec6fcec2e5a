package org.bloomery.benchmarks.report;

import java.util.List;

/**
 * What a run was: its parameters, the machine, and who took part.
 *
 * @param commandLine the command that produced the report, as typed through the {@code bloomery} script
 * @param machine the machine
 * @param n keys per contestant
 * @param fpps target false-positive probabilities
 * @param seed the key generator's seed
 * @param workloads the workloads run, by name
 * @param rounds timed rounds per contestant (also the churn rounds)
 * @param threads the threads of the threads workload
 * @param kindsFound Bloomery kinds found through ServiceLoader and run
 * @param kindsMissing the project's kinds (classic, counting, scalable, cuckoo) that were not found
 * @param peers peer descriptions, one line each ({@code name: description})
 * @param exactSets exact-set descriptions, one line each
 * @param notes anything a reader must know about the run (reduced sizes, load failures, randomness)
 * @param seconds how long the workloads took
 */
public record RunInfo(String commandLine, Machine machine, int n, List<Double> fpps, long seed,
                      List<String> workloads, int rounds, int threads,
                      List<String> kindsFound, List<String> kindsMissing, List<String> peers,
                      List<String> exactSets, List<String> notes, double seconds) {

    /** Copies the lists. */
    public RunInfo {
        fpps = List.copyOf(fpps);
        workloads = List.copyOf(workloads);
        kindsFound = List.copyOf(kindsFound);
        kindsMissing = List.copyOf(kindsMissing);
        peers = List.copyOf(peers);
        exactSets = List.copyOf(exactSets);
        notes = List.copyOf(notes);
    }
}
