package org.bloomery.benchmarks.contestant;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A named contestant type: what it is, what it can do, and how to build a fresh, empty instance.
 *
 * @param name unique name used on the command line and in reports, e.g. {@code "classic"} or
 *     {@code "guava"}
 * @param family the Bloomery kind it compares with ({@code classic}, {@code counting},
 *     {@code scalable}, {@code cuckoo}), or {@code exact} for exact sets
 * @param side where it comes from
 * @param abilities what it can do beyond add and query
 * @param reproducible true if the same keys always give the same answers; false for a library that
 *     salts its hash at random, so that its measured figures vary from run to run
 * @param description one line naming the library, version and class(es)
 * @param factory builds an empty instance ({@link Ability#STATIC} ones cannot: theirs throws)
 * @param builder builds an instance from a whole set, for the {@code static} workload; empty for a
 *     contestant that does not take part in it
 */
public record Entrant(String name, String family, Side side, Set<Ability> abilities, boolean reproducible,
                      String description, Factory factory, Optional<SetBuilder> builder) {

    /** Builds an empty contestant. */
    @FunctionalInterface
    public interface Factory {
        /**
         * Builds an empty contestant.
         *
         * @param keyType the keys it will receive
         * @param expectedInsertions the number of keys it is sized for, at least 1
         * @param fpp the target false-positive probability, in (0, 1); ignored by exact sets
         * @return the contestant
         */
        Contestant create(KeyType keyType, long expectedInsertions, double fpp);
    }

    /** Copies the abilities and checks that nothing is missing. */
    public Entrant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(side, "side");
        abilities = Set.copyOf(abilities);
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(builder, "builder");
    }

    /**
     * An entrant that is not built from a whole set (it takes no part in the {@code static} workload).
     *
     * @param name as the record's
     * @param family as the record's
     * @param side as the record's
     * @param abilities as the record's
     * @param reproducible as the record's
     * @param description as the record's
     * @param factory as the record's
     */
    public Entrant(String name, String family, Side side, Set<Ability> abilities, boolean reproducible,
                   String description, Factory factory) {
        this(name, family, side, abilities, reproducible, description, factory, Optional.empty());
    }

    /**
     * Whether this is another configuration of a Bloomery kind rather than the kind itself, such as
     * {@code classic-blocked} (the classic kind's blocked layout): its name differs from its family.
     *
     * @return true for a Bloomery entrant not named like its family
     */
    public boolean layoutVariant() {
        return side == Side.BLOOMERY && !name.equals(family);
    }

    /**
     * Whether this contestant has an ability.
     *
     * @param ability the ability
     * @return true if it has it
     */
    public boolean can(Ability ability) {
        return abilities.contains(ability);
    }

    /**
     * Builds an empty contestant.
     *
     * @param keyType the keys it will receive
     * @param expectedInsertions the number of keys it is sized for, at least 1
     * @param fpp the target false-positive probability
     * @return the contestant
     */
    public Contestant create(KeyType keyType, long expectedInsertions, double fpp) {
        return factory.create(keyType, expectedInsertions, fpp);
    }
}
