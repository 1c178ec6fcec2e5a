package org.bloomery.benchmarks.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.Spread;
import org.bloomery.benchmarks.workload.Throughput;

/**
 * The scaling workload for one key type: nanoseconds per add, per present query and per absent query
 * against n, on log–log axes, one line per Bloomery kind (the median of the rounds, with a min–max
 * whisker), each in its colour ({@link SeriesColors}); the peers, which would tangle a chart of some
 * twenty lines, are left to the scaling table, which lists every contestant. On each line a hollow diamond marks the n at which the contestant's filter grows past the
 * L2 cache, a filled one where it grows past the last-level cache. Right of the last panel every line
 * ends in its contestant's name, moved apart where lines end close together, so that no line is hidden
 * among the others.
 */
final class ScalingChart {
    private static final int WIDTH = 1250;
    private static final int PANEL = 340;
    private static final int PANEL_LEFT = 62;
    private static final int PLOT_WIDTH = 275;
    private static final int TOP = 52;
    private static final int PLOT = 280;
    private static final int LEGEND_ROW = 18;
    private static final double CHAR_WIDTH = 7;
    /** The x axis reaches this factor beyond the smallest and largest n. */
    private static final double X_MARGIN = 1.25;
    /** The height of one end label: labels closer than this are moved apart. */
    private static final int LABEL_GAP = 13;
    private static final List<String> PANELS = List.of("add", "query present", "query absent");
    private static final List<Function<Throughput, Spread>> FIGURES = List.of(Throughput::add,
            Throughput::queryPresent, Throughput::queryAbsent);

    private ScalingChart() {
    }

    static String draw(List<Result> all, SeriesColors contestants, CpuCaches caches) {
        KeyType type = all.get(0).keyType();
        List<Result> rows = all.stream().filter(r -> contestants.isKind(r.contestant())).toList();
        long peers = all.stream().map(Result::contestant).distinct().filter(c -> !contestants.isKind(c)).count();
        List<String> names = rows.stream().map(Result::contestant).distinct().toList();
        int legendRows = 3 + (int) Math.ceil(names.size() / 4.0);
        int height = TOP + PLOT + 50 + legendRows * LEGEND_ROW;
        Svg svg = new Svg(WIDTH, height, "Scaling, " + type.label() + " keys: nanoseconds per operation against n");
        double minN = rows.stream().mapToLong(Result::n).min().orElse(1);
        double maxN = rows.stream().mapToLong(Result::n).max().orElse(10);
        for (int p = 0; p < PANELS.size(); p++) {
            // A margin either side keeps the first and last points (and their whiskers) off the frame.
            panel(svg, p, rows, names, contestants, caches, new Axis(minN / X_MARGIN, maxN * X_MARGIN, PANEL_LEFT
                    + p * PANEL, PANEL_LEFT + p * PANEL + PLOT_WIDTH, true));
        }
        legend(svg, TOP + PLOT + 50, names, contestants, caches, peers);
        return svg.end();
    }

