package org.bloomery.api.bloom;

import java.util.Locale;
import org.bloomery.api.FilterSpec;

/**
 * Where a Bloom-family filter puts the k probes of one key (spec option {@value #OPTION}).
 * {@link #STANDARD} spreads them over the whole array ({@link BloomProbes}): the fewest bits for a
 * target fpp, but up to k cache misses per query. {@link #BLOCKED} keeps them inside one 512-bit
 * block, one 64-byte cache line ({@link BlockedProbes}): one miss per query, at the price of a few
 * more bits per item for the same fpp ({@link BloomShape} sizes it by the blocked model).
 */
public enum BloomLayout {
    /** Probes spread over the whole array; the default. */
    STANDARD,
    /** Every probe of a key in one 512-bit block, aligned within the array. */
    BLOCKED;

    /** The spec option naming the layout: {@code standard} (the default) or {@code blocked}. */
    public static final String OPTION = "layout";

    /**
     * The option value that selects this layout.
     *
     * @return {@code "standard"} or {@code "blocked"}
     */
    public String optionValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The layout a spec asks for.
     *
     * @param spec the spec
     * @param kind the kind reading it, for messages
     * @return the option's layout, {@link #STANDARD} when the option is not set
     * @throws IllegalArgumentException if the option holds anything but {@code standard} or
     *     {@code blocked} (any case)
     */
    public static BloomLayout of(FilterSpec spec, String kind) {
        String raw = spec.options().get(OPTION);
        if (raw == null) {
            return STANDARD;
        }
        for (BloomLayout layout : values()) {
            if (layout.optionValue().equals(raw.trim().toLowerCase(Locale.ROOT))) {
                return layout;
            }
        }
        throw new IllegalArgumentException("option '" + OPTION + "' of kind '" + kind
                + "' must be 'standard' or 'blocked', got '" + raw + "'");
    }
}
