package org.bloomery.compare.jmh;

import org.bloomery.compare.Lineup;
import org.bloomery.compare.contestant.Entrant;

/** Finds a benchmark's contestant by name among the kinds found and the peers. */
final class Contenders {
    private Contenders() {
    }

    /**
     * The entrant of a name.
     *
     * @throws IllegalStateException if no kind or peer has that name (a kind missing from the jar); JMH
     *     then reports that parameter combination as failed and goes on with the others
     */
    static Entrant named(String name) {
        return Lineup.everyFilter().stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("contestant '" + name + "' is not in this jar; found: "
                        + Lineup.everyFilter().stream().map(Entrant::name).toList()));
    }
}
