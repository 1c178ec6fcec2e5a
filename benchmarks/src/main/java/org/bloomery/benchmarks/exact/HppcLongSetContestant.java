package org.bloomery.benchmarks.exact;

import com.carrotsearch.hppc.LongHashSet;
import java.util.OptionalLong;
import org.bloomery.benchmarks.contestant.Contestant;

/** HPPC's {@code LongHashSet}, pre-sized for n; its size is its public {@code keys} array's length × 64 bits. */
final class HppcLongSetContestant implements Contestant {
    private final LongHashSet set;

    HppcLongSetContestant(long n) {
        set = new LongHashSet(ExactSets.intCapacity(n));
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
    public OptionalLong bitSize() {
        return OptionalLong.of((long) set.keys.length * Long.SIZE);
    }
}
