package org.bloomery.benchmarks.report;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The imported JMH figures as horizontal bars on a log axis, one per benchmark and parameter set,
 * coloured by benchmark method, with JMH's 99.9% error as a whisker. Only the benchmarks in the first
 * benchmark's unit are drawn (the table lists all).
 */
final class JmhChart {
    private static final int WIDTH = 760;
    private static final int LEFT = 300;
    private static final int RIGHT = 30;
    private static final int TOP = 50;
    private static final int BOTTOM = 44;
    private static final int ROW = 14;

    private JmhChart() {
    }

    static String draw(List<JmhResult> all) {
        String unit = all.get(0).unit();
        List<JmhResult> rows = all.stream().filter(r -> r.unit().equals(unit) && r.score() > 0).toList();
        List<String> methods = rows.stream().map(JmhResult::method).distinct().toList();
        int height = TOP + BOTTOM + Math.max(1, rows.size()) * ROW;
        Svg svg = new Svg(WIDTH, height, "JMH: " + unit + " per benchmark, with JMH's error");
        if (rows.isEmpty()) {
            return svg.text(WIDTH / 2.0, height / 2.0, "middle", "#555", "no positive scores to draw").end();
        }
        double low = rows.stream().mapToDouble(r -> Double.isNaN(r.error()) ? r.score() : Math.max(r.score() - r.error(),
                r.score() / 10)).min().orElse(1);
        double high = rows.stream().mapToDouble(r -> r.score() + (Double.isNaN(r.error()) ? 0 : r.error())).max()
                .orElse(10);
        Axis x = Axis.logAround(low, high, 10, LEFT, WIDTH - RIGHT);
        for (double tick : x.ticks(10)) {
            svg.line(x.at(tick), TOP - 4, x.at(tick), height - BOTTOM, "#e4e4e4", "");
            svg.text(x.at(tick), height - BOTTOM + 16, "middle", "#333", tick >= 1 ? Long.toString(Math.round(tick))
                    : Figures.twoDecimals(tick));
        }
        svg.text((LEFT + WIDTH - RIGHT) / 2.0, height - 8, "middle", "#333", unit + " (log scale; shorter is faster"
                + " for a time per operation)");
        double lx = 20;
        for (int m = 0; m < methods.size(); m++) {
            svg.rect(lx, 10, 10, 10, Svg.color(m), methods.get(m));
            svg.text(lx + 14, 19, "start", "#333", methods.get(m));
            lx += 24 + methods.get(m).length() * 7;
        }
        svg.line(lx, 15, lx + 20, 15, "#000", "", 1);
        svg.line(lx, 11, lx, 19, "#000", "", 1);
        svg.line(lx + 20, 11, lx + 20, 19, "#000", "", 1);
        svg.text(lx + 26, 19, "start", "#333", "± JMH's 99.9% error");
        double y = TOP;
        for (JmhResult r : rows) {
            String color = Svg.color(methods.indexOf(r.method()));
            String params = r.params().values().stream().collect(Collectors.joining(" · "));
            svg.text(LEFT - 8, y + ROW - 4, "end", "#333", r.method() + (params.isEmpty() ? "" : " · " + params));
            svg.rect(LEFT, y + 2, x.at(r.score()) - LEFT, ROW - 4, color, String.format(Locale.ROOT, "%s %s: %s %s",
                    r.benchmark(), r.params(), JmhTables.score(r), r.unit()));
            if (!Double.isNaN(r.error())) {
                double mid = y + ROW / 2.0;
                double from = x.at(Math.max(r.score() - r.error(), x.min()));
                double to = x.at(r.score() + r.error());
                svg.line(from, mid, to, mid, "#000", "", 1);
                svg.line(from, mid - 3, from, mid + 3, "#000", "", 1);
                svg.line(to, mid - 3, to, mid + 3, "#000", "", 1);
            }
            y += ROW;
        }
        svg.line(LEFT, TOP - 4, LEFT, height - BOTTOM, "#333", "");
        return svg.end();
    }
}
