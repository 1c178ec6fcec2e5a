package org.bloomery.benchmarks.contestant;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.aging.AgingProvider;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;

/**
 * A Bloomery kind, driven through the hash-level methods of {@link MembershipFilter} with the
 * allocation-free {@link KeyHasher#hashLong} and {@link KeyHasher#hashString}; a batch query hashes
 * its keys and asks {@link MembershipFilter#mightContainHashes} once. Driven by one thread at a time.
 */
public final class BloomeryContestant implements Contestant {
    private final MembershipFilter<?> filter;
    /** A batch's hashes and answers, reused: a contestant is driven by one thread. */
    private final long[] batchHashes = new long[BATCH];
    private final boolean[] batchAnswers = new boolean[BATCH];

    private BloomeryContestant(MembershipFilter<?> filter) {
        this.filter = filter;
    }

    /**
     * The entrant for one kind found by {@link Filters}.
     *
     * @param provider the kind's provider
     * @param options provider options applied to every filter built (validated by the provider)
     * @return the entrant, named after the kind, in the family of the same name
     */
    public static Entrant entrant(FilterProvider provider, Map<String, String> options) {
        return entrant(provider, provider.kind(), options);
    }

    /**
     * An entrant for one kind with given options under its own name, e.g. the kind's blocked layout
     * as {@code "classic-blocked"}, in the kind's family.
     *
     * @param provider the kind's provider
     * @param name the entrant's name in reports and on the command line
     * @param options provider options applied to every filter built (validated by the provider)
     * @return the entrant
     * @throws IllegalArgumentException if the kind rejects the options
     */
    public static Entrant entrant(FilterProvider provider, String name, Map<String, String> options) {
        String kind = provider.kind();
        // What the filters built with these options do, not all the kind can do with some options.
        Set<Ability> abilities = abilities(
                Filters.create(kind, spec(1, 0.01, options), KeyHasher.longs()).capabilities());
        String description = "Bloomery '" + kind + "' (" + provider.getClass().getName() + ")"
                + (options.isEmpty() ? "" : ", options " + options);
        return new Entrant(name, kind, Side.BLOOMERY, abilities, true, description, (keyType, n, fpp) ->
                new BloomeryContestant(Filters.create(kind, spec(n, fpp, options), hasher(keyType))),
                Optional.of(SetBuilder.sized((keyType, keys, fpp) -> built(kind, keyType, keys, fpp, options))));
    }

    /**
     * The entrant of kind {@code aging} for the window workload: a window of n adds (the expected
     * insertions each filter is built for) in the kind's default four generations, so its slack is a
     * quarter of the window.
     *
     * @return the entrant {@code aging}, in its own family
     */
    public static Entrant windowEntrant() {
        String kind = AgingProvider.KIND;
        return new Entrant(kind, kind, Side.BLOOMERY, Set.of(Ability.WINDOW, Ability.CONCURRENT), true,
                "Bloomery '" + kind + "' (" + AgingProvider.class.getName() + "), option window = n",
                (keyType, n, fpp) -> new BloomeryContestant(Filters.create(kind,
                        FilterSpec.of(n, fpp).withOption("window", Long.toString(n)), hasher(keyType))));
    }

    private static KeyHasher<?> hasher(KeyType keyType) {
        return keyType == KeyType.STRING ? KeyHasher.strings() : KeyHasher.longs();
    }

    /**
     * The kind built from the whole set through the SPI's build path, {@link Filters#buildFromHashes}:
     * a string key's long is already its item hash, a long key is hashed here (in the array, which
     * the builder owns), as {@link #add(long)} would.
     */
    private static BloomeryContestant built(String kind, KeyType keyType, long[] keys, double fpp,
                                            Map<String, String> options) {
        if (keyType == KeyType.LONG) {
            for (int i = 0; i < keys.length; i++) {
                keys[i] = KeyHasher.hashLong(keys[i]);
            }
        }
        FilterSpec spec = spec(Math.max(1, keys.length), fpp, options);
        return new BloomeryContestant(Filters.buildFromHashes(kind, spec, hasher(keyType), keys));
    }

    private static FilterSpec spec(long n, double fpp, Map<String, String> options) {
        FilterSpec spec = FilterSpec.of(n, fpp);
        for (Map.Entry<String, String> option : options.entrySet()) {
            spec = spec.withOption(option.getKey(), option.getValue());
        }
        return spec;
    }

    /**
     * The ability named like each capability, for the capabilities that have one (MERGE has none), and
     * {@link Ability#STATIC} for a kind without {@link Capability#ADD}.
     */
    static Set<Ability> abilities(Set<Capability> capabilities) {
        Set<Ability> abilities = EnumSet.noneOf(Ability.class);
        for (Ability ability : Ability.values()) {
            if (capabilities.stream().anyMatch(c -> c.name().equals(ability.name()))) {
                abilities.add(ability);
            }
        }
        if (!capabilities.contains(Capability.ADD)) {
            abilities.add(Ability.STATIC);
        }
        return abilities;
    }

    @Override
    public boolean add(long key) {
        return addHash(KeyHasher.hashLong(key));
    }

    @Override
    public boolean mightContain(long key) {
        return filter.mightContainHash(KeyHasher.hashLong(key));
    }

    @Override
    public long countContained(long[] keys, int from, int to) {
        for (int i = from; i < to; i++) {
            batchHashes[i - from] = KeyHasher.hashLong(keys[i]);
        }
        return countBatch(to - from);
    }

    @Override
    public long countContained(String[] keys, int from, int to) {
        for (int i = from; i < to; i++) {
            batchHashes[i - from] = KeyHasher.hashString(keys[i]);
        }
        return countBatch(to - from);
    }

    /** Asks the first {@code count} hashes of the batch at once; how many might be present. */
    private long countBatch(int count) {
        filter.mightContainHashes(batchHashes, 0, count, batchAnswers);
        long found = 0;
        for (int i = 0; i < count; i++) {
            found += batchAnswers[i] ? 1 : 0;
        }
        return found;
    }

    @Override
    public boolean remove(long key) {
        return filter.removeHash(KeyHasher.hashLong(key));
    }

    @Override
    public boolean add(String key) {
        return addHash(KeyHasher.hashString(key));
    }

    @Override
    public boolean mightContain(String key) {
        return filter.mightContainHash(KeyHasher.hashString(key));
    }

    @Override
    public boolean remove(String key) {
        return filter.removeHash(KeyHasher.hashString(key));
    }

    // A refused key shows up as a false negative in the workloads, which is where it belongs.
    private boolean addHash(long hash) {
        try {
            return filter.addHash(hash);
        } catch (FilterFullException e) {
            return false;
        }
    }

    @Override
    public OptionalLong bitSize() {
        return OptionalLong.of(filter.bitSize());
    }

    /**
     * Reads the layer count from the kind's public {@code info()} record when it has one (the
     * scalable kind's {@code ScalableInfo.layers()}). Reflection on that public method is how compare
     * reads it without importing a kind's classes, which it finds through ServiceLoader only.
     */
    @Override
    public OptionalInt layers() {
        try {
            Method info = filter.getClass().getMethod("info");
            Object record = info.invoke(filter);
            Object layers = record.getClass().getMethod("layers").invoke(record);
            if (layers instanceof Integer count) {
                return OptionalInt.of(count);
            }
            if (layers instanceof java.util.Collection<?> list) {
                return OptionalInt.of(list.size());
            }
            return OptionalInt.empty();
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            return OptionalInt.empty();
        }
    }
}
