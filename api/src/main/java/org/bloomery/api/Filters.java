package org.bloomery.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.MappedBody;
import org.bloomery.api.internal.PlainNumbers;

/**
 * The entry point: finds filter kinds through {@link java.util.ServiceLoader} (using the thread's
 * context class loader, on the module path and the class path alike) and builds or reads filters by
 * kind name. It knows no implementation. A provider that fails to load is logged with its name and
 * listed by {@link #loadFailures()}; it hides no other provider.
 */
public final class Filters {
    /**
     * The fewest keys {@link #buildFromLongs} hashes in parallel: below it a fork and join costs
     * more than the hashing (a few nanoseconds per key).
     */
    public static final int PARALLEL_MIN_KEYS = LongKeyHashes.PARALLEL_MIN_KEYS;
    /** The spec {@link #choose(Set)} ranks at: 1% (and {@value #CHOICE_PROBE_ITEMS} keys). */
    public static final FilterSpec CHOICE_SPEC = FilterSpec.of(Filters.CHOICE_PROBE_ITEMS, 0.01);
    /** The most keys {@link #choose(Set, FilterSpec)} builds each kind from to measure it. */
    public static final int CHOICE_PROBE_ITEMS = 10_000;
    private static final long CHOICE_PROBE_SEED = 0x63686F6F7365L;
    /** Property naming the kind, for {@link #fromProperties}. */
    public static final String KIND_PROPERTY = "bloomery.kind";
    /** Property holding the expected insertions, for {@link #fromProperties}. */
    public static final String EXPECTED_INSERTIONS_PROPERTY = "bloomery.expectedInsertions";
    /** Property holding the target false-positive probability, for {@link #fromProperties}. */
    public static final String FPP_PROPERTY = "bloomery.fpp";
    /** Prefix of properties passed to the provider as options, for {@link #fromProperties}. */
    public static final String OPTION_PREFIX = "bloomery.option.";

    private Filters() {
    }

    /**
     * Builds an empty filter of the named kind.
     *
     * @param kind a kind listed by {@link #kinds()}
     * @param spec expected insertions, target fpp and provider options
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return a new filter
     * @throws IllegalArgumentException if no provider has that kind (the message lists the kinds
     *     available) or the provider rejects the spec
     */
    public static <T> MembershipFilter<T> create(String kind, FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        return require(kind).create(spec, hasher);
    }

    /**
     * Builds a finished filter of the named kind holding every item of a set: the way to make a
     * static kind (one without {@link Capability#ADD}), and for a dynamic kind the same as {@link
     * #create} followed by an add of each item. Duplicates are handled as {@link
     * FilterProvider#build} says: a static kind keeps each distinct item once.
     *
     * @param kind a kind listed by {@link #kinds()}
     * @param spec expected insertions, target fpp and provider options
     * @param hasher maps items to hashes
     * @param items the set; iterated once, no element may be null
     * @param <T> the item type
     * @return the filter, answering true for every item
     * @throws IllegalArgumentException as {@link #create}, or when the kind cannot build the set
     *     within its limits or the heap (the message names the limit)
     * @throws NullPointerException if an item is null
     */
    public static <T> MembershipFilter<T> build(String kind, FilterSpec spec, KeyHasher<? super T> hasher,
            Iterable<? extends T> items) {
        Objects.requireNonNull(items, "items");
        return build(kind, spec, hasher, StreamSupport.stream(items.spliterator(), false));
    }

