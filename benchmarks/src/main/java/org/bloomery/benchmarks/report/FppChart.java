package org.bloomery.benchmarks.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.workload.Result;

/**
 * Chart 1: measured false-positive rate (log scale) against bits per element (log scale) of the
 * uniform workload (and, in a chart of its own, of the static workload) at every fpp, one panel per
 * key type, with the 95% interval as a vertical bar, the lower bound log2(1/ε) and the classic Bloom
 * curve 1.44·log2(1/ε) as lines. Every point is drawn exactly at its measured bits per element and
 * fpp: points that coincide are told apart by the table of every point that follows the chart
 * ({@link #points}) and by their tooltips, never moved. Bloomery's kinds are filled circles in
 * colour, peers open squares in grey ({@link SeriesColors}); the legend lists exactly the
 * contestants drawn.
 */
final class FppChart {
    private static final int PANEL_WIDTH = 400;
    private static final int PANEL_GAP = 90;
    private static final int LEFT = 70;
    private static final int LEGEND_WIDTH = 250;
    private static final int WIDTH = LEFT + 2 * PANEL_WIDTH + PANEL_GAP + LEGEND_WIDTH;
    private static final int HEIGHT = 460;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;
    private static final int CURVE_SAMPLES = 120;
    /** Pixels per contestant in the legend. */
    private static final int LEGEND_ROW = 18;
    /** Pixels of the legend below its contestants: the two curves and the interval. */
    private static final int LEGEND_TAIL = 80;
    private static final String CLASSIC_COLOR = "#888";
    private static final String LOWER_BOUND_COLOR = "#000";
    private static final String LOWER_BOUND_DASH = "4 3";
    private static final double RADIUS = 4;

    private FppChart() {
    }

    /**
     * The chart.
     *
     * @param rows the results drawn
     * @param colours the report's colours
     * @return an SVG element
     */
    static String draw(List<Result> rows, SeriesColors colours) {
        List<String> drawn = rows.stream().map(Result::contestant).distinct().toList();
        Svg svg = new Svg(WIDTH, Math.max(HEIGHT, legendBottom(drawn.size()) + 10),
                "Measured false-positive rate against bits per element");
        if (rows.isEmpty()) {
            return svg.text(WIDTH / 2.0, HEIGHT / 2.0, "middle", "#555", "no results").end();
        }
        double minBits = Double.MAX_VALUE;
        double maxBits = 0;
        double minFpp = 1;
        double maxFpp = 0;
        for (Result r : rows) {
            minBits = Math.min(minBits, Math.min(r.bitsPerElement(), Figures.lowerBoundBits(r.targetFpp())));
            maxBits = Math.max(maxBits, r.bitsPerElement());
            double low = r.falsePositives().low() > 0 ? r.falsePositives().low() : r.targetFpp() / 10;
            minFpp = Math.min(minFpp, Math.min(low, r.targetFpp() / 2));
            maxFpp = Math.max(maxFpp, Math.max(r.falsePositives().high(), r.targetFpp()));
        }
        KeyType[] types = KeyType.values();
        for (int p = 0; p < types.length; p++) {
            KeyType type = types[p];
            double from = LEFT + p * (PANEL_WIDTH + PANEL_GAP);
            // One scale for both panels, so that a point's place compares across key types.
            Axis x = Axis.logAround(Math.max(1, minBits), maxBits, 2, from, from + PANEL_WIDTH);
            Axis y = Axis.logAround(minFpp, Math.min(1, maxFpp), 10, HEIGHT - BOTTOM, TOP);
            frame(svg, x, y, type);
            curve(svg, x, y, 1.0, LOWER_BOUND_COLOR, LOWER_BOUND_DASH);
            curve(svg, x, y, Figures.CLASSIC_FACTOR, CLASSIC_COLOR, "");
            List<Result> panel = rows.stream().filter(r -> r.keyType() == type).toList();
            if (panel.isEmpty()) {
                svg.text((x.from() + x.to()) / 2, (y.from() + y.to()) / 2, "middle", "#555", "no " + type.label()
                        + " keys in this run");
            }
            // Peers first, so that a kind's coloured point is on top where the two coincide.
            for (Result r : panel.stream().sorted(Comparator.comparing((Result r) -> colours.isKind(r.contestant())))
                    .toList()) {
                point(svg, x, y, r, colours);
            }
        }
        legend(svg, drawn, colours);
        return svg.end();
    }

    /** One result at exactly its measured bits per element and fpp, with its interval. */
    private static void point(Svg svg, Axis x, Axis y, Result r, SeriesColors colours) {
        String color = colours.of(r.contestant());
        double px = x.at(r.bitsPerElement());
        double py = y.at(Math.max(r.falsePositives().rate(), y.min()));
        String tip = String.format(Locale.ROOT, "%s, %s keys, target %s: %.2f bits/element, fpp %s",
                r.contestant(), r.keyType().label(), Figures.fpp(r.targetFpp()), r.bitsPerElement(),
                Figures.percent(r.falsePositives().rate()));
        svg.line(px, y.at(Math.max(r.falsePositives().low(), y.min())), px, y.at(r.falsePositives().high()), color, "");
        marker(svg, colours.isKind(r.contestant()), px, py, color, tip);
    }

