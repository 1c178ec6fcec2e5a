package org.bloomery.api.internal;

import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * The one reading of numbers written as text in specs and configuration: plain decimal only. An
 * integer is an optional '-' and digits; a real number may add a fraction and an exponent
 * ({@code 0.5}, {@code 1e-3}). Java's parsers also take a leading '+', hexadecimal floating point
 * ({@code 0x1p-1}) and 'f'/'d' suffixes ({@code 0.5f}); those are refused here, so that one value
 * has one spelling and a typo is not read as a number.
 */
public final class PlainNumbers {
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("-?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE]-?[0-9]+)?");

    private PlainNumbers() {
    }

    /**
     * Reads a plain decimal integer.
     *
     * @param text the text, without surrounding spaces
     * @return the value, or empty if the text is not a plain decimal integer that fits in a long
     */
    public static OptionalLong integer(String text) {
        if (!INTEGER.matcher(text).matches()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * Reads a plain decimal real number.
     *
     * @param text the text, without surrounding spaces
     * @return the value, or empty if the text is not a plain decimal number
     */
    public static OptionalDouble decimal(String text) {
        if (!DECIMAL.matcher(text).matches()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Double.parseDouble(text));
    }
}