    /**
     * {@link #build(String, FilterSpec, KeyHasher, Iterable)} for the items of a stream.
     *
     * @param kind a kind listed by {@link #kinds()}
     * @param spec expected insertions, target fpp and provider options
     * @param hasher maps items to hashes
     * @param items the set; consumed, in encounter order; no element may be null. A parallel stream
     *     stays parallel: its items are hashed in parallel, and a kind that builds in bulk (the
     *     Bloom kinds {@code classic} and {@code counting}) holds their hashes for the build; other
     *     kinds consume it sequentially
     * @param <T> the item type
     * @return the filter, answering true for every item
     * @throws IllegalArgumentException as {@link #build(String, FilterSpec, KeyHasher, Iterable)}
     * @throws NullPointerException if an item is null
     */
    public static <T> MembershipFilter<T> build(String kind, FilterSpec spec, KeyHasher<? super T> hasher,
            Stream<? extends T> items) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        Objects.requireNonNull(items, "items");
        FilterProvider provider = require(kind);
        return provider.build(spec, hasher, items.mapToLong(item -> hasher.hash(nonNull(item))));
    }

    /**
     * Builds a filter from {@code hasher.hash(item)} values, not from the items themselves: passing
     * raw keys (a {@code long[]} of ids) compiles and runs, but the filter then holds the keys as
     * if they were hashes, and nearly every {@code mightContain(key)} answers false. For
     * {@code long} keys use {@link #buildFromLongs}, which hashes them; otherwise the same as
     * {@link #build(String, FilterSpec, KeyHasher, Iterable)} for items whose hashes are already
     * known.
     *
     * @param kind a kind listed by {@link #kinds()}
     * @param spec expected insertions, target fpp and provider options
     * @param hasher the hasher that produced the hashes, kept by the filter for later queries
     * @param hashes {@code hasher.hash(item)} of every item; the array is not changed
     * @param <T> the item type
     * @return the filter, answering true for every item
     * @throws IllegalArgumentException as {@link #build(String, FilterSpec, KeyHasher, Iterable)}
     */
    public static <T> MembershipFilter<T> buildFromHashes(String kind, FilterSpec spec, KeyHasher<? super T> hasher,
            long[] hashes) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        Objects.requireNonNull(hashes, "hashes");
        return require(kind).buildFromHashes(spec, hasher, hashes);
    }

    /**
     * Builds a filter of {@code long} keys in bulk: hashes every key with {@link KeyHasher#longs()}
     * (in parallel, on the fork/join pool the caller runs in or the common pool, once there are
     * {@value #PARALLEL_MIN_KEYS} keys or more) into an array of its own, then builds as {@link
     * #buildFromHashes} does. The filter answers {@code mightContain(key)} and {@link
     * MembershipFilter#mightContainLong} for those keys, and equals the one {@link
     * #build(String, FilterSpec, KeyHasher, Iterable)} makes from the same keys.
     *
     * @param kind a kind listed by {@link #kinds()}
     * @param spec expected insertions, target fpp and provider options
     * @param keys the keys; the array is not changed
     * @return the filter, answering true for every key
     * @throws IllegalArgumentException as {@link #build(String, FilterSpec, KeyHasher, Iterable)},
     *     or when the heap cannot hold the keys' hashes (8 bytes each)
     */
    public static MembershipFilter<Long> buildFromLongs(String kind, FilterSpec spec, long[] keys) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(keys, "keys");
        FilterProvider provider = require(kind);
        return provider.buildFromHashes(spec, KeyHasher.longs(), LongKeyHashes.of(keys));
    }

    /**
     * A collector that builds a filter of the named kind from the stream's elements, as {@link
     * #build(String, FilterSpec, KeyHasher, Iterable)} does. It keeps the elements' hashes (8 bytes
     * each) until the stream ends and builds then, in encounter order, so a parallel stream gives
     * the same filter as a sequential one.
     *
     * @param kind a kind listed by {@link #kinds()}; checked when the collector is made
     * @param spec expected insertions, target fpp and provider options
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return the collector
     * @throws IllegalArgumentException if no provider has that kind
     */
    public static <T> Collector<T, ?, MembershipFilter<T>> toFilter(String kind, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        FilterProvider provider = require(kind);
        Function<HashBuffer, MembershipFilter<T>> finish = buffer -> provider.build(spec, hasher, buffer.stream());
        return Collector.of(
                HashBuffer::new,
                (buffer, item) -> buffer.add(hasher.hash(nonNull(item))),
                HashBuffer::append,
                finish);
    }

    /**
     * The names of every kind found, sorted.
     *
     * @return an immutable sorted list
     */
    public static List<String> kinds() {
        return providers().stream().map(FilterProvider::kind).collect(Collectors.toUnmodifiableList());
    }

    /**
     * Every provider found, sorted by kind.
     *
     * @return an immutable list
     */
    public static List<FilterProvider> providers() {
        return ProviderRegistry.load().providers();
    }

    /**
     * The provider of one kind.
     *
     * @param kind the kind's name
     * @return the provider, or empty when none is found
     */
    public static Optional<FilterProvider> provider(String kind) {
        Objects.requireNonNull(kind, "kind");
        return providers().stream().filter(p -> p.kind().equals(kind)).findFirst();
    }

    /**
     * The providers whose kinds can have every required capability, the smallest first: ranked by
     * the fewest bits per item at 1% ({@link #choose(Set, FilterSpec)} at {@link #CHOICE_SPEC}), so
     * {@code choose(EnumSet.of(REMOVE)).get(0)} is {@code cuckoo} (about 10.6 bits per item), not
     * {@code counting} (about 38). A kind is chosen when some of its filters have them all ({@link
     * FilterProvider#capabilities()}); the kind's options may be needed to switch them on (its
     * description says which), and the built filter's {@link MembershipFilter#capabilities()} says
     * what it does.
     *
     * <p>A {@link Capability#SHARED} kind is chosen only when {@code required} holds {@code
     * SHARED}: such a kind cannot be created without connection options, so a caller who did not
     * ask for shared state never gets one. {@code choose(EnumSet.of(REMOVE))} lists only in-process
     * kinds, and {@code choose(EnumSet.of(REMOVE, SHARED))} only shared ones.
     *
     * @param required capabilities the caller needs; empty matches every in-process provider
     * @return an immutable list, empty when no kind qualifies
     */
    public static List<FilterProvider> choose(Set<Capability> required) {
        return choose(required, CHOICE_SPEC);
    }

    /**
     * The providers whose kinds can have every required capability, as {@link #choose(Set)}, ranked
     * by the fewest bits per item at the spec's fpp and options: each kind builds a filter of
     * {@code min(n, }{@value #CHOICE_PROBE_ITEMS}{@code )} distinct keys at that spec, and its
     * {@link MembershipFilter#bitSize()} over the keys is the kind's figure. Ties, kinds that cannot
     * build at the spec, and the shared kinds (never built here: a build would write to a server)
     * follow in kind order; kinds that forget items after a window ({@link Capability#WINDOW}) come
     * last unless that capability is required.
     *
     * @param required capabilities the caller needs; empty matches every in-process provider
     * @param spec the fpp and options to rank at (its expected insertions, capped as said, too)
     * @return an immutable list, empty when no kind qualifies
     */
    public static List<FilterProvider> choose(Set<Capability> required, FilterSpec spec) {
        Objects.requireNonNull(spec, "spec");
        return choose(providers(), required, spec);
    }

    /** {@link #choose(Set, FilterSpec)} among the given providers, ties in their order. */
    static List<FilterProvider> choose(List<FilterProvider> providers, Set<Capability> required, FilterSpec spec) {
        Set<Capability> needed = required.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(required);
        boolean shared = needed.contains(Capability.SHARED);
        List<FilterProvider> chosen = providers.stream()
                .filter(p -> p.capabilities().containsAll(needed))
                .filter(p -> shared || !p.capabilities().contains(Capability.SHARED))
                .collect(Collectors.toList());
        if (chosen.size() < 2) {
            return List.copyOf(chosen);
        }
        FilterSpec probe = new FilterSpec(Math.max(1, Math.min(spec.expectedInsertions(), CHOICE_PROBE_ITEMS)),
                spec.fpp(), spec.options());
        long[] hashes = new SplittableRandom(CHOICE_PROBE_SEED).longs(probe.expectedInsertions()).toArray();
        Map<FilterProvider, Double> bits = new IdentityHashMap<>();
        for (FilterProvider provider : chosen) {
            bits.put(provider, bitsPerItem(provider, probe, hashes));
        }
        // List.sort is stable: equal figures (and unmeasured kinds, at +infinity) keep the given order.
        // A kind that forgets (WINDOW) goes last unless forgetting was asked for: it is no set.
        boolean window = needed.contains(Capability.WINDOW);
        chosen.sort(Comparator.comparing((FilterProvider p) -> !window && p.capabilities().contains(Capability.WINDOW))
                .thenComparingDouble(bits::get));
        return List.copyOf(chosen);
    }

    /**
     * A kind's bits per item on a filter built from the hashes; +infinity for a shared kind (a
     * build would write to its server) or one that cannot build at the spec.
     */
    private static double bitsPerItem(FilterProvider provider, FilterSpec probe, long[] hashes) {
        if (provider.capabilities().contains(Capability.SHARED)) {
            return Double.POSITIVE_INFINITY;
        }
        try (MembershipFilter<Long> filter = provider.buildFromHashes(probe, KeyHasher.longs(), hashes)) {
            return (double) filter.bitSize() / hashes.length;
        } catch (RuntimeException e) {
            return Double.POSITIVE_INFINITY;
        }
    }

    /**
     * Builds a filter from configuration: {@value #KIND_PROPERTY}, {@value #EXPECTED_INSERTIONS_PROPERTY}
     * and {@value #FPP_PROPERTY} are required; every {@value #OPTION_PREFIX}{@code <key>} becomes
     * the provider option {@code <key>}. Other properties are ignored.
     *
     * @param properties the configuration
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return a new filter
     * @throws IllegalArgumentException if a required property is missing or malformed, naming it
     */
    public static <T> MembershipFilter<T> fromProperties(Properties properties, KeyHasher<? super T> hasher) {
        String kind = required(properties, KIND_PROPERTY).trim();
        String insertions = required(properties, EXPECTED_INSERTIONS_PROPERTY).trim();
        String fpp = required(properties, FPP_PROPERTY).trim();
        long n = PlainNumbers.integer(insertions).orElseThrow(() -> new IllegalArgumentException(
                EXPECTED_INSERTIONS_PROPERTY + " must be a plain decimal integer of at least 1, got '" + insertions + "'"));
        double p = PlainNumbers.decimal(fpp).orElseThrow(() -> new IllegalArgumentException(
                FPP_PROPERTY + " must be a plain decimal number in (0, 1), got '" + fpp + "'"));
        FilterSpec spec = FilterSpec.of(n, p);
        for (String name : new java.util.TreeSet<>(properties.stringPropertyNames())) {
            if (name.startsWith(OPTION_PREFIX)) {
                spec = spec.withOption(name.substring(OPTION_PREFIX.length()), properties.getProperty(name).trim());
            }
        }
        return create(kind, spec, hasher);
    }

    /**
     * Reads a filter written by {@link MembershipFilter#writeTo}: reads the kind from the envelope
     * and hands the stream to that kind's provider. Reads exactly one envelope.
     *
     * @param in the stream; not closed
     * @param hasher the hasher the filter was written with, or another built-in hasher of the same
     *     item type: the filter then keeps the built-in hasher it names ({@link KeyHasher#forReading}),
     *     so it answers as it did when written
     * @param <T> the item type
     * @return the filter
     * @throws InvalidFilterDataException if the data is not a valid filter, its kind has no provider,
     *     or it was written with a hasher {@code hasher} does not resolve to; the message says which
     * @throws IOException if the stream fails
     */
    public static <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(hasher, "hasher");
        Envelope.KindPrefix prefix = Envelope.readKind(in);
        Optional<FilterProvider> provider = provider(prefix.kind());
        if (provider.isEmpty()) {
            throw new InvalidFilterDataException("the data holds a filter of kind '" + prefix.kind()
                    + "', for which no provider is found; kinds available: " + kinds());
        }
        return provider.get().readFrom(prefix.stream(), hasher);
    }

    /**
     * Maps a filter file (written by {@link MembershipFilter#writeTo}, format version 3) read-only
     * into memory and gives a filter that queries it where it lies: nothing of its structure is
     * copied to the heap, so opening takes the same time for any size, and processes that map one
     * file share one copy of its pages. At open the header is read and checked (its checksum, the
     * kind, the hasher, the spec and the sizes), the file's length against the length the header
     * declares, and the table of region checksums against its own checksum; the body is not read
     * unless {@link MapOption#VERIFY} asks ({@link MappedFilter#verify} checks it later).
     *
     * @param file the filter file
     * @param hasher the hasher the filter was written with, or another built-in hasher of the same
     *     item type, as for {@link #readFrom}
     * @param options what to do besides mapping
     * @param <T> the item type
     * @return the mapped filter, read-only; close it when done
     * @throws InvalidFilterDataException if the file is not a valid filter, is truncated or too long,
     *     is of format version 2 (the message says how to rewrite it), was written with another
     *     hasher, or (with {@link MapOption#VERIFY}) a region's checksum does not match
     * @throws UnsupportedOperationException if the file's kind does not map (read it with {@link
     *     #readFrom}); {@code fuse} and {@code ribbon} map
     * @throws IOException if the file cannot be read or mapped
     */
    public static <T> MappedFilter<T> map(Path file, KeyHasher<? super T> hasher, MapOption... options)
            throws IOException {
        Objects.requireNonNull(hasher, "hasher");
        Set<MapOption> chosen = options.length == 0 ? EnumSet.noneOf(MapOption.class) : EnumSet.of(options[0], options);
        MappedBody body = Envelope.map(file);
        Optional<FilterProvider> provider = provider(body.kind());
        if (provider.isEmpty()) {
            throw new InvalidFilterDataException("the file holds a filter of kind '" + body.kind()
                    + "', for which no provider is found; kinds available: " + kinds());
        }
        Optional<? extends KeyHasher<? super T>> reading = KeyHasher.forReading(body.hasherId(), hasher);
        if (reading.isEmpty()) {
            throw new InvalidFilterDataException("the filter was written with hasher '" + body.hasherId()
                    + "' but is read with hasher '" + hasher.id() + "'");
        }
        MembershipFilter<T> filter;
        try {
            filter = provider.get().map(body, reading.get());
        } catch (InvalidFilterDataException | UnsupportedOperationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new InvalidFilterDataException("invalid " + body.kind() + " body: " + e.getMessage(), e);
        }
        MappedFilter<T> mapped = new MappedFilter<>(filter, body);
        if (chosen.contains(MapOption.VERIFY)) {
            mapped.verify();
        }
        return mapped;
    }

    /**
     * Providers that were listed for {@link java.util.ServiceLoader} but could not be loaded, each
     * described with its name and the reason.
     *
     * @return an immutable list, empty when all loaded
     */
    public static List<String> loadFailures() {
        return ProviderRegistry.load().failures();
    }

    private static FilterProvider require(String kind) {
        Objects.requireNonNull(kind, "kind");
        ProviderRegistry registry = ProviderRegistry.load();
        for (FilterProvider p : registry.providers()) {
            if (p.kind().equals(kind)) {
                return p;
            }
        }
        List<String> available = new ArrayList<>();
        registry.providers().forEach(p -> available.add(p.kind()));
        available.sort(Comparator.naturalOrder());
        String failures = registry.failures().isEmpty() ? "" : "; providers that failed to load: " + registry.failures();
        throw new IllegalArgumentException("unknown filter kind '" + kind + "'; kinds available: " + available + failures);
    }

    private static <T> T nonNull(T item) {
        return Objects.requireNonNull(item, "the items to build a filter from may not contain null");
    }

    private static String required(Properties properties, String name) {
        String value = properties.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("property " + name + " is required");
        }
        return value;
    }
}