    private static void panel(Svg svg, int p, List<Result> rows, List<String> names, SeriesColors contestants,
                              CpuCaches caches, Axis x) {
        Function<Throughput, Spread> figure = FIGURES.get(p);
        double low = Double.MAX_VALUE;
        double high = 0;
        for (Result r : rows) {
            Spread ns = figure.apply(r.throughput()).nanosPerOperation();
            if (ns.measured()) {
                low = Math.min(low, ns.min());
                high = Math.max(high, ns.max());
            }
        }
        if (high == 0) {
            return;
        }
        Axis y = Axis.logAround(low, Math.max(high, low * 10), 10, TOP + PLOT, TOP);
        List<EndLabel> ends = new ArrayList<>();
        for (double tick = Math.pow(10, Math.ceil(Math.log10(x.min()))); tick <= x.max(); tick *= 10) {
            svg.line(x.at(tick), y.from(), x.at(tick), y.to(), "#e4e4e4", "");
            svg.text(x.at(tick), y.from() + 16, "middle", "#333", power(tick));
        }
        for (double tick : y.ticks(10)) {
            svg.line(x.from(), y.at(tick), x.to(), y.at(tick), "#e4e4e4", "");
            svg.text(x.from() - 6, y.at(tick) + 4, "end", "#333", tick >= 1 ? Long.toString(Math.round(tick))
                    : Figures.twoDecimals(tick));
        }
        svg.line(x.from(), y.from(), x.to(), y.from(), "#333", "");
        svg.line(x.from(), y.from(), x.from(), y.to(), "#333", "");
        svg.text((x.from() + x.to()) / 2, TOP - 30, "middle", "#000", "ns per " + PANELS.get(p));
        svg.text(x.from() - 6, TOP - 12, "end", "#333", "ns/op");
        svg.text((x.from() + x.to()) / 2, y.from() + 34, "middle", "#333", "n, keys inserted (log scale)");
        for (String name : names) {
            List<Result> line = rows.stream().filter(r -> r.contestant().equals(name))
                    .filter(r -> figure.apply(r.throughput()).measured())
                    .sorted(Comparator.comparingLong(Result::n)).toList();
            String color = contestants.of(name);
            List<double[]> points = new ArrayList<>();
            for (Result r : line) {
                Spread ns = figure.apply(r.throughput()).nanosPerOperation();
                double px = x.at(r.n());
                points.add(new double[] {px, y.at(ns.median())});
                svg.line(px, y.at(ns.min()), px, y.at(ns.max()), color, "", 1);
            }
            svg.polyline(points, color, KeyMarker.dash(r0(line)), 1.5);
            for (int i = 0; i < line.size(); i++) {
                Result r = line.get(i);
                KeyMarker.draw(svg, r.keyType(), points.get(i)[0], points.get(i)[1], color, String.format(Locale.ROOT,
                        "%s, n %,d: %s ns per %s (filter %s)", name, r.n(),
                        Figures.spread(figure.apply(r.throughput()).nanosPerOperation()), PANELS.get(p),
                        CpuCaches.bytes(Math.round(r.bitsPerElement() * r.n() / 8))));
            }
            if (!line.isEmpty()) {
                double[] last = points.get(points.size() - 1);
                ends.add(new EndLabel(name, color, last[0], last[1]));
                crossing(svg, line, points, x, caches.l2Bytes().orElse(-1), false, color, "L2");
                crossing(svg, line, points, x, caches.lastLevelBytes().orElse(-1), true, color,
                        "L" + caches.lastLevel());
            }
        }
        if (p == PANELS.size() - 1) {
            endLabels(svg, ends, x.to() + 14);
        }
    }

    /** Where a line ends and whose it is. */
    private record EndLabel(String name, String color, double x, double y) {
    }

    /**
     * Writes each line's name at the height where it ends, top to bottom, pushing a label down when
     * it would overlap the one above and then up again where the labels would run off the bottom,
     * with a thin leader from the label back to the line's last point.
     */
    private static void endLabels(Svg svg, List<EndLabel> ends, double labelX) {
        List<EndLabel> sorted = ends.stream().sorted(Comparator.comparingDouble(EndLabel::y)).toList();
        double[] at = new double[sorted.size()];
        for (int i = 0; i < at.length; i++) {
            at[i] = i == 0 ? sorted.get(i).y() : Math.max(sorted.get(i).y(), at[i - 1] + LABEL_GAP);
        }
        double bottom = TOP + PLOT + 30;
        for (int i = at.length - 1; i >= 0; i--) {
            at[i] = Math.min(at[i], i == at.length - 1 ? bottom : at[i + 1] - LABEL_GAP);
        }
        for (int i = 0; i < at.length; i++) {
            EndLabel end = sorted.get(i);
            svg.line(end.x() + 4, end.y(), labelX - 2, at[i], end.color(), "", 0.6);
            svg.text(labelX, at[i] + 4, "start", end.color(), end.name());
        }
    }

