package org.bloomery.compare.jmh;

import java.util.Map;
import java.util.Optional;
import org.bloomery.api.Filters;
import org.bloomery.api.bloom.BloomLayout;
import org.bloomery.compare.Lineup;
import org.bloomery.compare.contestant.BloomeryContestant;
import org.bloomery.compare.contestant.Entrant;

/**
 * Finds a benchmark's contestant by name among the kinds found and the peers; otherwise a kind's
 * name with the suffix {@value #BLOCKED} ({@code classic-blocked}, {@code counting-blocked}, {@code
 * scalable-blocked}) is that kind with option {@code layout=blocked}.
 */
final class Contenders {
    /** The name suffix of a Bloom-family kind in the blocked layout. */
    static final String BLOCKED = "-blocked";

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
                .or(() -> blocked(name))
                .orElseThrow(() -> new IllegalStateException("contestant '" + name + "' is not in this jar; found: "
                        + Lineup.everyFilter().stream().map(Entrant::name).toList()));
    }

    /** A kind found, in the blocked layout, if the name is such a kind's name with the suffix. */
    private static Optional<Entrant> blocked(String name) {
        if (!name.endsWith(BLOCKED)) {
            return Optional.empty();
        }
        return Filters.provider(name.substring(0, name.length() - BLOCKED.length()))
                .map(p -> BloomeryContestant.entrant(p, Map.of(BloomLayout.OPTION, BloomLayout.BLOCKED.optionValue())));
    }
}
