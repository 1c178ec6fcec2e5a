package org.bloomery.aging;

import org.bloomery.bloom.WindowPlan;
import java.util.Arrays;
import org.bloomery.api.FilterFullException;
import org.bloomery.bloom.BloomLayer;

/**
 * One slot of the ring: the Bloom layers of the items added during one generation, and which
 * generation that is (its epoch: the number of spans since the filter began). The ring reuses a slot
 * for the generation g + 1 after the one it holds, clearing its first layer and releasing the others.
 *
 * <p>The epoch and the layers are volatile and replaced, never modified in place, so a query reads a
 * consistent list of layers without a lock. Growth and {@link #reset} take this object's lock.
 */
final class Generation {
    private final WindowPlan plan;
    private volatile long epoch;
    /** Oldest first; replaced when the generation grows or is reset. */
    private volatile BloomLayer[] layers;

    Generation(WindowPlan plan, long epoch, BloomLayer[] layers) {
        this.plan = plan;
        this.epoch = epoch;
        this.layers = layers;
    }

    /**
     * An empty generation of one layer.
     *
     * @param plan the window's plan
     * @param epoch the generation it holds
     * @return the generation
     * @throws IllegalArgumentException if the layer does not fit in the free heap
     */
    static Generation allocate(WindowPlan plan, long epoch) {
        return new Generation(plan, epoch, new BloomLayer[] {BloomLayer.allocate(plan.layer(0))});
    }

    long epoch() {
        return epoch;
    }

    /** @return the layers now published, oldest first; the caller must not modify the array */
    BloomLayer[] layers() {
        return layers;
    }

    /** @return whether any layer holds every one of the item's bits; the newest (largest) layer first */
    boolean mightContain(long hash) {
        BloomLayer[] current = layers;
        for (int i = current.length - 1; i >= 0; i--) {
            if (current[i].mightContain(hash)) {
                return true;
            }
        }
        return false;
    }

    /** Sets the item's bits in a count window's one layer, whose room the ring's add counter vouches for. */
    void insert(long hash) {
        layers[0].insert(hash);
    }

    /**
     * Adds an item to a time window's generation: to its newest layer if that has room, else to a new
     * layer, as a scalable filter grows.
     *
     * @throws FilterFullException if the generation cannot grow (its layer limit, or the heap)
     */
    void add(long hash) {
        BloomLayer[] seen = layers;
        while (true) {
            BloomLayer newest = seen[seen.length - 1];
            if (newest.tryReserve()) {
                newest.insert(hash);
                return;
            }
            seen = grow(seen);
        }
    }

    private synchronized BloomLayer[] grow(BloomLayer[] seen) {
        BloomLayer[] current = layers;
        if (current != seen) {
            return current;
        }
        BloomLayer next;
        try {
            next = BloomLayer.allocate(plan.layer(current.length));
        } catch (IllegalArgumentException | OutOfMemoryError e) {
            // The heap check leaves headroom; should the allocation still fail, nothing has changed yet.
            throw new FilterFullException("aging filter is full: kind '" + AgingProvider.KIND + "', generation "
                    + epoch + " holds " + items() + " items in " + current.length + " layers and cannot add layer "
                    + current.length + ": " + e.getMessage());
        }
        BloomLayer[] grown = Arrays.copyOf(current, current.length + 1);
        grown[current.length] = next;
        layers = grown;
        return grown;
    }

    /**
     * Empties the slot for another generation: clears the first layer and releases the grown ones.
     * Not atomic with respect to adds into the old generation, whose items are out of the window by
     * then; the ring publishes the new generation only after this returns.
     *
     * @param newEpoch the generation it holds from now on
     */
    synchronized void reset(long newEpoch) {
        BloomLayer first = layers[0];
        first.clear();
        layers = new BloomLayer[] {first};
        epoch = newEpoch;
    }

    /** @return items reserved in the layers (0 in a count window, whose ring counts adds instead) */
    long items() {
        long items = 0;
        for (BloomLayer layer : layers) {
            items += layer.items();
        }
        return items;
    }

    /** @return bits allocated in the layers */
    long bitSize() {
        long bits = 0;
        for (BloomLayer layer : layers) {
            bits += layer.bitSize();
        }
        return bits;
    }

    /** @return the probability that no layer reports a never-added item present, from their set bits */
    double allNegative() {
        double allNegative = 1;
        for (BloomLayer layer : layers) {
            allNegative *= 1 - layer.fpp();
        }
        return allNegative;
    }
}
