package org.bloomery.benchmarks.report;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomery.benchmarks.contestant.Side;
import org.bloomery.benchmarks.workload.Result;

/**
 * One colour per contestant for every chart of a report: each family of Bloomery's kinds in a hue
 * of its own (classic blue, counting red, scalable green, cuckoo purple, fuse orange, ribbon brown,
 * the shared kinds teal), its layouts in shades of that hue, at most {@value #MAX_KIND_COLOURS}
 * hues in all; the peers (and exact sets) in greys. So a chart asks the reader to tell apart no
 * more than about eight colours, and a peer is named by its legend entry, its tooltip and the
 * tables.
 */
final class SeriesColors {
    /** The most hues a reader is asked to tell apart. */
    static final int MAX_KIND_COLOURS = 8;
    /** The family of a kind whose family has no hue of its own. */
    private static final String OTHER = "other";
    /** Shades of each family's hue, darkest first: the kind, then its layouts in order of appearance. */
    static final Map<String, List<String>> FAMILY_SHADES = Map.of(
            "classic", List.of("#08519c", "#4292c6", "#9ecae1"),
            "counting", List.of("#a50f15", "#ef3b2c", "#fc9272"),
            "scalable", List.of("#006d2c", "#41ab5d", "#a1d99b"),
            "cuckoo", List.of("#54278f", "#807dba", "#bcbddc"),
            "fuse", List.of("#d94801", "#fd8d3c"),
            "ribbon", List.of("#8c510a", "#bf812d"),
            "shared", List.of("#01665e", "#35978f", "#80cdc1"),
            OTHER, List.of("#c51b7d", "#de77ae", "#f1b6da"));
    /** Peers and exact sets: greys, dark to light, which the legend and tooltips name. */
    static final List<String> GREYS = List.of("#555555", "#8a8a8a", "#6f6f6f", "#a5a5a5");

    private final Map<String, String> colours;
    private final Map<String, Side> sides;

    private SeriesColors(Map<String, String> colours, Map<String, Side> sides) {
        this.colours = colours;
        this.sides = sides;
    }

    /**
     * The colours of a report's contestants, in the order they first appear.
     *
     * @param results the report's results
     * @return the colours
     */
    static SeriesColors of(List<Result> results) {
        Map<String, String> colours = new LinkedHashMap<>();
        Map<String, Side> sides = new LinkedHashMap<>();
        Map<String, Integer> shadesUsed = new HashMap<>();
        int others = 0;
        for (Result r : results) {
            if (colours.containsKey(r.contestant())) {
                continue;
            }
            sides.put(r.contestant(), r.side());
            if (r.side() == Side.BLOOMERY) {
                String family = FAMILY_SHADES.containsKey(r.family()) ? r.family() : OTHER;
                List<String> shades = FAMILY_SHADES.get(family);
                int shade = shadesUsed.merge(family, 1, Integer::sum) - 1;
                colours.put(r.contestant(), shades.get(shade % shades.size()));
            } else {
                colours.put(r.contestant(), GREYS.get(others++ % GREYS.size()));
            }
        }
        return new SeriesColors(colours, sides);
    }

    /** The contestant's colour; dark grey for one not in the report. */
    String of(String contestant) {
        return colours.getOrDefault(contestant, GREYS.get(0));
    }

    /** Whether the contestant is one of Bloomery's kinds (drawn in colour), not a peer or exact set. */
    boolean isKind(String contestant) {
        return sides.get(contestant) == Side.BLOOMERY;
    }
}
