package org.bloomery.benchmarks.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Maps values to pixels along one chart axis, linearly or logarithmically, and picks its ticks.
 *
 * @param min the value at {@code from}
 * @param max the value at {@code to}, above {@code min} (both positive on a log axis)
 * @param from pixel of {@code min}
 * @param to pixel of {@code max} (smaller than {@code from} for a y axis, which grows upwards)
 * @param log true for a logarithmic axis
 */
record Axis(double min, double max, double from, double to, boolean log) {
    Axis {
        if (!(max > min) || log && !(min > 0)) {
            throw new IllegalArgumentException("axis needs 0 < min < max on a log scale and min < max otherwise, got ["
                    + min + ", " + max + "]");
        }
    }

    /** A log axis between the powers of {@code base} around [low, high]. */
    static Axis logAround(double low, double high, double base, double from, double to) {
        double min = Math.pow(base, Math.floor(Math.log(low) / Math.log(base)));
        double max = Math.pow(base, Math.ceil(Math.log(high) / Math.log(base)));
        return new Axis(min, max > min ? max : min * base, from, to, true);
    }

    /** A linear axis from 0 to a round number at or above {@code high}. */
    static Axis zeroTo(double high, double from, double to) {
        return new Axis(0, niceCeiling(high), from, to, false);
    }

    /** The pixel of a value; values outside the range land outside [from, to]. */
    double at(double value) {
        double fraction = log
                ? Math.log(value / min) / Math.log(max / min)
                : (value - min) / (max - min);
        return from + fraction * (to - from);
    }

    boolean contains(double value) {
        return value >= min && value <= max;
    }

    /** Tick values: each power of {@code base} on a log axis, five even steps on a linear one. */
    List<Double> ticks(double base) {
        List<Double> ticks = new ArrayList<>();
        if (log) {
            for (double v = min; v <= max * (1 + 1e-9); v *= base) {
                ticks.add(v);
            }
        } else {
            for (int i = 0; i <= 5; i++) {
                ticks.add(min + (max - min) * i / 5);
            }
        }
        return ticks;
    }

    /** The smallest of 1, 2, 2.5 or 5 × a power of ten that is at least {@code value} (1 for 0 or less). */
    static double niceCeiling(double value) {
        if (!(value > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * power >= value * (1 - 1e-12)) {
                return step * power;
            }
        }
        return 10 * power;
    }
}
