package org.bloomery.compare.report;

import java.util.List;
import java.util.Locale;
import org.bloomery.compare.workload.Result;
import org.bloomery.compare.workload.Spread;
import org.bloomery.compare.workload.Throughput;

/**
 * Chart 2: throughput bars (M ops/s) for add, query-present, query-absent and remove, one group per
 * contestant and key type, from the uniform workload at one fpp. A bar is the median of the timed
 * rounds; a black whisker spans their min–max.
 */
final class ThroughputChart {
    private static final List<String> OPERATIONS = List.of("add", "query present", "query absent", "remove");
    private static final List<String> COLORS = List.of("#1f77b4", "#2ca02c", "#ff7f0e", "#d62728");
    private static final int WIDTH = 760;
    private static final int LEFT = 190;
    private static final int RIGHT = 30;
    private static final int TOP = 40;
    private static final int BOTTOM = 40;
    private static final int BAR = 7;
    private static final int GAP = 12;

    private ThroughputChart() {
    }

    static String draw(List<Result> rows, double fpp) {
        int group = OPERATIONS.size() * BAR + GAP;
        int height = TOP + BOTTOM + Math.max(1, rows.size()) * group;
        Svg svg = new Svg(WIDTH, height, "Throughput in millions of operations per second at fpp " + Figures.fpp(fpp));
        double max = 0;
        for (Result r : rows) {
            for (Spread v : spreads(r.throughput())) {
                max = v.measured() ? Math.max(max, v.max()) : max;
            }
        }
        Axis x = Axis.zeroTo(max, LEFT, WIDTH - RIGHT);
        for (double tick : x.ticks(10)) {
            svg.line(x.at(tick), TOP - 4, x.at(tick), height - BOTTOM, "#e4e4e4", "");
            svg.text(x.at(tick), height - BOTTOM + 16, "middle", "#333", trim(tick));
        }
        svg.text((LEFT + WIDTH - RIGHT) / 2.0, height - 8, "middle", "#333",
                "M ops/s (uniform workload, fpp " + Figures.fpp(fpp) + ")");
        for (int o = 0; o < OPERATIONS.size(); o++) {
            double lx = 20 + o * 110;
            svg.rect(lx, 10, 10, 10, COLORS.get(o), OPERATIONS.get(o));
            svg.text(lx + 14, 19, "start", "#333", OPERATIONS.get(o));
        }
        double wx = 20 + OPERATIONS.size() * 110;
        svg.line(wx, 15, wx + 20, 15, "#000", "", 1);
        svg.line(wx, 11, wx, 19, "#000", "", 1);
        svg.line(wx + 20, 11, wx + 20, 19, "#000", "", 1);
        svg.text(wx + 26, 19, "start", "#333", "min–max of the rounds (bar: median)");
        double y = TOP;
        for (Result r : rows) {
            svg.text(LEFT - 8, y + group / 2.0, "end", "#333", r.contestant() + " · " + r.keyType().label());
            List<Spread> values = spreads(r.throughput());
            for (int o = 0; o < values.size(); o++) {
                Spread v = values.get(o);
                if (v.measured()) {
                    String tip = String.format(Locale.ROOT, "%s, %s keys, %s: %s M ops/s", r.contestant(),
                            r.keyType().label(), OPERATIONS.get(o), Figures.spread(v));
                    svg.rect(LEFT, y + o * BAR, x.at(v.median()) - LEFT, BAR - 1, COLORS.get(o), tip);
                    double mid = y + o * BAR + (BAR - 1) / 2.0;
                    svg.line(x.at(v.min()), mid, x.at(v.max()), mid, "#000", "", 1);
                    svg.line(x.at(v.min()), mid - 2, x.at(v.min()), mid + 2, "#000", "", 1);
                    svg.line(x.at(v.max()), mid - 2, x.at(v.max()), mid + 2, "#000", "", 1);
                }
            }
            y += group;
        }
        svg.line(LEFT, TOP - 4, LEFT, height - BOTTOM, "#333", "");
        return svg.end();
    }

    private static List<Spread> spreads(Throughput t) {
        return List.of(t.add(), t.queryPresent(), t.queryAbsent(), t.remove());
    }

    private static String trim(double tick) {
        return tick == Math.rint(tick) ? Long.toString((long) tick) : Figures.twoDecimals(tick);
    }
}
