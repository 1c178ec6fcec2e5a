package org.bloomery.bloom;

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
 *       any object), while any number of threads query it. The writer uses plain reads and writes
 *       of whole 64-bit words (classic: plain stores, which 64-bit JVMs never tear; counting: opaque
 *       stores), and keeps the live counts in plain fields, so no locked instruction is on the add
 *       or remove path. A query sees every change that
 *       happened-before it (a volatile write and read, a lock, a concurrent collection, {@code
 *       Thread.start}/{@code join}); a query racing the writer sees each word whole, as it was
 *       before or after a write, so it may see some of a racing add's k probes and not others (and
 *       answer false for that item until the add returns), but never a torn counter or a bit
 *       or counter of an earlier add lost. The filter does not declare {@code CONCURRENT}.</li>
 * </ul>
 *
 * <p><b>Two writers at once</b> with {@link #SINGLE} are a misuse that nothing detects or reports.
 * Each writer reads a word and writes it back whole, so one writer's write can undo what the other
 * wrote to the same word between that read and that write. Changes that happened-before both
 * writers began are in every word either of them reads and are never undone; what is lost is the
 * racing writers' own changes, and the harm depends on the kind (the only kinds that take the
 * option):
 *
 * <ul>
 *   <li><b>classic</b>: a racing add can lose some of its k bits, and its item is then a false
 *       negative until it is added again. Items added before the race are not affected.</li>
 *   <li><b>counting</b>: a lost increment leaves a counter lower than the number of adds counted on
 *       it. Left at 0, it makes the racing item a false negative at once, as in classic. Left above
 *       0, it shows later: removing the items on that counter takes it to 0 one removal early, so an
 *       item whose add returned and which answered true (perhaps added long before the race, and
 *       never touched by it) becomes a false negative, and a remove of an item that was added
 *       answers false and changes nothing, which leaves its other counters raised for good. A lost
 *       decrement leaves a counter higher than its count: a removed item may go on answering true,
 *       and the counter saturates sooner.</li>
 *   <li>both: {@code clear}, {@code mergeFrom} and {@code intersectWith} racing another writer can
 *       undo its changes to the words they share, and the live counts behind {@code
 *       approximateCount} and {@code expectedFpp} can drift either way; a filter written and read
 *       back is recounted from its words.</li>
 * </ul>
 *
 * Nothing is torn and nothing throws: every word is one that a writer wrote, every counter 0 to
 * 15. The damage stays until the filter is rebuilt from its items, so use {@link #MANY} whenever
 * more than one thread may write.
 *
 * <p>The option is part of the spec, and so of the envelope like every other option: a filter read
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
     * A spec for one writer ({@link org.bloomery.api.FilterProvider#forOneWriter}): {@code spec}
     * with {@value #OPTION}{@code =single}, unless it already sets {@value #OPTION}.
     *
     * @param spec the spec
     * @return the spec for one writer
     */
    public static FilterSpec forOneWriter(FilterSpec spec) {
        return spec.option(OPTION).isPresent() ? spec : spec.withOption(OPTION, SINGLE.optionValue());
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
