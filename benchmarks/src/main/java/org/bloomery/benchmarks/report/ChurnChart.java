package org.bloomery.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.workload.ChurnRound;
import org.bloomery.benchmarks.workload.Result;

/**
 * Chart 3: the churn workload round by round. Top: measured fpp per round (log scale), one line per
 * contestant × key type × fpp (solid for string keys, dashed for long keys), each target fpp dotted.
 * Bottom: false negatives per round as a grid of counts, red where not 0.
 */
final class ChurnChart {
    private static final int WIDTH = 940;
    /** Room for the longest row label, e.g. "fastfilter-succinct-counting · string · fpp 0.001". */
    private static final int LEFT = 350;
    private static final int RIGHT = 30;
    private static final int LEGEND_TOP = 20;
    private static final int LEGEND_ROW = 18;
    /** Rough width of one character of the 12 px font, for laying out the legend. */
    private static final double CHAR_WIDTH = 7;
    private static final int PLOT = 260;
    private static final int ROW = 16;

    private ChurnChart() {
    }

    static String draw(List<Result> churn, SeriesColors contestants) {
        int rounds = churn.stream().mapToInt(r -> r.rounds().size()).max().orElse(1);
        List<String> names = churn.stream().map(Result::contestant).distinct().toList();
        int legendRows = legendRows(names);
        int top = LEGEND_TOP + legendRows * LEGEND_ROW + 24;
        int gridTop = top + PLOT + 60;
        int height = gridTop + (churn.size() + 1) * ROW + 20;
        Svg svg = new Svg(WIDTH, height, "Churn: false-positive rate and false negatives per round");
        legend(svg, names, contestants);
        double minFpp = 1;
        double maxFpp = 0;
        for (Result r : churn) {
            minFpp = Math.min(minFpp, r.targetFpp() / 2);
            maxFpp = Math.max(maxFpp, r.targetFpp());
            for (ChurnRound c : r.rounds()) {
                if (c.falsePositives().rate() > 0) {
                    minFpp = Math.min(minFpp, c.falsePositives().rate());
                }
                maxFpp = Math.max(maxFpp, c.falsePositives().rate());
            }
        }
        Axis x = new Axis(0.5, rounds + 0.5, LEFT, WIDTH - RIGHT, false);
        Axis y = Axis.logAround(minFpp, Math.min(1, maxFpp), 10, top + PLOT, top);
        for (double tick : y.ticks(10)) {
            svg.line(LEFT, y.at(tick), WIDTH - RIGHT, y.at(tick), "#e4e4e4", "");
            svg.text(LEFT - 6, y.at(tick) + 4, "end", "#333", Figures.percent(tick));
        }
        for (int round = 1; round <= rounds; round++) {
            svg.text(x.at(round), top + PLOT + 16, "middle", "#333", Integer.toString(round));
        }
        svg.text((LEFT + WIDTH - RIGHT) / 2.0, top + PLOT + 34, "middle", "#333", "round");
        svg.text(LEFT - 6, top - 8, "end", "#333", "measured fpp (log scale)");
        svg.line(LEFT, top + PLOT, WIDTH - RIGHT, top + PLOT, "#333", "");
        svg.line(LEFT, top, LEFT, top + PLOT, "#333", "");
        for (Result r : churn) {
            svg.line(LEFT, y.at(r.targetFpp()), WIDTH - RIGHT, y.at(r.targetFpp()), "#999", "1 3");
            String color = contestants.of(r.contestant());
            List<double[]> points = new ArrayList<>();
            for (ChurnRound c : r.rounds()) {
                double[] p = {x.at(c.round()), y.at(Math.max(y.min(), c.falsePositives().rate()))};
                points.add(p);
                KeyMarker.draw(svg, r.keyType(), p[0], p[1], color, String.format(Locale.ROOT,
                        "%s, round %d: fpp %s", label(r), c.round(), Figures.percent(c.falsePositives().rate())));
            }
            svg.polyline(points, color, KeyMarker.dash(r.keyType()), 1.5);
        }
        svg.text(LEFT - 6, gridTop, "end", "#333", "false negatives per round");
        for (int round = 1; round <= rounds; round++) {
            svg.text(x.at(round), gridTop, "middle", "#333", Integer.toString(round));
        }
        double rowY = gridTop + ROW;
        for (Result r : churn) {
            String color = contestants.of(r.contestant());
            svg.text(LEFT - 6, rowY, "end", color, label(r));
            for (ChurnRound c : r.rounds()) {
                svg.text(x.at(c.round()), rowY, "middle", c.falseNegatives() == 0 ? "#2a2" : "#d00",
                        Long.toString(c.falseNegatives()));
            }
            rowY += ROW;
        }
        return svg.end();
    }

    /** The legend's items: a colour per contestant, then the key types' line styles and the target line. */
    private static List<String> legendItems(List<String> names) {
        List<String> items = new ArrayList<>(names);
        items.add("string keys (solid, filled circle)");
        items.add("long keys (dashed, open square)");
        items.add("target fpp (dotted)");
        return items;
    }

    private static double itemWidth(String item) {
        return 34 + item.length() * CHAR_WIDTH;
    }

    private static int legendRows(List<String> names) {
        int rows = 1;
        double x = LEFT;
        for (String item : legendItems(names)) {
            if (x + itemWidth(item) > WIDTH - RIGHT && x > LEFT) {
                rows++;
                x = LEFT;
            }
            x += itemWidth(item);
        }
        return rows;
    }

    private static void legend(Svg svg, List<String> names, SeriesColors contestants) {
        double x = LEFT;
        double y = LEGEND_TOP;
        svg.text(LEFT - 6, y, "end", "#333", "legend");
        for (String item : legendItems(names)) {
            if (x + itemWidth(item) > WIDTH - RIGHT && x > LEFT) {
                x = LEFT;
                y += LEGEND_ROW;
            }
            int index = names.indexOf(item);
            if (index >= 0) {
                String color = contestants.of(item);
                svg.line(x, y - 4, x + 22, y - 4, color, "", 3);
            } else if (item.startsWith("string")) {
                svg.line(x, y - 4, x + 22, y - 4, "#555", "", 1.5);
                KeyMarker.draw(svg, KeyType.STRING, x + 11, y - 4, "#555", item);
            } else if (item.startsWith("long")) {
                svg.line(x, y - 4, x + 22, y - 4, "#555", KeyMarker.LONG_DASH, 1.5);
                KeyMarker.draw(svg, KeyType.LONG, x + 11, y - 4, "#555", item);
            } else {
                svg.line(x, y - 4, x + 22, y - 4, "#999", "1 3", 1.5);
            }
            svg.text(x + 28, y, "start", "#333", item);
            x += itemWidth(item);
        }
    }

    private static String label(Result r) {
        return r.contestant() + " · " + r.keyType().label() + " · fpp " + Figures.fpp(r.targetFpp());
    }
}
