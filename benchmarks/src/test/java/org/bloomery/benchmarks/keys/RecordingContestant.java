package org.bloomery.benchmarks.keys;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.bloomery.benchmarks.contestant.Contestant;

/** A contestant that records the keys it is given, to check which keys the loops pass on. */
final class RecordingContestant implements Contestant {
    final List<Long> longs = new ArrayList<>();
    final List<String> strings = new ArrayList<>();

    @Override
    public boolean add(long key) {
        return longs.add(key);
    }

    @Override
    public boolean add(String key) {
        return strings.add(key);
    }

    @Override
    public OptionalLong bitSize() {
        return OptionalLong.empty();
    }
}
