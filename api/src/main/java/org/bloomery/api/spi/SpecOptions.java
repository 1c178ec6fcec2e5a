package org.bloomery.api.spi;

import org.bloomery.api.internal.PlainNumbers;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;

/**
 * Typed access to a {@link FilterSpec}'s string options for one kind. Rejects keys the kind does
 * not know and values out of range with an {@link IllegalArgumentException} that names the kind,
 * the option, the value and the allowed range. Values are exact: a value has one spelling, in its
 * case and without surrounding whitespace ({@code blocked}, not {@code BLOCKED} or {@code
 * "blocked "}), so that a filter's header, which holds the values as given, reads back as written
 * and two specs of the same filter are equal.
 */
public final class SpecOptions {
    private final FilterSpec spec;
    private final String kind;

    private SpecOptions(FilterSpec spec, String kind) {
        this.spec = spec;
        this.kind = kind;
    }

    /**
     * Checks that the spec uses only known option keys.
     *
     * @param spec the spec
     * @param kind the kind reading it, for messages
     * @param knownKeys every option key the kind accepts
     * @return typed access to the options
     * @throws IllegalArgumentException for an unknown key, listing the known ones
     */
    public static SpecOptions of(FilterSpec spec, String kind, Set<String> knownKeys) {
        Objects.requireNonNull(spec, "spec");
        for (String key : spec.options().keySet()) {
            if (!knownKeys.contains(key)) {
                throw new IllegalArgumentException("kind '" + kind + "' has no option '" + key + "'; its options are "
                        + new TreeSet<>(knownKeys));
            }
        }
        return new SpecOptions(spec, kind);
    }

    /**
     * An integer option.
     *
     * @param key the option key
     * @param min smallest allowed value
     * @param max largest allowed value
     * @return the value, or empty when not set
     * @throws IllegalArgumentException if the value is not a plain decimal integer ({@link PlainNumbers},
     *     no whitespace around it) in [min, max]
     */
    public OptionalLong longValue(String key, long min, long max) {
        String raw = spec.options().get(key);
        if (raw == null) {
            return OptionalLong.empty();
        }
        OptionalLong value = PlainNumbers.integer(raw);
        if (value.isEmpty() || value.getAsLong() < min || value.getAsLong() > max) {
            throw outOfRange(key, raw, "an integer in [" + min + ", " + max + "]");
        }
        return value;
    }

    /**
     * An integer option with a default.
     *
     * @param key the option key
     * @param min smallest allowed value
     * @param max largest allowed value
     * @param defaultValue the value when not set
     * @return the value
     * @throws IllegalArgumentException if the value is not an integer in [min, max]
     */
    public long longValue(String key, long min, long max, long defaultValue) {
        return longValue(key, min, max).orElse(defaultValue);
    }

    /**
     * A real-valued option in the open range (min, max).
     *
     * @param key the option key
     * @param min the exclusive lower bound
     * @param max the exclusive upper bound
     * @param defaultValue the value when not set
     * @return the value
     * @throws IllegalArgumentException if the value is not a plain decimal number ({@link PlainNumbers},
     *     no whitespace around it) strictly between min and max
     */
    public double doubleValue(String key, double min, double max, double defaultValue) {
        String raw = spec.options().get(key);
        if (raw == null) {
            return defaultValue;
        }
        OptionalDouble value = PlainNumbers.decimal(raw);
        if (value.isEmpty() || !(value.getAsDouble() > min && value.getAsDouble() < max)) {
            throw outOfRange(key, raw, "a number in the open range (" + min + ", " + max + ")");
        }
        return value.getAsDouble();
    }

    /**
     * A boolean option, exactly {@code true} or {@code false}.
     *
     * @param key the option key
     * @param defaultValue the value when not set
     * @return the value
     * @throws IllegalArgumentException for any other text
     */
    public boolean booleanValue(String key, boolean defaultValue) {
        String raw = spec.options().get(key);
        if (raw == null) {
            return defaultValue;
        }
        switch (raw) {
            case "true":
                return true;
            case "false":
                return false;
            default:
                throw outOfRange(key, raw, "true or false");
        }
    }

    /**
     * An option whose values are an enum's constants named in lower case ({@link #optionValue}),
     * exactly. It reads this one key only, so the spec's other keys are not checked here.
     *
     * @param spec the spec
     * @param kind the kind reading it, for messages
     * @param key the option key
     * @param defaultValue the constant when the option is not set
     * @param <E> the enum
     * @return the constant the option names
     * @throws IllegalArgumentException for any other text (another case, whitespace around the
     *     value), naming the values allowed
     */
    public static <E extends Enum<E>> E enumValue(FilterSpec spec, String kind, String key, E defaultValue) {
        String raw = spec.options().get(key);
        if (raw == null) {
            return defaultValue;
        }
        E[] constants = defaultValue.getDeclaringClass().getEnumConstants();
        for (E constant : constants) {
            if (optionValue(constant).equals(raw)) {
                return constant;
            }
        }
        throw new SpecOptions(spec, kind).outOfRange(key, raw,
                Stream.of(constants).map(c -> "'" + optionValue(c) + "'").collect(Collectors.joining(" or ")));
    }

    /**
     * The option value that names an enum constant: its name in lower case.
     *
     * @param constant the constant
     * @return e.g. {@code "blocked"} for {@code BLOCKED}
     */
    public static String optionValue(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    private IllegalArgumentException outOfRange(String key, String raw, String allowed) {
        return new IllegalArgumentException("option '" + key + "' of kind '" + kind + "' must be " + allowed
                + ", got '" + raw + "'");
    }
}
