package org.bloomery.compare.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bloomery.compare.contestant.KeyType;
import org.bloomery.compare.workload.ChurnRound;
import org.bloomery.compare.workload.Result;

/**
 * Chart 3: the churn workload round by round. Top: measured fpp per round (log scale), one line per
 * contestant × key type × fpp (solid for string keys, dashed for long keys), each target fpp dotted.
 * Bottom: false negatives per round as a grid of counts, red where not 0.
 */
final class ChurnChart {
    private static final int WIDTH = 760;
    private static final int LEFT = 240;
    private static final int RIGHT = 30;
    private static final int TOP = 24;
    private static final int PLOT = 260;
    private static final int ROW = 16;

    private ChurnChart() {
    }

    static String draw(List<Result> churn, List<String> contestants) {
        int rounds = churn.stream().mapToInt(r -> r.rounds().size()).max().orElse(1);
        int gridTop = TOP + PLOT + 60;
        int height = gridTop + (churn.size() + 1) * ROW + 20;
        Svg svg = new Svg(WIDTH, height, "Churn: false-positive rate and false negatives per round");
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
        Axis y = Axis.logAround(minFpp, Math.min(1, maxFpp), 10, TOP + PLOT, TOP);
        for (double tick : y.ticks(10)) {
            svg.line(LEFT, y.at(tick), WIDTH - RIGHT, y.at(tick), "#e4e4e4", "");
            svg.text(LEFT - 6, y.at(tick) + 4, "end", "#333", Figures.percent(tick));
        }
        for (int round = 1; round <= rounds; round++) {
            svg.text(x.at(round), TOP + PLOT + 16, "middle", "#333", Integer.toString(round));
        }
        svg.text((LEFT + WIDTH - RIGHT) / 2.0, TOP + PLOT + 34, "middle", "#333", "round");
        svg.text(LEFT - 6, TOP - 6, "end", "#333", "measured fpp");
        svg.text(LEFT + 6, TOP - 6, "start", "#555",
                "solid: string keys · dashed: long keys · dotted: target fpp");
        svg.line(LEFT, TOP + PLOT, WIDTH - RIGHT, TOP + PLOT, "#333", "");
        svg.line(LEFT, TOP, LEFT, TOP + PLOT, "#333", "");
        for (Result r : churn) {
            svg.line(LEFT, y.at(r.targetFpp()), WIDTH - RIGHT, y.at(r.targetFpp()), "#999", "1 3");
            String color = Svg.color(Math.max(0, contestants.indexOf(r.contestant())));
            List<double[]> points = new ArrayList<>();
            for (ChurnRound c : r.rounds()) {
                double[] p = {x.at(c.round()), y.at(Math.max(y.min(), c.falsePositives().rate()))};
                points.add(p);
                svg.circle(p[0], p[1], 2.5, color, String.format(Locale.ROOT, "%s, round %d: fpp %s",
                        label(r), c.round(), Figures.percent(c.falsePositives().rate())));
            }
            svg.polyline(points, color, r.keyType() == KeyType.LONG ? "6 4" : "", 1.5);
        }
        svg.text(LEFT - 6, gridTop, "end", "#333", "false negatives per round");
        for (int round = 1; round <= rounds; round++) {
            svg.text(x.at(round), gridTop, "middle", "#333", Integer.toString(round));
        }
        double rowY = gridTop + ROW;
        for (Result r : churn) {
            String color = Svg.color(Math.max(0, contestants.indexOf(r.contestant())));
            svg.text(LEFT - 6, rowY, "end", color, label(r));
            for (ChurnRound c : r.rounds()) {
                svg.text(x.at(c.round()), rowY, "middle", c.falseNegatives() == 0 ? "#2a2" : "#d00",
                        Long.toString(c.falseNegatives()));
            }
            rowY += ROW;
        }
        return svg.end();
    }

    private static String label(Result r) {
        return r.contestant() + " · " + r.keyType().label() + " · fpp " + Figures.fpp(r.targetFpp());
    }
}
