package org.bloomery.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.Filters;
import org.bloomery.compare.contestant.BloomeryContestant;
import org.bloomery.compare.contestant.CommonsCountingBloomContestant;
import org.bloomery.compare.contestant.CommonsSimpleBloomContestant;
import org.bloomery.compare.contestant.CuckooFilter4jContestant;
import org.bloomery.compare.contestant.Entrant;
import org.bloomery.compare.contestant.GuavaBloomContestant;

/**
 * Who can take part: the Bloomery kinds that ServiceLoader finds now, the peers, and the kinds the
 * project ships, so that a kind that is not on the class path is reported as missing.
 */
public final class Lineup {
    /** The kinds the Bloomery project ships. */
    public static final List<String> PROJECT_KINDS = List.of("classic", "counting", "scalable", "cuckoo");

    private Lineup() {
    }

    /**
     * The peers, in report order.
     *
     * @return {@code guava}, {@code commons-simple}, {@code commons-counting}, {@code cuckoofilter4j}
     */
    public static List<Entrant> peers() {
        return List.of(GuavaBloomContestant.entrant(), CommonsSimpleBloomContestant.entrant(),
                CommonsCountingBloomContestant.entrant(), CuckooFilter4jContestant.entrant());
    }

    /**
     * The providers found, sorted by kind.
     *
     * @return the providers
     */
    public static List<FilterProvider> providers() {
        return Filters.providers();
    }

    /**
     * The entrant of every kind found, sorted by kind.
     *
     * @param options provider options by kind; a kind without an entry gets none
     * @return the entrants
     */
    public static List<Entrant> kinds(Map<String, Map<String, String>> options) {
        List<Entrant> kinds = new ArrayList<>();
        for (FilterProvider provider : providers()) {
            kinds.add(BloomeryContestant.entrant(provider, options.getOrDefault(provider.kind(), Map.of())));
        }
        return kinds;
    }

    /**
     * The project's kinds that ServiceLoader does not find.
     *
     * @return the kinds, in project order
     */
    public static List<String> missingKinds() {
        List<String> found = Filters.kinds();
        return PROJECT_KINDS.stream().filter(k -> !found.contains(k)).toList();
    }

    /**
     * Every contestant name: the kinds found and the peers, for the JMH suite.
     *
     * @return the entrants, kinds first
     */
    public static List<Entrant> everyFilter() {
        List<Entrant> all = new ArrayList<>(kinds(Map.of()));
        all.addAll(peers());
        return all;
    }
}