    private static void marker(Svg svg, boolean kind, double px, double py, String color, String tip) {
        if (kind) {
            svg.circle(px, py, RADIUS, color, tip);
        } else {
            svg.openSquare(px, py, RADIUS - 0.5, color, tip);
        }
    }

    /**
     * Every point of the chart at its measured values, ordered by key type, target and bits per
     * element: where points coincide on the chart, the table tells them apart.
     *
     * @param rows the results drawn
     * @param title what the chart shows, for the table's title
     * @return the table
     */
    static Table points(List<Result> rows, String title) {
        List<List<String>> cells = new ArrayList<>();
        rows.stream().sorted(Comparator.comparing(Result::keyType).thenComparing(Result::targetFpp, Comparator.reverseOrder())
                .thenComparingDouble(Result::bitsPerElement).thenComparing(Result::contestant))
                .forEach(r -> cells.add(List.of(r.contestant(), r.side().name().toLowerCase(Locale.ROOT),
                        r.keyType().label(), Figures.fpp(r.targetFpp()), Figures.twoDecimals(r.bitsPerElement()),
                        Figures.percent(r.falsePositives().rate()) + " (" + Figures.percent(r.falsePositives().low())
                                + "–" + Figures.percent(r.falsePositives().high()) + ")")));
        return new Table("Every point of the chart \"" + title + "\", at its measured values",
                List.of("contestant", "side", "keys", "target fpp", "bits per element", "measured fpp (95% interval)"),
                Set.of(0, 1, 2), cells);
    }

    private static void frame(Svg svg, Axis x, Axis y, KeyType type) {
        for (double tick : x.ticks(2)) {
            svg.line(x.at(tick), y.from(), x.at(tick), y.to(), "#e4e4e4", "");
            svg.text(x.at(tick), y.from() + 16, "middle", "#333", Figures.twoDecimals(tick).replace(".00", ""));
        }
        for (double tick : y.ticks(10)) {
            svg.line(x.from(), y.at(tick), x.to(), y.at(tick), "#e4e4e4", "");
            svg.text(x.from() - 6, y.at(tick) + 4, "end", "#333", Figures.percent(tick));
        }
        svg.line(x.from(), y.from(), x.to(), y.from(), "#333", "");
        svg.line(x.from(), y.from(), x.from(), y.to(), "#333", "");
        svg.text((x.from() + x.to()) / 2, TOP - 22, "middle", "#000", type.label() + " keys");
        svg.text((x.from() + x.to()) / 2, HEIGHT - 12, "middle", "#333", "bits per element (log scale)");
        svg.text(x.from() - 56, TOP - 6, "start", "#333", "false-positive rate (log scale)");
    }

    /** ε = 2^(−bits / factor): the lower bound for factor 1, the classic Bloom filter for 1/ln 2. */
    private static void curve(Svg svg, Axis x, Axis y, double factor, String color, String dash) {
        List<double[]> points = new ArrayList<>();
        double ratio = Math.pow(x.max() / x.min(), 1.0 / CURVE_SAMPLES);
        double bits = x.min();
        for (int i = 0; i <= CURVE_SAMPLES; i++, bits *= ratio) {
            double fpp = Math.pow(2, -bits / factor);
            if (y.contains(fpp)) {
                points.add(new double[] {x.at(bits), y.at(fpp)});
            }
        }
        svg.polyline(points, color, dash, 1.5);
    }

    /** The bottom of the legend's last line: a line per contestant drawn, then the lines. */
    static int legendBottom(int contestants) {
        return TOP + 10 + LEGEND_ROW * contestants + LEGEND_TAIL;
    }

    private static void legend(Svg svg, List<String> drawn, SeriesColors colours) {
        double lx = WIDTH - LEGEND_WIDTH + 30;
        double ly = TOP + 10;
        // Kinds first, then peers: the order of the colour families.
        List<String> ordered = new ArrayList<>(drawn.stream().filter(colours::isKind).toList());
        ordered.addAll(drawn.stream().filter(c -> !colours.isKind(c)).toList());
        for (String contestant : ordered) {
            marker(svg, colours.isKind(contestant), lx, ly - 4, colours.of(contestant), contestant);
            svg.text(lx + 10, ly, "start", "#333", contestant + (colours.isKind(contestant) ? "" : " (peer)"));
            ly += LEGEND_ROW;
        }
        svg.line(lx - 6, ly + 10, lx + 6, ly + 10, CLASSIC_COLOR, "", 1.5);
        svg.text(lx + 10, ly + 14, "start", "#333", "classic Bloom 1.44·log2(1/ε)");
        svg.line(lx - 6, ly + 28, lx + 6, ly + 28, LOWER_BOUND_COLOR, LOWER_BOUND_DASH, 1.5);
        svg.text(lx + 10, ly + 32, "start", "#333", "lower bound log2(1/ε)");
        svg.line(lx, ly + 40, lx, ly + 54, "#555", "");
        svg.text(lx + 10, ly + 50, "start", "#333", "bar: 95% interval of fpp");
        svg.text(lx - 6, ly + 68, "start", "#333", "points that coincide: see the table");
    }
}
