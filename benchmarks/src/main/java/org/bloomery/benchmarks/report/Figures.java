package org.bloomery.benchmarks.report;

import java.util.Locale;
import org.bloomery.benchmarks.workload.Spread;

/** How the human-readable reports print numbers; CSV prints plain machine-readable values instead. */
final class Figures {
    /** Bits per element of a classic Bloom filter relative to the lower bound: 1/ln 2. */
    static final double CLASSIC_FACTOR = 1 / Math.log(2);

    private Figures() {
    }

    /** The information-theoretic lower bound log2(1/ε) in bits per element. */
    static double lowerBoundBits(double fpp) {
        return -Math.log(fpp) / Math.log(2);
    }

    /** A classic Bloom filter's bits per element at optimal k: log2(1/ε) / ln 2 ≈ 1.44·log2(1/ε). */
    static double classicBits(double fpp) {
        return CLASSIC_FACTOR * lowerBoundBits(fpp);
    }

    /** A probability as a percentage with three significant digits, e.g. {@code 1.01%}. */
    static String percent(double p) {
        if (Double.isNaN(p)) {
            return "–";
        }
        if (p == 0) {
            return "0%";
        }
        return trimmed(String.format(Locale.ROOT, "%.3g", p * 100)) + "%";
    }

    /** A target fpp as written on the command line, e.g. {@code 0.001}. */
    static String fpp(double p) {
        return Double.isNaN(p) ? "–" : trimmed(String.format(Locale.ROOT, "%.10f", p));
    }

    /** Two decimals, or a dash for NaN. */
    static String twoDecimals(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.2f", value);
    }

    /** A median with the rounds' range, e.g. {@code 12.31 (11.90–12.84)}; one value when there was one round. */
    static String spread(Spread s) {
        if (!s.measured()) {
            return "–";
        }
        if (s.rounds() == 1) {
            return twoDecimals(s.median());
        }
        return twoDecimals(s.median()) + " (" + twoDecimals(s.min()) + "–" + twoDecimals(s.max()) + ")";
    }

    /** A count with thousands separators, e.g. {@code 1,000,000}. */
    static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    private static String trimmed(String number) {
        if (number.indexOf('.') < 0 || number.contains("e")) {
            return number;
        }
        String t = number.replaceAll("0+$", "");
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }
}
