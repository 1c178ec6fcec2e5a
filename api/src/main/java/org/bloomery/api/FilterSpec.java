package org.bloomery.api;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What a filter is built for: the number of distinct items expected, the false-positive
 * probability wanted at that load, and provider options as strings (so a spec can come from a
 * configuration file). Immutable; equal specs build equal filters.
 *
 * @param expectedInsertions distinct items the filter is sized for, at least 1
 * @param fpp target false-positive probability at {@code expectedInsertions} items, in (0, 1)
 * @param options provider options, sorted by key; each provider documents and validates its keys
 */
public record FilterSpec(long expectedInsertions, double fpp, SortedMap<String, String> options) {

    /** Longest option key accepted. */
    public static final int MAX_OPTION_KEY_LENGTH = 64;
    /** Longest option value accepted. */
    public static final int MAX_OPTION_VALUE_LENGTH = 1024;
    /** Most options one spec may carry. */
    public static final int MAX_OPTIONS = 64;

    private static final Pattern OPTION_KEY = Pattern.compile("[A-Za-z][A-Za-z0-9._-]*");

    /**
     * Validates and copies the components.
     *
     * @throws IllegalArgumentException if {@code expectedInsertions < 1}, {@code fpp} is not in
     *     (0, 1) or is NaN, or an option key or value is malformed
     */
    public FilterSpec {
        if (expectedInsertions < 1) {
            throw new IllegalArgumentException(
                    "expectedInsertions must be at least 1, got " + expectedInsertions);
        }
        if (!(fpp > 0.0 && fpp < 1.0)) {
            throw new IllegalArgumentException(
                    "fpp must be in the open range (0, 1), got " + fpp);
        }
        Objects.requireNonNull(options, "options");
        if (options.size() > MAX_OPTIONS) {
            throw new IllegalArgumentException(
                    "at most " + MAX_OPTIONS + " options are allowed, got " + options.size());
        }
        TreeMap<String, String> copy = new TreeMap<>();
        options.forEach((key, value) -> {
            checkOption(key, value);
            copy.put(key, value);
        });
        options = Collections.unmodifiableSortedMap(copy);
    }

    /**
     * A spec with no options.
     *
     * @param expectedInsertions distinct items the filter is sized for, at least 1
     * @param fpp target false-positive probability, in (0, 1)
     * @return the spec
     * @throws IllegalArgumentException naming the bad value and the allowed range
     */
    public static FilterSpec of(long expectedInsertions, double fpp) {
        return new FilterSpec(expectedInsertions, fpp, new TreeMap<>());
    }

    /**
     * This spec with one option set, replacing any earlier value of the key.
     *
     * @param key option key: a letter followed by letters, digits, '.', '_' or '-'
     * @param value option value, at most {@value #MAX_OPTION_VALUE_LENGTH} characters
     * @return a new spec
     * @throws IllegalArgumentException if the key or value is malformed
     */
    public FilterSpec withOption(String key, String value) {
        checkOption(key, value);
        TreeMap<String, String> copy = new TreeMap<>(options);
        copy.put(key, value);
        return new FilterSpec(expectedInsertions, fpp, copy);
    }

    /**
     * The value of one option.
     *
     * @param key option key
     * @return the value, or empty when the option is not set
     */
    public Optional<String> option(String key) {
        return Optional.ofNullable(options.get(key));
    }

    private static void checkOption(String key, String value) {
        Objects.requireNonNull(key, "option key");
        Objects.requireNonNull(value, () -> "value of option '" + key + "'");
        if (key.length() > MAX_OPTION_KEY_LENGTH || !OPTION_KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("option key '" + key + "' must be 1 to "
                    + MAX_OPTION_KEY_LENGTH + " characters: a letter, then letters, digits, '.', '_' or '-'");
        }
        if (value.length() > MAX_OPTION_VALUE_LENGTH) {
            throw new IllegalArgumentException("value of option '" + key + "' is " + value.length()
                    + " characters long; at most " + MAX_OPTION_VALUE_LENGTH + " are allowed");
        }
    }
}
