package org.bloomery.counting;

import org.bloomery.bloom.BloomProbes;
import org.bloomery.bloom.ProbeBatch;

/**
 * The standard layout's counters in a {@link NibbleArray}: the k positions of {@link BloomProbes}
 * over the whole array, as the classic kind sets its bits.
 */
final class StandardCounterProbing {
    private StandardCounterProbing() {
    }

    /** {@link CounterProbing#increment(BloomLayout, NibbleArray, long, int)} in this layout. */
    static boolean increment(NibbleArray counters, long hash, int k) {
        long m = counters.size();
        long g = hash;
        long step = BloomProbes.step(hash);
        int fromZero = 0;
        int toMax = 0;
        long[] w = counters.words();
        if (counters.single()) {
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                int before = NibbleArray.incrementAlone(w, NibbleArray.word(index), NibbleArray.slot(index));
                fromZero += before == 0 ? 1 : 0;
                toMax += before == Nibbles.MAX - 1 ? 1 : 0;
            }
        } else {
            // Each compare-and-set is a full fence, so a cache miss taken inside one stalls
            // everything after it: this pass of plain reads takes the k misses side by side
            // instead, and when all k counters are saturated (they never go down) the add changes
            // nothing and is done.
            if (saturated(counters, hash, k)) {
                return false;
            }
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                int before = NibbleArray.incrementShared(w, NibbleArray.word(index), NibbleArray.slot(index));
                fromZero += before == 0 ? 1 : 0;
                toMax += before == Nibbles.MAX - 1 ? 1 : 0;
            }
        }
        counters.count(fromZero, toMax);
        return fromZero != 0;
    }

    /** Whether all k probe counters are at 15; reads all k without stopping early. */
    private static boolean saturated(NibbleArray counters, long hash, int k) {
        long m = counters.size();
        long g = hash;
        long step = BloomProbes.step(hash);
        boolean all = true;
        for (int i = 0; i < k; i++, g += step) {
            all &= counters.get(BloomProbes.position(g, m)) == Nibbles.MAX;
        }
        return all;
    }

    /**
     * A check pass, then a decrement pass: the check leaves the k words in cache, so the second
     * pass costs little more than its writes.
     */
    static boolean remove(NibbleArray counters, long hash, int k) {
        if (!nonZero(counters, hash, k)) {
            return false;
        }
        long m = counters.size();
        long g = hash;
        long step = BloomProbes.step(hash);
        int toZero = 0;
        long[] w = counters.words();
        if (counters.single()) {
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                toZero += NibbleArray.decrementAlone(w, NibbleArray.word(index), NibbleArray.slot(index)) == 1 ? 1 : 0;
            }
        } else {
            for (int i = 0; i < k; i++, g += step) {
                long index = BloomProbes.position(g, m);
                toZero += NibbleArray.decrementShared(w, NibbleArray.word(index), NibbleArray.slot(index)) == 1 ? 1 : 0;
            }
        }
        counters.count(-toZero, 0);
        return true;
    }

    /** Stops at the first counter that is 0. */
    static boolean nonZero(NibbleArray counters, long hash, int k) {
        long m = counters.size();
        long g = hash;
        long step = BloomProbes.step(hash);
        for (int i = 0; i < k; i++, g += step) {
            if (counters.get(BloomProbes.position(g, m)) == 0) {
                return false;
            }
        }
        return true;
    }

    /** Pass j reads probe j of the keys of a chunk still possibly present. */
    static void nonZero(NibbleArray counters, long[] hashes, int from, int to, int k, boolean[] out) {
        long m = counters.size();
        for (int start = from; start < to; start += ProbeBatch.CHUNK) {
            int end = Math.min(to, start + ProbeBatch.CHUNK);
            for (int i = start; i < end; i++) {
                out[i] = counters.get(BloomProbes.position(hashes[i], m)) != 0;
            }
            for (int j = 1; j < k; j++) {
                for (int i = start; i < end; i++) {
                    if (out[i]) {
                        long hash = hashes[i];
                        out[i] = counters.get(BloomProbes.position(hash + j * BloomProbes.step(hash), m)) != 0;
                    }
                }
            }
        }
    }

    /** Stops once a counter is 0. */
    static int minimum(NibbleArray counters, long hash, int k) {
        long m = counters.size();
        int least = Nibbles.MAX;
        long g = hash;
        long step = BloomProbes.step(hash);
        for (int i = 0; i < k && least > 0; i++, g += step) {
            least = Math.min(least, counters.get(BloomProbes.position(g, m)));
        }
        return least;
    }
}
