package org.bloomery.benchmarks;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bloomery.aging.AgingProvider;
import org.bloomery.api.FilterProvider;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.exact.ExactSets;
import org.bloomery.benchmarks.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code list}: the kinds found (and missing), the peers, the exact sets and the workloads. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Lists the Bloomery kinds found on the class path, the missing ones, the peers, the exact"
                + " sets and the workloads.")
final class ListCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.println("Bloomery kinds found:");
        Lineup.Kinds found = Lineup.kinds(Map.of());
        for (FilterProvider provider : Lineup.providers()) {
            // The sliding-window kind is left out of the lineup, which the window workload enters it into.
            if (found.entrants().stream().anyMatch(e -> e.name().equals(provider.kind()))
                    || provider.kind().equals(AgingProvider.KIND)) {
                out.println("  " + provider.kind() + "  " + provider.capabilities() + "  "
                        + provider.description().lines().findFirst().orElse(""));
            }
        }
        out.println("Bloomery kinds missing: " + (Lineup.missingKinds().isEmpty() ? "none"
                : String.join(", ", Lineup.missingKinds())));
        found.failures().forEach(failure -> out.println("Failed and left out: " + failure));
        out.println("Peers:");
        for (Entrant peer : Lineup.windowPeers()) {
            out.println("  " + peer.name() + " (" + peer.family() + ", window workload)  " + peer.description());
        }
        for (Entrant peer : Lineup.peers()) {
            out.println("  " + peer.name() + " (" + peer.family() + ")  " + peer.description());
        }
        out.println("Exact sets:");
        for (Entrant set : ExactSets.entrants()) {
            out.println("  " + set.name() + "  " + set.description());
        }
        out.print("Workloads:");
        for (Workload workload : Workload.values()) {
            out.print(" " + workload.label());
        }
        out.println();
        out.flush();
        return 0;
    }
}
