package org.bloomery.bloom;

import java.io.IOException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.SpecOptions;

/**
 * Where a Bloom-family filter puts the k probes of one key (spec option {@value #OPTION}).
 * {@link #STANDARD} spreads them over the whole array ({@link BloomProbes}): the fewest bits for a
 * target fpp, but up to k cache misses per query. {@link #BLOCKED} keeps them inside one 512-bit
 * block, one 64-byte cache line ({@link BlockedProbes}): one miss per query, at the price of a few
 * more bits per item for the same fpp ({@link BloomShape} sizes it by the blocked model). {@link
 * #SECTORED} keeps them in two 64-bit words of one such block ({@link SectoredProbes}): one miss and
 * two loads per query, about as many bits as blocked at 1% but many more at lower fpp (sized by
 * its own model). {@link #PATTERNED} also uses two words of a block, one in each half, and sets in
 * each a rotated pattern from a fixed table ({@link PatternedProbes}): the cheapest query, a few
 * more bits than sectored at 1% (sized by its own model, {@link PatternedModel}). {@link BloomBits}
 * sets and tests a key's bits, one class per layout.
 */
public enum BloomLayout {
    /** Probes spread over the whole array; the default. */
    STANDARD(0),
    /** Every probe of a key in one 512-bit block, aligned within the array. */
    BLOCKED(2),
    /** Every probe of a key in two 64-bit words of one 512-bit block, k / 2 in each; bits only. */
    SECTORED(3),
    /**
     * Every probe of a key in two 64-bit words of one 512-bit block, one word in each half, k / 2 in
     * each as a rotated pattern of a fixed table; bits only.
     */
    PATTERNED(4);

    /**
     * The spec option naming the layout: {@code standard} (the default), {@code blocked}, {@code
     * sectored} or {@code patterned}.
     */
    public static final String OPTION = "layout";
    /**
     * The code of the blocked layout written by 0.1.0 snapshots before 2026-11-23, which took each
     * in-block position from a multiplication of its own; it is no longer read.
     */
    private static final int OLD_BLOCKED = 1;

    private final int code;

    BloomLayout(int code) {
        this.code = code;
    }

    /**
     * The byte a filter's body records for this layout.
     *
     * @return 0 for standard, 2 for blocked, 3 for sectored, 4 for patterned
     */
    public int code() {
        return code;
    }

    /**
     * Reads the layout byte of a body.
     *
     * @param body the body, at the layout byte
     * @return the layout it names
     * @throws InvalidFilterDataException if the byte is not 0, 2, 3 or 4, naming it; 1, the blocked layout
     *     of earlier 0.1.0 snapshots, is refused with a message saying to build the filter again
     * @throws IOException if the body ends
     */
    public static BloomLayout read(FilterDataInput body) throws IOException {
        int code = body.readUnsignedByte("layout", STANDARD.code, PATTERNED.code);
        if (code == OLD_BLOCKED) {
            throw new InvalidFilterDataException("layout 1 is the blocked layout of 0.1.0 snapshots before"
                    + " 2026-11-23, whose in-block positions this version does not read; build the filter again");
        }
        return code == BLOCKED.code ? BLOCKED
                : code == SECTORED.code ? SECTORED
                : code == PATTERNED.code ? PATTERNED
                : STANDARD;
    }

    /**
     * The option value that selects this layout.
     *
     * @return {@code "standard"}, {@code "blocked"}, {@code "sectored"} or {@code "patterned"}
     */
    public String optionValue() {
        return SpecOptions.optionValue(this);
    }

    /**
     * The layout a spec asks for.
     *
     * @param spec the spec
     * @param kind the kind reading it, for messages
     * @return the option's layout, {@link #STANDARD} when the option is not set
     * @throws IllegalArgumentException if the option holds anything but {@code standard}, {@code
     *     blocked}, {@code sectored} or {@code patterned} (any case)
     */
    public static BloomLayout of(FilterSpec spec, String kind) {
        return SpecOptions.enumValue(spec, kind, OPTION, STANDARD);
    }
}
