package org.bloomery.cli;

import org.bloomery.api.internal.PlainNumbers;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Numbers on the command line, read as the library reads them in properties and options ({@link
 * PlainNumbers}): plain decimal only, so {@code 0x1p-10}, {@code +0.01} and {@code 0.01d} are
 * refused rather than read as Java would.
 */
final class PlainNumberConverters {
    private PlainNumberConverters() {
    }

    /** A plain decimal real number, such as {@code 0.001} or {@code 1e-3}. */
    static final class Real implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            return PlainNumbers.decimal(text).orElseThrow(() -> new TypeConversionException(
                    "'" + text + "' is not a plain decimal number (such as 0.001 or 1e-3)"));
        }
    }

    /** A plain decimal integer, such as {@code 1000000}. */
    static final class Whole implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            return PlainNumbers.integer(text).orElseThrow(() -> new TypeConversionException(
                    "'" + text + "' is not a plain decimal integer (such as 1000000) that fits in 64 bits"));
        }
    }
}
