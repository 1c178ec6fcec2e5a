package org.bloomery.aging;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.bloom.BitArray;
import org.bloomery.bloom.BitProbing;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.LayerPlan;

/**
 * One Bloom filter of a generation, probed like a classic filter of the same shape and layout. In a
 * time window it counts its items and never takes more than its capacity: a slot is reserved by
 * compare-and-set before the bits are set, so concurrent adds cannot overfill it. In a count window
 * the ring's add counter bounds each generation instead, and the count stays 0.
 */
final class Layer {
    private final LayerPlan plan;
    private final BitArray bits;
    private final AtomicLong items;
    private final int k;
    private final BloomLayout layout;

    private Layer(LayerPlan plan, BitArray bits, long items) {
        this.plan = plan;
        this.bits = bits;
        this.k = plan.shape().hashes();
        this.layout = plan.shape().layout();
        this.items = new AtomicLong(items);
    }

    /**
     * An empty layer.
     *
     * @param plan its size
     * @return the layer
     * @throws IllegalArgumentException if its bit array would not fit in the free heap
     */
    static Layer allocate(LayerPlan plan) {
        return new Layer(plan, new BitArray(plan.shape().cells()), 0);
    }

    /**
     * Reads a layer's words, written by {@link #writeWords}.
     *
     * @param plan its size, already checked against the spec
     * @param items its item count, already checked against its capacity
     * @param in the body input
     * @return the layer
     * @throws IOException if the body ends early, or the body or the free heap cannot hold the layer
     */
    static Layer read(LayerPlan plan, long items, FilterDataInput in) throws IOException {
        return new Layer(plan, BitArray.readFrom(in, plan.shape().cells()), items);
    }

    LayerPlan plan() {
        return plan;
    }

    /** @return whether every one of the item's k bits is set */
    boolean mightContain(long hash) {
        return BitProbing.probesSet(layout, bits, hash, k);
    }

    /**
     * Claims room for one more item.
     *
     * @return false, with nothing changed, if the layer already holds its capacity
     */
    boolean tryReserve() {
        long capacity = plan.capacity();
        long current = items.get();
        while (current < capacity) {
            long witness = items.compareAndExchange(current, current + 1);
            if (witness == current) {
                return true;
            }
            current = witness;
        }
        return false;
    }

    /** Sets the item's k bits. */
    void insert(long hash) {
        BitProbing.setProbes(layout, bits, hash, k);
    }

    /** @return items reserved in this layer (0 in a count window) */
    long items() {
        return items.get();
    }

    /** @return the bits of the layer's array */
    long bitSize() {
        return plan.shape().cells();
    }

    /** @return the false-positive probability implied by the set bits */
    double fpp() {
        return plan.shape().fppFromOccupied(bits.cardinality());
    }

    /** Clears the bits and the count; not atomic with respect to concurrent adds. */
    void clear() {
        bits.clear();
        items.set(0);
    }

    /** @return bytes {@link #writeWords} writes */
    long wordBytes() {
        return bits.serializedBytes();
    }

    /**
     * Writes the bit array's words.
     *
     * @param out the body output
     * @throws IOException if the stream fails
     */
    void writeWords(FilterDataOutput out) throws IOException {
        bits.writeTo(out);
    }
}
