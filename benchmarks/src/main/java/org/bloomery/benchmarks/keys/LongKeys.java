package org.bloomery.benchmarks.keys;

import java.util.Arrays;
import java.util.Objects;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.KeyType;

/** Long keys. */
final class LongKeys implements Keys {
    private final long[] keys;

    LongKeys(long[] keys) {
        this.keys = keys;
    }

    @Override
    public KeyType type() {
        return KeyType.LONG;
    }

    @Override
    public int size() {
        return keys.length;
    }

    @Override
    public void addTo(Contestant contestant, int from, int to) {
        Objects.checkFromToIndex(from, to, keys.length);
        for (int i = from; i < to; i++) {
            contestant.add(keys[i]);
        }
    }

    @Override
    public long countContained(Contestant contestant, int from, int to) {
        Objects.checkFromToIndex(from, to, keys.length);
        long found = 0;
        for (int i = from; i < to; i++) {
            if (contestant.mightContain(keys[i])) {
                found++;
            }
        }
        return found;
    }

    @Override
    public long countContainedInBatches(Contestant contestant, int from, int to) {
        Objects.checkFromToIndex(from, to, keys.length);
        long found = 0;
        for (int start = from; start < to; start += Contestant.BATCH) {
            found += contestant.countContained(keys, start, Math.min(to, start + Contestant.BATCH));
        }
        return found;
    }

    @Override
    public long[] longs(int from, int to) {
        Objects.checkFromToIndex(from, to, keys.length);
        return Arrays.copyOfRange(keys, from, to);
    }

    @Override
    public long removeFrom(Contestant contestant, int from, int to) {
        Objects.checkFromToIndex(from, to, keys.length);
        long failed = 0;
        for (int i = from; i < to; i++) {
            if (!contestant.remove(keys[i])) {
                failed++;
            }
        }
        return failed;
    }
}
