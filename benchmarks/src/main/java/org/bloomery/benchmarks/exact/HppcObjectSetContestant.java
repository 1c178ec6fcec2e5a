package org.bloomery.benchmarks.exact;

import com.carrotsearch.hppc.ObjectHashSet;
import java.util.OptionalLong;
import org.bloomery.benchmarks.contestant.Contestant;

/**
 * HPPC's {@code ObjectHashSet<String>}, pre-sized for n; its size is its public {@code keys} array's
 * length × the JVM's reference size. The strings themselves belong to the caller and are not counted.
 */
final class HppcObjectSetContestant implements Contestant {
    private final ObjectHashSet<String> set;

    HppcObjectSetContestant(long n) {
        set = new ObjectHashSet<>(ExactSets.intCapacity(n));
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
        return OptionalLong.of((long) set.keys.length * ReferenceSize.bits());
    }
}
