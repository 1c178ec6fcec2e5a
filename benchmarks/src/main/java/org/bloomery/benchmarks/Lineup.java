package org.bloomery.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bloomery.aging.AgingProvider;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.Filters;
import org.bloomery.classic.ClassicProvider;
import org.bloomery.benchmarks.contestant.BloomeryContestant;
import org.bloomery.benchmarks.contestant.CommonsCountingBloomContestant;
import org.bloomery.benchmarks.contestant.CommonsLayeredBloomContestant;
import org.bloomery.benchmarks.contestant.CommonsSimpleBloomContestant;
import org.bloomery.benchmarks.contestant.CuckooFilter4jContestant;
import org.bloomery.benchmarks.contestant.DataSketchesBloomContestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.FastFilterContestant;
import org.bloomery.benchmarks.contestant.GuavaBloomContestant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.SegmentedRotationContestant;
import org.bloomery.counting.CountingProvider;
import org.bloomery.cuckoo.CuckooProvider;
import org.bloomery.fuse.FuseProvider;
import org.bloomery.ribbon.RibbonProvider;
import org.bloomery.scalable.ScalableProvider;

/**
 * Who can take part: the Bloomery kinds that ServiceLoader finds now, the peers, and the kinds the
 * project ships, so that a kind that is not on the class path is reported as missing.
 */
public final class Lineup {
    /** The kinds the Bloomery project ships. */
    public static final List<String> PROJECT_KINDS = List.of(ClassicProvider.KIND, CountingProvider.KIND,
            ScalableProvider.KIND, CuckooProvider.KIND, FuseProvider.KIND, RibbonProvider.KIND, AgingProvider.KIND);
    /** The option that selects a Bloom-family kind's layout. */
    private static final String LAYOUT = "layout";
    /**
     * The layouts besides the standard one that run as entrants of their own, named by suffix: {@code
     * classic-blocked}, {@code classic-sectored}.
     */
    private static final List<String> LAYOUTS = List.of("blocked", "sectored");
    /**
     * The layout whose one-writer form ({@code writers=single}) also runs, as {@code
     * classic-sectored-single}: the add that compares with a peer whose adds are not thread-safe.
     */
    private static final String ONE_WRITER_LAYOUT = "sectored";
    /** The option that selects a Bloom-family kind's writers. */
    private static final String WRITERS = "writers";
    /** The fpp of the one-item filter that checks a provider works. */
    private static final double SMOKE_FPP = 0.5;

    private Lineup() {
    }

    /**
     * The peers, in report order.
     *
     * @return {@code guava}, {@code commons-simple}, {@code commons-counting}, {@code cuckoofilter4j},
     *     {@code datasketches} and the FastFilter_java filters (its blocked Bloom filter at the target's
     *     bits per key and at one bit fewer) (its static xor and fuse filters last)
     */
    public static List<Entrant> peers() {
        return List.of(GuavaBloomContestant.entrant(), CommonsSimpleBloomContestant.entrant(),
                CommonsCountingBloomContestant.entrant(), CuckooFilter4jContestant.entrant(),
                DataSketchesBloomContestant.entrant(), FastFilterContestant.blockedBloom(),
                FastFilterContestant.blockedBloomOneBitLess(),
                FastFilterContestant.countingBloom(), FastFilterContestant.succinctCountingBlockedBloom(),
                FastFilterContestant.cuckoo8(), FastFilterContestant.cuckoo16(), FastFilterContestant.xor8(),
                FastFilterContestant.xorFuse8(), FastFilterContestant.xor16());
    }

    /**
     * The baselines of kind {@code aging} in the window workload, in report order.
     *
     * @return {@code commons-layered} (Commons' {@code LayeredBloomFilter}) and {@code
     *     segmented-rotation} (five classic filters rotated by hand)
     */
    public static List<Entrant> windowPeers() {
        return List.of(CommonsLayeredBloomContestant.entrant(), SegmentedRotationContestant.entrant());
    }

    /**
     * The providers found, sorted by kind.
     *
     * @return the providers
     */
    public static List<FilterProvider> providers() {
        return Filters.providers();
    }

    /**
     * The kinds found and usable, and the ones that failed.
     *
     * @param entrants one entrant per usable kind, sorted by kind
     * @param failures one line per kind whose provider failed (a broken or half-built module), naming it
     */
    public record Kinds(List<Entrant> entrants, List<String> failures) {
        /** Copies the lists. */
        public Kinds {
            entrants = List.copyOf(entrants);
            failures = List.copyOf(failures);
        }
    }

