package org.bloomery.scalable;

import static org.bloomery.scalable.ScalableProvider.KIND;
import org.bloomery.bloom.BloomLayer;
import org.bloomery.bloom.LayerPlan;
import org.bloomery.bloom.GrowthPlan;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.AbstractFilter;

/**
 * A scalable Bloom filter with RedisBloom's semantics ({@code BF.RESERVE}, {@code BF.ADD},
 * {@code BF.EXISTS}, {@code BF.INFO}), for sets whose final size is unknown. It starts as one Bloom
 * layer for the spec's {@code expectedInsertions} (the capacity) and adds a layer each time the
 * newest holds its capacity; layer {@code i} takes {@code capacity · expansion^i} items at error
 * {@code fpp · (1 − r) · r^i}, so the false-positive rate stays below the spec's {@code fpp}
 * however far the filter grows: {@code Σ fpp·(1 − r)·r^i < fpp}. Each layer is sized exactly like
 * a classic filter for its capacity and error.
 *
 * <p>Options: {@code expansion} (integer in [1, 32768], default 2), {@code tightening} (r, in
 * (0, 1), default 0.5, RedisBloom's fixed ratio; Almeida et al. recommend 0.8–0.9), {@code
 * nonscaling} ({@code true}/{@code false}, default false: one layer for the whole {@code fpp} that
 * refuses to grow; expansion and tightening cannot be given with it). The capacity must be in
 * [1, 2^40].
 *
 * <p>{@link #add} first asks every layer; if any says present it returns false and counts nothing,
 * so {@link #approximateCount()} counts adds that returned true, like {@code BF.CARD}. Otherwise it
 * inserts into the newest layer. Growth stops with a {@link FilterFullException} that says why, the
 * filter unchanged, when the next layer would pass 256 layers, take the
 * capacity past a long, need more than 64 hashes or 2^37 bits, or not fit in the free heap; a
 * non-scaling filter at capacity throws "non scaling filter is full" (it still reports the kind's
 * {@link Capability#GROW}, as every filter reports its provider's capabilities). {@link #clear()}
 * returns the filter to its first layer, emptied, and releases the others.
 *
 * <p>Thread safety: safe for concurrent use ({@link Capability#CONCURRENT}). Queries are lock-free:
 * they read the published layer array once and probe the newest layer first. An add probes every
 * layer, then claims a slot in the newest layer's atomic count and sets its bits; only growth takes
 * a lock, and only one thread adds each layer. Two threads that add the same new item at once may
 * both find it absent and both return true, counting it twice; no added item is ever lost, except
 * to a concurrent {@link #clear()}, which is not atomic with respect to adds.
 *
 * @param <T> the item type
 */
public final class ScalableFilter<T> extends AbstractFilter<T> {
    /** What the kind can do: a filter grows unless option {@code nonscaling} is true. */
    static final Set<Capability> CAPABILITIES =
            Collections.unmodifiableSet(EnumSet.of(Capability.GROW, Capability.CONCURRENT, Capability.ADD));
    private static final Set<Capability> NONSCALING_CAPABILITIES =
            Collections.unmodifiableSet(EnumSet.of(Capability.CONCURRENT, Capability.ADD));

    private final GrowthPlan plan;
    private final Object growthLock = new Object();
    /** Replaced, never modified, so a reader sees a consistent list of layers without a lock. */
    private volatile BloomLayer[] layers;

    ScalableFilter(FilterSpec spec, KeyHasher<? super T> hasher, GrowthPlan plan, BloomLayer[] layers) {
        super(KIND, spec, hasher);
        this.plan = plan;
        this.layers = layers;
    }

