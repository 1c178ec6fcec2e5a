package org.bloomery.compare.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomery.compare.contestant.Side;
import org.bloomery.compare.workload.Result;

/**
 * One colour per contestant for every chart of a report: Bloomery's kinds in distinct colours, at
 * most {@value #MAX_KIND_COLOURS} of them, and the peers (and exact sets) in greys, so that a chart
 * asks the reader to tell apart no more than about eight colours; a peer is named by its legend
 * entry, its tooltip and the tables.
 */
final class SeriesColors {
    /** The most colours a reader is asked to tell apart. */
    static final int MAX_KIND_COLOURS = 8;
    /** Bloomery's kinds, in order of first appearance. */
    static final List<String> KINDS = List.of("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
            "#e377c2", "#8c564b");
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
        int kinds = 0;
        int others = 0;
        for (Result r : results) {
            if (colours.containsKey(r.contestant())) {
                continue;
            }
            sides.put(r.contestant(), r.side());
            colours.put(r.contestant(), r.side() == Side.BLOOMERY ? KINDS.get(kinds++ % KINDS.size())
                    : GREYS.get(others++ % GREYS.size()));
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
