package org.bloomery.counting;

import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomProbes;
import org.bloomery.bloom.BulkBuild;

/**
 * A {@link NibbleArray} as a {@link BulkBuild} fills it: each thread raises counters through a
 * single-writer {@link NibbleArray#writerView view} of its own, so the blocked layout raises a key's
 * counters with its ordinary single-writer code (walking the keys as its batch query does: {@link
 * BlockedCounterProbing#incrementAll}), and the standard
 * layout raises only the probes that fall in the thread's words. Saturating increments commute, so
 * the counters equal those of adding each hash in turn; the views' counts are added to the array's
 * at the end.
 */
final class CountingBulkTarget implements BulkBuild.Target {
    private final BloomLayout layout;
    private final NibbleArray counters;
    private final int k;

    CountingBulkTarget(BloomLayout layout, NibbleArray counters, int k) {
        this.layout = layout;
        this.counters = counters;
        this.k = k;
    }

    @Override
    public long words() {
        return counters.wordCount();
    }

    @Override
    public boolean blocked() {
        return layout != BloomLayout.STANDARD;
    }

    @Override
    public BulkBuild.Writer writer(BulkBuild.Part part) {
        NibbleArray view = counters.writerView();
        boolean wholeArray = part.fromWord() == 0 && part.toWord() == words();
        return new BulkBuild.Writer() {
            @Override
            public void apply(long[] hashes, int from, int to) {
                if (blocked()) {
                    BlockedCounterProbing.incrementAll(view, hashes, from, to, k);
                } else if (wholeArray) {
                    for (int i = from; i < to; i++) {
                        CounterProbing.increment(layout, view, hashes[i], k);
                    }
                } else {
                    for (int i = from; i < to; i++) {
                        incrementIn(view, hashes[i], part);
                    }
                }
            }

            @Override
            public void commit() {
                counters.count(view.nonZeroCount(), view.saturatedCount());
            }
        };
    }

    /** Raises the standard layout's counters of a key that fall in a part's words. */
    private void incrementIn(NibbleArray view, long hash, BulkBuild.Part part) {
        long m = view.size();
        long[] w = view.words();
        long g = hash;
        long step = BloomProbes.step(hash);
        int fromZero = 0;
        int toMax = 0;
        for (int i = 0; i < k; i++, g += step) {
            long index = BloomProbes.position(g, m);
            if (part.holdsWord(index >>> 4)) {
                int before = NibbleArray.incrementAlone(w, NibbleArray.word(index), NibbleArray.slot(index));
                fromZero += before == 0 ? 1 : 0;
                toMax += before == Nibbles.MAX - 1 ? 1 : 0;
            }
        }
        view.count(fromZero, toMax);
    }
}
