package org.bloomery.benchmarks.exact;

import it.unimi.dsi.fastutil.objects.ObjectOpenHashSet;
import java.util.OptionalLong;
import org.bloomery.benchmarks.contestant.Contestant;

/**
 * fastutil's {@code ObjectOpenHashSet<String>}, pre-sized for n; its size is its key table's length ×
 * the JVM's reference size. The strings themselves belong to the caller and are not counted.
 */
final class FastutilObjectSetContestant implements Contestant {
    private final TableObjectOpenHashSet<String> set;

    FastutilObjectSetContestant(long n) {
        set = new TableObjectOpenHashSet<>(ExactSets.intCapacity(n));
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
        return OptionalLong.of((long) set.tableLength() * ReferenceSize.bits());
    }

    /**
     * Reads the length of the protected key table, which fastutil leaves to subclasses. Generic, so
     * that reading the erased {@code Object[]} table needs no cast to {@code String[]}.
     */
    private static final class TableObjectOpenHashSet<K> extends ObjectOpenHashSet<K> {
        private static final long serialVersionUID = 1L;

        TableObjectOpenHashSet(int expected) {
            super(expected);
        }

        int tableLength() {
            return key.length;
        }
    }
}
