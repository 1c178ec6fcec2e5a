package org.bloomery.bloom;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * One Bloom filter of a chain of layers ({@code scalable}'s growing chain, an {@code aging}
 * generation's layers), probed like a classic filter of the same shape and layout, with an item count
 * that never passes its capacity when adds reserve their slot ({@link #tryReserve}) by
 * compare-and-set before they set their bits, so concurrent adds cannot overfill it. A layer whose
 * adds are bounded elsewhere (a count window's ring) inserts without reserving, and its count stays
 * 0. Safe for concurrent adds and queries.
 */
public final class BloomLayer {
    private final LayerPlan plan;
    /** The bits with their layout's class, chosen once ({@link BloomBits}). */
    private final BloomBits bits;
    private final AtomicLong items;

    private BloomLayer(LayerPlan plan, BloomBits bits, long items) {
        this.plan = plan;
        this.bits = bits;
        this.items = new AtomicLong(items);
    }

    /**
     * An empty layer.
     *
     * @param plan its size
     * @return the layer
     * @throws IllegalArgumentException if its bit array would not fit in the free heap
     */
    public static BloomLayer allocate(LayerPlan plan) {
        return new BloomLayer(plan, BloomBits.allocate(plan.shape(), Writers.MANY), 0);
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
    public static BloomLayer read(LayerPlan plan, long items, FilterDataInput in) throws IOException {
        return new BloomLayer(plan, BloomBits.readFrom(in, plan.shape(), Writers.MANY), items);
    }

    /** @return the layer's capacity, error and shape */
    public LayerPlan plan() {
        return plan;
    }

    /** @return whether every one of the item's k bits is set */
    public boolean mightContain(long hash) {
        return bits.contains(hash);
    }

    /**
     * {@code out[i] = out[i] || mightContain(hashes[i])} for every i in [from, to), in one batch
     * that overlaps the keys' cache misses and skips keys already answered true.
     */
    public void orMightContain(long[] hashes, int from, int to, boolean[] out) {
        bits.orContainsAll(hashes, from, to, out);
    }

    /**
     * Claims room for one more item.
     *
     * @return false, with nothing changed, if the layer already holds its capacity
     */
    public boolean tryReserve() {
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

    /**
     * Sets the item's k bits: after {@link #tryReserve} succeeded, or in a layer whose adds are
     * bounded elsewhere.
     */
    public void insert(long hash) {
        bits.add(hash);
    }

    /** @return items reserved in this layer (0 in one whose adds are bounded elsewhere) */
    public long items() {
        return items.get();
    }

    /**
     * @return the false-positive probability implied by the set bits: {@code (X / m)^k}, or the
     *     blocked model's at the estimated count
     */
    public double fpp() {
        return plan.shape().fppFromOccupied(bits.cardinality());
    }

    /** Clears the bits and the count; not atomic with respect to concurrent adds. */
    public void clear() {
        bits.clear();
        items.set(0);
    }

    /** @return bytes {@link #writeWords} writes */
    public long wordBytes() {
        return bits.serializedBytes();
    }

    /**
     * Writes the bit array's words.
     *
     * @param out the body output
     * @throws IOException if the stream fails
     */
    public void writeWords(FilterDataOutput out) throws IOException {
        bits.writeTo(out);
    }

    /** @return the bits of the layer's array */
    public long bitSize() {
        return plan.shape().cells();
    }
}