    private static KeyType r0(List<Result> line) {
        return line.isEmpty() ? KeyType.STRING : line.get(0).keyType();
    }

    /** Marks where the line's filter size passes {@code cacheBytes}, interpolating on the log–log line. */
    private static void crossing(Svg svg, List<Result> line, List<double[]> points, Axis x, long cacheBytes,
                                 boolean filled, String color, String cache) {
        if (cacheBytes <= 0) {
            return;
        }
        for (int i = 1; i < line.size(); i++) {
            double before = line.get(i - 1).bitsPerElement() * line.get(i - 1).n() / 8;
            double after = line.get(i).bitsPerElement() * line.get(i).n() / 8;
            if (before < cacheBytes && after >= cacheBytes) {
                double f = Math.log(cacheBytes / before) / Math.log(after / before);
                double px = points.get(i - 1)[0] + f * (points.get(i)[0] - points.get(i - 1)[0]);
                double py = points.get(i - 1)[1] + f * (points.get(i)[1] - points.get(i - 1)[1]);
                svg.diamond(px, py, 5, filled ? color : "#fff", color, String.format(Locale.ROOT,
                        "%s: the filter passes %s (%s) near n = %,d", line.get(i).contestant(), cache,
                        CpuCaches.bytes(cacheBytes), Math.round(Math.pow(10, Math.log10(line.get(i - 1).n())
                                + f * Math.log10((double) line.get(i).n() / line.get(i - 1).n())))));
                return;
            }
        }
    }

    private static void legend(Svg svg, double top, List<String> names, SeriesColors contestants, CpuCaches caches,
                               long peers) {
        double x = PANEL_LEFT;
        double y = top;
        for (String name : names) {
            if (x + 34 + name.length() * CHAR_WIDTH > WIDTH - 20) {
                x = PANEL_LEFT;
                y += LEGEND_ROW;
            }
            svg.line(x, y - 4, x + 22, y - 4, contestants.of(name), "", 3);
            svg.text(x + 28, y, "start", "#333", name);
            x += 40 + Math.max(12, name.length()) * CHAR_WIDTH;
        }
        y += LEGEND_ROW + 4;
        svg.line(PANEL_LEFT, y - 8, PANEL_LEFT, y + 2, "#555", "", 1);
        svg.text(PANEL_LEFT + 8, y, "start", "#333", "line: median of the rounds · whisker: min–max"
                + (peers > 0 ? " · the " + peers + " peers are not drawn: the scaling table lists every contestant"
                        : ""));
        y += LEGEND_ROW;
        if (caches.lastLevelBytes().isPresent()) {
            svg.diamond(PANEL_LEFT, y - 4, 5, "#fff", "#555", "L2");
            svg.text(PANEL_LEFT + 10, y, "start", "#333", caches.l2Bytes().isPresent()
                    ? "the filter grows past L2 (" + CpuCaches.bytes(caches.l2Bytes().getAsLong()) + ")" : "no L2 size");
            svg.diamond(PANEL_LEFT + 330, y - 4, 5, "#555", "#555", "last level");
            svg.text(PANEL_LEFT + 340, y, "start", "#333", "the filter grows past L" + caches.lastLevel() + " ("
                    + CpuCaches.bytes(caches.lastLevelBytes().getAsLong()) + ")");
        } else {
            svg.text(PANEL_LEFT, y, "start", "#333", "cache crossings not marked: " + caches.describe());
        }
    }

    private static String power(double tick) {
        int exponent = (int) Math.round(Math.log10(tick));
        return Math.abs(tick - Math.pow(10, exponent)) < 1e-6 * tick ? "10^" + exponent
                : String.format(Locale.ROOT, "%,d", Math.round(tick));
    }
}
