package org.bloomery.benchmarks.exact;

import java.util.HashSet;
import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.Side;

/**
 * {@code java.util.HashSet}, pre-sized so it never rehashes. It exposes no size, so the workload
 * measures it as the heap grown by building it (after forced garbage collection): an approximate
 * figure that includes its entry objects and the boxed {@code Long}s it creates.
 */
public final class JdkHashSetContestant implements Contestant {
    /** HashMap's default load factor. */
    private static final float LOAD_FACTOR = 0.75f;

    private final HashSet<Object> set;

    private JdkHashSetContestant(long n) {
        set = new HashSet<>((int) Math.min(Integer.MAX_VALUE, (long) Math.ceil(n / (double) LOAD_FACTOR)));
    }

    /**
     * The entrant {@code hashset}.
     *
     * @return the entrant
     */
    public static Entrant entrant() {
        return new Entrant("hashset", "exact", Side.EXACT, Set.of(Ability.REMOVE), true,
                "java.util.HashSet<Long> / HashSet<String> (JDK " + Runtime.version().feature() + ")",
                (keyType, n, fpp) -> new JdkHashSetContestant(n));
    }

    @Override
    public boolean add(long key) {
        return set.add(key);
    }

    @Override
    public boolean mightContain(long key) {
        return set.contains(key);
    }

    @Override
    public boolean remove(long key) {
        return set.remove(key);
    }

    @Override
    public boolean add(String key) {
        return set.add(key);
    }

    @Override
    public boolean mightContain(String key) {
        return set.contains(key);
    }

    @Override
    public boolean remove(String key) {
        return set.remove(key);
    }

    @Override
    public OptionalLong bitSize() {
        return OptionalLong.empty();
    }
}