    /**
     * Builds an empty filter of one layer.
     *
     * @param spec capacity (expected insertions), error rate (fpp) and options
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for an unknown option or a value out of range, naming it and
     *     the allowed range, or if the first layer needs more than 64 hashes, 2^37 bits or the free
     *     heap
     */
    public static <T> ScalableFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        GrowthPlan plan = GrowthPlan.of(spec, KIND);
        BloomLayer first;
        try {
            first = BloomLayer.allocate(plan.layer(0));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("kind '" + KIND + "' cannot build layer 0 for " + spec + ": "
                    + e.getMessage(), e);
        }
        return new ScalableFilter<>(spec, hasher, plan, new BloomLayer[] {first});
    }

    /**
     * Reads a filter written by {@link #writeTo}.
     *
     * @param in the stream, at the start of the envelope; not closed
     * @param hasher the hasher the filter was written with
     * @param <T> the item type
     * @return the filter
     * @throws org.bloomery.api.InvalidFilterDataException if the data is not a valid scalable filter,
     *     saying why
     * @throws IOException if the stream fails
     */
    public static <T> ScalableFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(hasher, "hasher");
        return ScalableCodec.read(in, hasher);
    }

    /**
     * {@inheritDoc}
     *
     * @throws FilterFullException if the newest layer is full and the filter cannot grow (non-scaling,
     *     or a limit in the class description); the filter is then unchanged
     */
    @Override
    public boolean addHash(long hash) {
        BloomLayer[] current = layers;
        if (anyContains(current, hash)) {
            return false;
        }
        while (true) {
            BloomLayer newest = current[current.length - 1];
            if (newest.tryReserve()) {
                newest.insert(hash);
                return true;
            }
            current = grow(current);
        }
    }

    @Override
    public boolean mightContainHash(long hash) {
        return anyContains(layers, hash);
    }

    /**
     * Asks the layers in turn, newest first, each in one batch over the keys not yet answered true,
     * so that every layer's cache misses overlap across keys. The layers are those published when
     * the call began.
     */
    @Override
    public void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        BloomLayer[] chain = layers;
        Arrays.fill(out, from, to, false);
        for (int i = chain.length - 1; i >= 0; i--) {
            chain[i].orMightContain(hashes, from, to, out);
        }
    }

    /** Probes the newest (largest, and so most likely to hold the item) layer first. */
    private static boolean anyContains(BloomLayer[] chain, long hash) {
        for (int i = chain.length - 1; i >= 0; i--) {
            if (chain[i].mightContain(hash)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds the next layer after {@code seen}, unless another thread has already replaced it.
     *
     * @return the layers now published
     */
    private BloomLayer[] grow(BloomLayer[] seen) {
        synchronized (growthLock) {
            BloomLayer[] current = layers;
            if (current != seen) {
                return current;
            }
            if (plan.nonscaling()) {
                throw new FilterFullException("non scaling filter is full: kind '" + KIND + "', capacity "
                        + plan.capacity() + " items");
            }
            BloomLayer next;
            try {
                next = BloomLayer.allocate(plan.layer(current.length));
            } catch (IllegalArgumentException | OutOfMemoryError e) {
                // The heap check leaves headroom; should the allocation still fail, nothing has changed yet.
                String layerCount = current.length + (current.length == 1 ? " layer" : " layers");
                throw new FilterFullException("scalable filter is full: kind '" + KIND + "', capacity "
                        + capacity(current) + " items in " + layerCount + "; cannot add layer " + current.length
                        + ": " + e.getMessage());
            }
            BloomLayer[] grown = Arrays.copyOf(current, current.length + 1);
            grown[current.length] = next;
            layers = grown;
            return grown;
        }
    }

    private static long capacity(BloomLayer[] chain) {
        long total = 0;
        for (BloomLayer layer : chain) {
            total += layer.plan().capacity();
        }
        return total;
    }

    /**
     * The filter's layers and counts, like RedisBloom's {@code BF.INFO}. A non-scaling filter
     * reports the default expansion and tightening, which it does not use.
     *
     * @return a snapshot
     */
    public ScalableInfo info() {
        BloomLayer[] chain = layers;
        List<LayerInfo> perLayer = new ArrayList<>(chain.length);
        long bits = 0;
        long items = 0;
        for (BloomLayer layer : chain) {
            LayerPlan layerPlan = layer.plan();
            LayerInfo info = new LayerInfo(layerPlan.capacity(), layerPlan.error(), layerPlan.shape().hashes(),
                    layerPlan.shape().cells(), layer.items());
            perLayer.add(info);
            bits += info.bits();
            items += info.items();
        }
        return new ScalableInfo(capacity(chain), bits, chain.length, items, plan.expansion(), plan.tightening(),
                perLayer);
    }

    @Override
    public Set<Capability> capabilities() {
        return plan.nonscaling() ? NONSCALING_CAPABILITIES : CAPABILITIES;
    }

    GrowthPlan plan() {
        return plan;
    }

    /** @return the layers now published, oldest first; the caller must not modify the array */
    BloomLayer[] layers() {
        return layers;
    }

    /** @return adds that returned true (RedisBloom's {@code BF.CARD}) */
    @Override
    public long approximateCount() {
        long items = 0;
        for (BloomLayer layer : layers) {
            items += layer.items();
        }
        return items;
    }

    /** @return {@code 1 − Π(1 − fpp_i)}, each layer's fpp from its set bits */
    @Override
    public double expectedFpp() {
        double allNegative = 1;
        for (BloomLayer layer : layers) {
            allNegative *= 1 - layer.fpp();
        }
        return 1 - allNegative;
    }

    /** @return the sum of the layers' bit array sizes */
    @Override
    public long bitSize() {
        long bits = 0;
        for (BloomLayer layer : layers) {
            bits += layer.plan().shape().cells();
        }
        return bits;
    }

    /**
     * Empties the filter and returns it to its first layer, the size the spec asked for; the grown
     * layers are released. Not atomic with respect to concurrent adds.
     */
    @Override
    public void clear() {
        synchronized (growthLock) {
            BloomLayer first = layers[0];
            layers = new BloomLayer[] {first};
            first.clear();
        }
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        ScalableCodec.write(out, this, layers);
    }

    @Override
    protected String describe() {
        return "layers=" + layers.length + ", items=" + approximateCount() + ", bits="
                + bitSize() + ", spec=" + spec;
    }
}
