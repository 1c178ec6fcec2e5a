package org.bloomery.benchmarks.exact;

import java.util.List;
import java.util.Set;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.LibraryVersions;
import org.bloomery.benchmarks.contestant.Side;

/** The exact sets of the {@code exact} workload. */
public final class ExactSets {
    private ExactSets() {
    }

    /**
     * The exact-set entrants, in report order: {@code hashset}, {@code fastutil}, {@code hppc}.
     *
     * @return an immutable list
     */
    public static List<Entrant> entrants() {
        return List.of(
                JdkHashSetContestant.entrant(),
                new Entrant("fastutil", "exact", Side.EXACT, Set.of(Ability.REMOVE), true,
                        "fastutil " + LibraryVersions.of("fastutil")
                                + " LongOpenHashSet / ObjectOpenHashSet<String> (table length × element size)",
                        (keyType, n, fpp) -> keyType == KeyType.LONG
                                ? new FastutilLongSetContestant(n)
                                : new FastutilObjectSetContestant(n)),
                new Entrant("hppc", "exact", Side.EXACT, Set.of(Ability.REMOVE), true,
                        "HPPC " + LibraryVersions.of("hppc") + " LongHashSet / ObjectHashSet<String> (keys.length × element size)",
                        (keyType, n, fpp) -> keyType == KeyType.LONG
                                ? new HppcLongSetContestant(n)
                                : new HppcObjectSetContestant(n)));
    }

    /**
     * The expected size as the int these libraries take.
     *
     * @param n expected insertions
     * @return {@code n} as an int
     * @throws IllegalArgumentException if {@code n} exceeds {@link Integer#MAX_VALUE}
     */
    static int intCapacity(long n) {
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("exact sets hold at most " + Integer.MAX_VALUE + " keys, got " + n);
        }
        return (int) n;
    }
}