    /**
     * The entrant of every kind found whose provider works (and of its blocked and sectored layouts,
     * and of the sectored layout with {@code writers=single}, for the kinds that have them): each is asked for its capabilities and builds one tiny filter. A provider that
     * fails is listed by name and hides no other kind. The sliding-window kind {@code aging} is left out:
     * the {@code window} workload enters it with its own options. A static kind (without {@link Capability#ADD})
     * takes part only in the {@code static} workload. Kinds
     * with {@link Capability#SHARED} keep their state in a server, so they take part only when
     * given options (their server and name); the {@code redis} command compares them.
     *
     * @param options provider options by kind; a kind without an entry gets none
     * @return the usable kinds and the failures
     * @throws IllegalArgumentException if a kind rejects the options given for it, naming the kind
     */
    public static Kinds kinds(Map<String, Map<String, String>> options) {
        List<Entrant> entrants = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (FilterProvider provider : providers()) {
            String kind = provider.kind();
            if (provider.capabilities().contains(Capability.SHARED) && !options.containsKey(kind)) {
                // A shared kind needs a server and a name: the redis command compares those.
                continue;
            }
            if (kind.equals(AgingProvider.KIND)) {
                // It forgets what it was given a window ago, which every workload but window counts as
                // false negatives: the window workload races it against its own baselines.
                continue;
            }
            Map<String, String> kindOptions = options.getOrDefault(kind, Map.of());
            try {
                Entrant entrant = BloomeryContestant.entrant(provider, kindOptions);
                entrant.create(KeyType.LONG, 1, SMOKE_FPP);
                entrants.add(entrant);
                for (String layout : LAYOUTS) {
                    layoutEntrant(provider, kindOptions, layout).ifPresent(entrants::add);
                }
                oneWriterEntrant(provider, kindOptions).ifPresent(entrants::add);
            } catch (IllegalArgumentException e) {
                if (!kindOptions.isEmpty()) {
                    throw new IllegalArgumentException("kind '" + kind + "' rejects its options: " + e.getMessage(), e);
                }
                failures.add(kind + ": " + e);
            } catch (RuntimeException | LinkageError e) {
                failures.add(kind + ": " + e);
            }
        }
        failures.addAll(Filters.loadFailures());
        return new Kinds(entrants, failures);
    }

    /**
     * A kind's layout as an entrant of its own ({@code classic-blocked}), when the kind takes the
     * option {@code layout=<layout>} and the options given for it do not choose a layout already. A
     * kind without that layout rejects the option when it builds a filter; that is how it is told
     * apart.
     */
    private static Optional<Entrant> layoutEntrant(FilterProvider provider, Map<String, String> options,
            String layout) {
        if (options.containsKey(LAYOUT)) {
            return Optional.empty();
        }
        return variant(provider, provider.kind() + "-" + layout, options, Map.of(LAYOUT, layout));
    }

    /**
     * A kind's {@value #ONE_WRITER_LAYOUT} layout with one writer ({@code classic-sectored-single}), when
     * the kind takes both options and the options given for it choose neither.
     */
    private static Optional<Entrant> oneWriterEntrant(FilterProvider provider, Map<String, String> options) {
        if (options.containsKey(LAYOUT) || options.containsKey(WRITERS)) {
            return Optional.empty();
        }
        return variant(provider, provider.kind() + "-" + ONE_WRITER_LAYOUT + "-single", options,
                Map.of(LAYOUT, ONE_WRITER_LAYOUT, WRITERS, "single"));
    }

    /** The kind with more options, under its own name; empty when the kind rejects them. */
    private static Optional<Entrant> variant(FilterProvider provider, String name, Map<String, String> options,
            Map<String, String> more) {
        Map<String, String> all = new TreeMap<>(options);
        all.putAll(more);
        try {
            Entrant entrant = BloomeryContestant.entrant(provider, name, all);
            entrant.create(KeyType.LONG, 1, SMOKE_FPP);
            return Optional.of(entrant);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The project's kinds that ServiceLoader does not find.
     *
     * @return the kinds, in project order
     */
    public static List<String> missingKinds() {
        List<String> found = Filters.kinds();
        return PROJECT_KINDS.stream().filter(k -> !found.contains(k)).toList();
    }

    /**
     * Every contestant name: the kinds found and the peers, for the JMH suite.
     *
     * @return the entrants, kinds first
     */
    public static List<Entrant> everyFilter() {
        List<Entrant> all = new ArrayList<>(kinds(Map.of()).entrants());
        all.addAll(peers());
        return all;
    }
}
