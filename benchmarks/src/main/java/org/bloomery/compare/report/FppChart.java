package org.bloomery.compare.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bloomery.compare.workload.Result;

/**
 * Chart 1: measured false-positive rate (log scale) against bits per element (log scale) for every
 * contestant of the uniform workload (and, in a chart of its own, of the static workload) at every
 * fpp, with the 95% interval as a vertical bar, the lower bound log2(1/ε) and the classic Bloom curve 1.44·log2(1/ε) as lines. Filled circles are string
 * keys, open squares long keys. A point that would cover another is moved sideways in steps of
 * {@link #DODGE} pixels (right, left, further right, …) with a thin leader back to its true place, so
 * that every contestant stays visible; the tooltip gives exact values.
 */
final class FppChart {
    private static final int WIDTH = 760;
    private static final int HEIGHT = 460;
    private static final int LEFT = 70;
    private static final int RIGHT = 200;
    private static final int TOP = 20;
    private static final int BOTTOM = 50;
    private static final int CURVE_SAMPLES = 120;
    /** Pixels per contestant in the legend. */
    private static final int LEGEND_ROW = 18;
    /** Pixels of the legend below its contestants: key types, the two curves, the interval, the leader. */
    private static final int LEGEND_TAIL = 142;
    private static final String CLASSIC_COLOR = "#888";
    private static final String LOWER_BOUND_COLOR = "#000";
    private static final String LOWER_BOUND_DASH = "4 3";
    /** Pixels a point moves right when it would cover another one. */
    static final double DODGE = 9;

    private FppChart() {
    }

    static String draw(List<Result> uniform, List<String> contestants) {
        // The plot keeps its height; the picture grows below it when the legend is taller.
        Svg svg = new Svg(WIDTH, Math.max(HEIGHT, legendBottom(contestants.size()) + 10),
                "Measured false-positive rate against bits per element");
        if (uniform.isEmpty()) {
            return svg.text(WIDTH / 2.0, HEIGHT / 2.0, "middle", "#555", "no uniform results").end();
        }
        double minBits = Double.MAX_VALUE;
        double maxBits = 0;
        double minFpp = 1;
        double maxFpp = 0;
        for (Result r : uniform) {
            minBits = Math.min(minBits, Math.min(r.bitsPerElement(), Figures.lowerBoundBits(r.targetFpp())));
            maxBits = Math.max(maxBits, r.bitsPerElement());
            double low = r.falsePositives().low() > 0 ? r.falsePositives().low() : r.targetFpp() / 10;
            minFpp = Math.min(minFpp, Math.min(low, r.targetFpp() / 2));
            maxFpp = Math.max(maxFpp, Math.max(r.falsePositives().high(), r.targetFpp()));
        }
        Axis x = Axis.logAround(Math.max(1, minBits), maxBits, 2, LEFT, WIDTH - RIGHT);
        Axis y = Axis.logAround(minFpp, Math.min(1, maxFpp), 10, HEIGHT - BOTTOM, TOP);
        frame(svg, x, y);
        curve(svg, x, y, 1.0, LOWER_BOUND_COLOR, LOWER_BOUND_DASH);
        curve(svg, x, y, Figures.CLASSIC_FACTOR, CLASSIC_COLOR, "");
        List<double[]> placed = new ArrayList<>();
        for (Result r : uniform) {
            String color = Svg.color(Math.max(0, contestants.indexOf(r.contestant())));
            double rate = Math.max(r.falsePositives().rate(), y.min());
            double py = y.at(rate);
            double trueX = x.at(r.bitsPerElement());
            double px = dodge(placed, trueX, py);
            if (px != trueX) {
                svg.line(trueX, py, px, py, "#bbb", "", 1);
                svg.line(trueX, py - 3, trueX, py + 3, "#888", "", 1);
            }
            String tip = String.format(Locale.ROOT, "%s, %s keys, target %s: %.2f bits/element, fpp %s",
                    r.contestant(), r.keyType().label(), Figures.fpp(r.targetFpp()), r.bitsPerElement(),
                    Figures.percent(r.falsePositives().rate()));
            svg.line(px, y.at(Math.max(r.falsePositives().low(), y.min())), px, y.at(r.falsePositives().high()),
                    color, "");
            KeyMarker.draw(svg, r.keyType(), px, py, color, tip);
        }
        legend(svg, contestants);
        return svg.end();
    }

    /**
     * The x nearest to {@code px} (trying px, px + d, px − d, px + 2d, …) at which a point at height py
     * covers none of the placed points; the point is then placed there.
     */
    static double dodge(List<double[]> placed, double px, double py) {
        for (int step = 0; ; step++) {
            double x = px + (step % 2 == 1 ? 1 : -1) * ((step + 1) / 2) * DODGE;
            if (placed.stream().noneMatch(p -> Math.abs(p[0] - x) < DODGE && Math.abs(p[1] - py) < DODGE)) {
                placed.add(new double[] {x, py});
                return x;
            }
        }
    }

    private static void frame(Svg svg, Axis x, Axis y) {
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
        svg.text((x.from() + x.to()) / 2, HEIGHT - 12, "middle", "#333", "bits per element (log scale)");
        svg.text(14, TOP - 6, "start", "#333", "false-positive rate (log scale)");
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

    /** The bottom of the legend's last line: a line per contestant, then the key types and lines. */
    static int legendBottom(int contestants) {
        return TOP + 10 + LEGEND_ROW * contestants + LEGEND_TAIL;
    }

    private static void legend(Svg svg, List<String> contestants) {
        double lx = WIDTH - RIGHT + 16;
        double ly = TOP + 10;
        for (int i = 0; i < contestants.size(); i++, ly += LEGEND_ROW) {
            svg.circle(lx, ly - 4, 4, Svg.color(i), contestants.get(i));
            svg.text(lx + 10, ly, "start", "#333", contestants.get(i));
        }
        svg.circle(lx, ly + 10, 4, "#555", "string keys");
        svg.text(lx + 10, ly + 14, "start", "#333", "string keys");
        svg.openSquare(lx, ly + 28, 3.5, "#555", "long keys");
        svg.text(lx + 10, ly + 32, "start", "#333", "long keys");
        svg.line(lx - 6, ly + 50, lx + 6, ly + 50, CLASSIC_COLOR, "", 1.5);
        svg.text(lx + 10, ly + 54, "start", "#333", "classic Bloom 1.44·log2(1/ε)");
        svg.line(lx - 6, ly + 68, lx + 6, ly + 68, LOWER_BOUND_COLOR, LOWER_BOUND_DASH, 1.5);
        svg.text(lx + 10, ly + 72, "start", "#333", "lower bound log2(1/ε)");
        svg.line(lx, ly + 80, lx, ly + 94, "#555", "");
        svg.text(lx + 10, ly + 90, "start", "#333", "bar: 95% interval of fpp");
        svg.line(lx - 6, ly + 106, lx + 6, ly + 106, "#bbb", "", 1);
        svg.line(lx - 6, ly + 103, lx - 6, ly + 109, "#888", "", 1);
        svg.text(lx + 10, ly + 110, "start", "#333", "moved aside from its tick");
        svg.text(lx + 10, ly + 124, "start", "#333", "so as not to cover another;");
        svg.text(lx + 10, ly + 138, "start", "#333", "hover for exact values");
    }
}
