package org.bloomery.benchmarks.report;

import java.util.List;
import java.util.Locale;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.Spread;
import org.bloomery.benchmarks.workload.Throughput;

/**
 * Horizontal bar charts of rates (M ops/s) with min–max whiskers: one group of bars per row label,
 * one bar per series. A bar is the median of the timed rounds; a black whisker spans their min–max.
 * The label column is as wide as the longest label, so no label is cut.
 */
final class BarChart {
    private static final List<String> COLORS = List.of("#1f77b4", "#2ca02c", "#ff7f0e", "#d62728", "#9467bd",
            "#8c564b");
    private static final int WIDTH = 900;
    /** An estimate of the advance of one character of the 12px sans-serif text, generous for digits. */
    private static final double CHAR_WIDTH = 6.8;
    private static final int RIGHT = 30;
    private static final int TOP = 40;
    private static final int BOTTOM = 40;
    private static final int BAR = 7;
    private static final int GAP = 12;
    private static final int LEGEND_GAP = 26;

    /** One group: its label and one value per series (unmeasured values draw no bar). */
    record Group(String label, List<Spread> values) {
        Group {
            values = List.copyOf(values);
        }
    }

    private BarChart() {
    }

    /**
     * The uniform workload's throughput: add, query present, query absent and remove per contestant
     * and key type, at one fpp.
     *
     * @param rows the uniform results at that fpp
     * @param fpp the fpp
     * @return the SVG element
     */
    static String throughput(List<Result> rows, double fpp) {
        List<Group> groups = rows.stream().map(r -> new Group(r.contestant() + " · " + r.keyType().label(),
                spreads(r.throughput()))).toList();
        return draw("Throughput in millions of operations per second at fpp " + Figures.fpp(fpp),
                List.of("add", "query present", "query absent", "remove"), groups,
                "M ops/s (uniform workload, fpp " + Figures.fpp(fpp) + ")");
    }

    /**
     * The threads workload: query throughput of all threads together, present and absent, at one
     * thread and at the run's thread count, per contestant and key type.
     *
     * @param rows the threads results (each contestant and key type at 1 and at {@code threads})
     * @param threads the run's thread count
     * @return the SVG element
     */
    static String threads(List<Result> rows, int threads) {
        List<Group> groups = rows.stream().filter(r -> r.threads() == 1)
                .map(single -> {
                    Result many = rows.stream().filter(r -> r.contestant().equals(single.contestant())
                            && r.keyType() == single.keyType() && r.threads() == threads).findFirst().orElse(null);
                    return new Group(single.contestant() + " · " + single.keyType().label(), List.of(
                            single.throughput().queryPresent(),
                            many == null ? Spread.NONE : many.throughput().queryPresent(),
                            single.throughput().queryAbsent(),
                            many == null ? Spread.NONE : many.throughput().queryAbsent()));
                }).toList();
        return draw("Query throughput with 1 and " + threads + " threads, all threads together",
                List.of("present, 1 thread", "present, " + threads + " threads", "absent, 1 thread",
                        "absent, " + threads + " threads"), groups,
                "M queries/s, all threads together (threads workload)");
    }

    private static String draw(String title, List<String> series, List<Group> groups, String axisLabel) {
        int left = (int) Math.ceil(groups.stream().mapToInt(g -> g.label().length()).max().orElse(10) * CHAR_WIDTH)
                + 16;
        int group = series.size() * BAR + GAP;
        int legendRows = 1 + legendWidth(series) / (WIDTH - 40);
        int top = TOP + (legendRows - 1) * LEGEND_GAP;
        int height = top + BOTTOM + Math.max(1, groups.size()) * group;
        Svg svg = new Svg(WIDTH, height, title);
        double max = 0;
        for (Group g : groups) {
            for (Spread v : g.values()) {
                max = v.measured() ? Math.max(max, v.max()) : max;
            }
        }
        Axis x = Axis.zeroTo(max, left, WIDTH - RIGHT);
        for (double tick : x.ticks(10)) {
            svg.line(x.at(tick), top - 4, x.at(tick), height - BOTTOM, "#e4e4e4", "");
            svg.text(x.at(tick), height - BOTTOM + 16, "middle", "#333", trim(tick));
        }
        svg.text((left + WIDTH - RIGHT) / 2.0, height - 8, "middle", "#333", axisLabel);
        legend(svg, series);
        double y = top;
        for (Group g : groups) {
            svg.text(left - 8, y + group / 2.0, "end", "#333", g.label());
            for (int s = 0; s < g.values().size(); s++) {
                Spread v = g.values().get(s);
                if (v.measured()) {
                    String tip = String.format(Locale.ROOT, "%s, %s: %s M ops/s", g.label(), series.get(s),
                            Figures.spread(v));
                    svg.rect(left, y + s * BAR, x.at(v.median()) - left, BAR - 1, COLORS.get(s), tip);
                    double mid = y + s * BAR + (BAR - 1) / 2.0;
                    svg.line(x.at(v.min()), mid, x.at(v.max()), mid, "#000", "", 1);
                    svg.line(x.at(v.min()), mid - 2, x.at(v.min()), mid + 2, "#000", "", 1);
                    svg.line(x.at(v.max()), mid - 2, x.at(v.max()), mid + 2, "#000", "", 1);
                }
            }
            y += group;
        }
        svg.line(left, top - 4, left, height - BOTTOM, "#333", "");
        return svg.end();
    }

    /** The legend: a swatch per series, then the whisker's meaning, wrapping onto further rows. */
    private static void legend(Svg svg, List<String> series) {
        double lx = 20;
        double ly = 10;
        for (int s = 0; s < series.size(); s++) {
            double w = entryWidth(series.get(s));
            if (lx + w > WIDTH - 20) {
                lx = 20;
                ly += LEGEND_GAP;
            }
            svg.rect(lx, ly, 10, 10, COLORS.get(s), series.get(s));
            svg.text(lx + 14, ly + 9, "start", "#333", series.get(s));
            lx += w;
        }
        String whisker = "min–max of the rounds (bar: median)";
        if (lx + 26 + whisker.length() * CHAR_WIDTH > WIDTH - 20) {
            lx = 20;
            ly += LEGEND_GAP;
        }
        svg.line(lx, ly + 5, lx + 20, ly + 5, "#000", "", 1);
        svg.line(lx, ly + 1, lx, ly + 9, "#000", "", 1);
        svg.line(lx + 20, ly + 1, lx + 20, ly + 9, "#000", "", 1);
        svg.text(lx + 26, ly + 9, "start", "#333", whisker);
    }

    private static int legendWidth(List<String> series) {
        return (int) (series.stream().mapToDouble(BarChart::entryWidth).sum() + 26
                + "min–max of the rounds (bar: median)".length() * CHAR_WIDTH);
    }

    private static double entryWidth(String label) {
        return 14 + label.length() * CHAR_WIDTH + 18;
    }

    private static List<Spread> spreads(Throughput t) {
        return List.of(t.add(), t.queryPresent(), t.queryAbsent(), t.remove());
    }

    private static String trim(double tick) {
        return tick == Math.rint(tick) ? Long.toString((long) tick) : Figures.twoDecimals(tick);
    }
}
