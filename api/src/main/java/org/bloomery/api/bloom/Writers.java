package org.bloomery.api.bloom;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;

/**
 * How many threads may change a Bloom-family filter at once (spec option {@value #OPTION}).
 *
 * <ul>
 *   <li>{@link #MANY} (the default): any number of threads add, remove and query at once without
 *       outside locking; every word changes by compare-and-set, and the filter declares {@link
 *       org.bloomery.api.Capability#CONCURRENT}.</li>
 *   <li>{@link #SINGLE}: at most one thread at a time adds, removes, clears or merges into the
 *       filter (the writer; handing the role to another thread needs a happens-before edge, as for
 *       any object), while any number of threads query it. The writer uses plain reads and opaque
 *       writes of whole 64-bit words, and keeps the live counts in plain fields written opaquely, so
 *       no locked instruction is on the add or remove path. A query sees every change that
 *       happened-before it (a volatile write and read, a lock, a concurrent collection, {@code
 *       Thread.start}/{@code join}); a query racing the writer sees each word whole, as it was
 *       before or after a write, so it may see some of a racing add's k probes and not others (and
 *       answer false for that item until the add returns), but never a torn counter or a bit
 *       or counter of an earlier add lost. The filter does not declare {@code CONCURRENT}.</li>
 * </ul>
 *
 * The option is part of the spec, and so of the envelope like every other option: a filter read
 * back has the writers it was written with. It is not part of the bits: filters that differ only in
 * it merge with each other, so a reader who wants the other mode creates an empty filter of the
 * same spec with the other value and merges the read one into it.
 */
public enum Writers {
    /** Many threads may change the filter at once; the default. */
    MANY,
    /** One thread at a time changes the filter; any number query it. */
    SINGLE;

    /** The spec option: {@code many} (the default) or {@code single}. */
    public static final String OPTION = "writers";

    /**
     * The option value that selects this mode.
     *
     * @return {@code "many"} or {@code "single"}
     */
    public String optionValue() {
        return SpecOptions.optionValue(this);
    }

    /**
     * The mode a spec asks for.
     *
     * @param spec the spec
     * @param kind the kind reading it, for messages
     * @return the option's mode, {@link #MANY} when the option is not set
     * @throws IllegalArgumentException if the option holds anything but {@code many} or {@code
     *     single} (any case)
     */
    public static Writers of(FilterSpec spec, String kind) {
        return SpecOptions.enumValue(spec, kind, OPTION, MANY);
    }
}
