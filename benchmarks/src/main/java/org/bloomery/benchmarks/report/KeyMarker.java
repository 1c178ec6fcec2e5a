package org.bloomery.benchmarks.report;

import org.bloomery.benchmarks.contestant.KeyType;

/**
 * How every chart draws the two key types, so that they differ in shape and line style and not only
 * in colour: string keys are filled circles on solid lines, long keys open squares on dashed lines.
 */
final class KeyMarker {
    /** The dash pattern of long-key lines. */
    static final String LONG_DASH = "6 4";
    private static final double RADIUS = 4;

    private KeyMarker() {
    }

    static void draw(Svg svg, KeyType type, double x, double y, String color, String tooltip) {
        if (type == KeyType.STRING) {
            svg.circle(x, y, RADIUS, color, tooltip);
        } else {
            svg.openSquare(x, y, RADIUS - 0.5, color, tooltip);
        }
    }

    static String dash(KeyType type) {
        return type == KeyType.LONG ? LONG_DASH : "";
    }

    /** Legend entries for both key types at (x, y): a line sample with its marker, then the label. */
    static double legend(Svg svg, double x, double y, String color) {
        for (KeyType type : KeyType.values()) {
            svg.line(x - 10, y - 4, x + 10, y - 4, color, dash(type), 1.5);
            draw(svg, type, x, y - 4, color, type.label() + " keys");
            svg.text(x + 16, y, "start", "#333", type == KeyType.STRING ? "string keys (filled circle, solid)"
                    : "long keys (open square, dashed)");
            y += 18;
        }
        return y;
    }
}
