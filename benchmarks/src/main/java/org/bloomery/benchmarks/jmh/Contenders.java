package org.bloomery.benchmarks.jmh;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bloomery.api.Filters;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.Writers;
import org.bloomery.benchmarks.Lineup;
import org.bloomery.benchmarks.contestant.BloomeryContestant;
import org.bloomery.benchmarks.contestant.Entrant;

/**
 * Finds a benchmark's contestant by name among the kinds found and the peers; otherwise a kind's
 * name with a layout's suffix ({@code classic-blocked}, {@code counting-blocked}, {@code
 * scalable-blocked}, {@code classic-sectored}) is that kind with option {@code layout} set so, and a
 * name ending in {@value #SINGLE} ({@code classic-single}, {@code counting-blocked-single}) is the
 * rest of the name with option {@code writers=single}.
 */
final class Contenders {
    /** The name suffix of a Bloom-family kind with one writer. */
    static final String SINGLE = "-single";

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
                .or(() -> withOptions(name))
                .orElseThrow(() -> new IllegalStateException("contestant '" + name + "' is not in this jar; found: "
                        + Lineup.everyFilter().stream().map(Entrant::name).toList()));
    }

    /** A kind found, with the options its name's suffixes ask for, if the name has any. */
    private static Optional<Entrant> withOptions(String name) {
        Map<String, String> options = new TreeMap<>();
        String kind = name;
        if (kind.endsWith(SINGLE)) {
            options.put(Writers.OPTION, Writers.SINGLE.optionValue());
            kind = kind.substring(0, kind.length() - SINGLE.length());
        }
        Optional<BloomLayout> layout = layout(kind);
        if (layout.isPresent()) {
            options.put(BloomLayout.OPTION, layout.get().optionValue());
            kind = withoutLayout(kind);
        }
        if (options.isEmpty()) {
            return Optional.empty();
        }
        return Filters.provider(kind).map(p -> BloomeryContestant.entrant(p, name, options));
    }

    /**
     * The layout a name's suffix asks for: {@code -blocked}, {@code -sectored} or {@code -patterned}.
     *
     * @param name a contestant's name, without {@value #SINGLE}
     * @return the layout, empty if the name has no layout suffix
     */
    static Optional<BloomLayout> layout(String name) {
        for (BloomLayout layout : BloomLayout.values()) {
            if (layout != BloomLayout.STANDARD && name.endsWith("-" + layout.optionValue())) {
                return Optional.of(layout);
            }
        }
        return Optional.empty();
    }

    /**
     * A name without its layout suffix.
     *
     * @param name a name whose {@link #layout} is present
     * @return the kind's name
     */
    static String withoutLayout(String name) {
        return name.substring(0, name.lastIndexOf('-'));
    }
}
