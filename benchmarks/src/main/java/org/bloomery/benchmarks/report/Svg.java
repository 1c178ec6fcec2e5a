package org.bloomery.benchmarks.report;

import java.util.List;
import java.util.Locale;

/**
 * A small writer of inline SVG: one {@code <svg>} element with shapes and text, well-formed XML so
 * the page parses as XHTML. Coordinates are in user units with one decimal.
 */
final class Svg {
    /**
     * Distinct colours for series, in order: twenty-eight, more than the contestants of a full run (a
     * test keeps it so), so that no two series of one chart share a colour.
     */
    static final List<String> PALETTE = List.of("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
            "#e377c2", "#17becf", "#7f7f7f", "#bcbd22", "#393b79", "#637939", "#000000", "#aec7e8", "#ff9896",
            "#98df8a", "#c5b0d5", "#ffbb78", "#c49c94", "#9edae5", "#843c39", "#7b4173", "#5254a3", "#8ca252",
            "#e7ba52", "#d6616b", "#ce6dbd", "#3182bd");

    private final StringBuilder out = new StringBuilder();

    /**
     * Opens the element.
     *
     * @param width width in pixels
     * @param height height in pixels
     * @param title the accessible title
     */
    Svg(int width, int height, String title) {
        out.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                        + " role=\"img\"><title>%s</title>\n", width, height, width, height, escape(title)));
    }

    static String color(int index) {
        return PALETTE.get(Math.floorMod(index, PALETTE.size()));
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke, String dash) {
        out.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>\n",
                x1, y1, x2, y2, stroke, dashAttribute(dash)));
        return this;
    }

    Svg polyline(List<double[]> points, String stroke, String dash, double width) {
        if (points.size() < 2) {
            return this;
        }
        StringBuilder coordinates = new StringBuilder();
        for (double[] p : points) {
            coordinates.append(String.format(Locale.ROOT, "%.1f,%.1f ", p[0], p[1]));
        }
        out.append(String.format(Locale.ROOT,
                "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>\n",
                coordinates.toString().trim(), stroke, width, dashAttribute(dash)));
        return this;
    }

    Svg circle(double cx, double cy, double r, String fill, String tooltip) {
        out.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\">", cx, cy, r,
                fill));
        out.append("<title>").append(escape(tooltip)).append("</title></circle>\n");
        return this;
    }

    /** A square outline of side {@code 2·half} centred on (cx, cy), white inside, drawn in {@code stroke}. */
    Svg openSquare(double cx, double cy, double half, String stroke, String tooltip) {
        out.append(String.format(Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#fff\" stroke=\"%s\""
                        + " stroke-width=\"2\">", cx - half, cy - half, 2 * half, 2 * half, stroke));
        out.append("<title>").append(escape(tooltip)).append("</title></rect>\n");
        return this;
    }

    /** A closed polygon through the points, filled and outlined. */
    Svg polygon(List<double[]> points, String fill, String stroke, String tooltip) {
        StringBuilder coordinates = new StringBuilder();
        for (double[] p : points) {
            coordinates.append(String.format(Locale.ROOT, "%.1f,%.1f ", p[0], p[1]));
        }
        out.append(String.format(Locale.ROOT, "<polygon points=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\">",
                coordinates.toString().trim(), fill, stroke));
        out.append("<title>").append(escape(tooltip)).append("</title></polygon>\n");
        return this;
    }

    /** A diamond of half-diagonal {@code r} centred on (cx, cy). */
    Svg diamond(double cx, double cy, double r, String fill, String stroke, String tooltip) {
        return polygon(List.of(new double[] {cx, cy - r}, new double[] {cx + r, cy}, new double[] {cx, cy + r},
                new double[] {cx - r, cy}), fill, stroke, tooltip);
    }

    /** A line of a given width, e.g. a whisker or a legend sample. */
    Svg line(double x1, double y1, double x2, double y2, String stroke, String dash, double width) {
        out.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>\n",
                x1, y1, x2, y2, stroke, width, dashAttribute(dash)));
        return this;
    }

    Svg rect(double x, double y, double width, double height, String fill, String tooltip) {
        out.append(String.format(Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">", x, y,
                Math.max(0, width), Math.max(0, height), fill));
        out.append("<title>").append(escape(tooltip)).append("</title></rect>\n");
        return this;
    }

    /** Text; {@code anchor} is {@code start}, {@code middle} or {@code end}. */
    Svg text(double x, double y, String anchor, String fill, String content) {
        out.append(String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"%s\">%s</text>\n", x, y, anchor, fill,
                escape(content)));
        return this;
    }

    /** Closes the element and returns it. */
    String end() {
        return out.append("</svg>\n").toString();
    }

    private static String dashAttribute(String dash) {
        return dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"";
    }

    /** Escapes text for XML content and attribute values. */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
