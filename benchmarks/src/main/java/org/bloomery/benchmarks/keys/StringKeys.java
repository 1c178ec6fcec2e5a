package org.bloomery.benchmarks.keys;

import java.util.Objects;
import org.bloomery.api.KeyHasher;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.KeyType;

/** String keys. */
final class StringKeys implements Keys {
    private final String[] keys;

    StringKeys(String[] keys) {
        this.keys = keys;
    }

    @Override
    public KeyType type() {
        return KeyType.STRING;
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
        long[] hashes = new long[to - from];
        for (int i = from; i < to; i++) {
            hashes[i - from] = KeyHasher.hashString(keys[i]);
        }
        return hashes;
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
