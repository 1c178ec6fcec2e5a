package org.bloomery.benchmarks.exact;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.OptionalLong;
import org.bloomery.benchmarks.contestant.Contestant;

/** fastutil's {@code LongOpenHashSet}, pre-sized for n; its size is its key table's length × 64 bits. */
final class FastutilLongSetContestant implements Contestant {
    private final TableLongOpenHashSet set;

    FastutilLongSetContestant(long n) {
        set = new TableLongOpenHashSet(ExactSets.intCapacity(n));
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
        return OptionalLong.of((long) set.tableLength() * Long.SIZE);
    }

    /** Reads the length of the protected key table, which fastutil leaves to subclasses. */
    private static final class TableLongOpenHashSet extends LongOpenHashSet {
        private static final long serialVersionUID = 1L;

        TableLongOpenHashSet(int expected) {
            super(expected);
        }

        int tableLength() {
            return key.length;
        }
    }
}
