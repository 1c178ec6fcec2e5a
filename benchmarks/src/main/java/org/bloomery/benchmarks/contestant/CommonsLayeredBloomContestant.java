package org.bloomery.benchmarks.contestant;

import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.commons.collections4.bloomfilter.IndexExtractor;
import org.apache.commons.collections4.bloomfilter.LayerManager;
import org.apache.commons.collections4.bloomfilter.LayeredBloomFilter;
import org.apache.commons.collections4.bloomfilter.Shape;
import org.apache.commons.collections4.bloomfilter.SimpleBloomFilter;
import org.bloomery.aging.AgingProvider;

/**
 * Apache Commons Collections' {@code LayeredBloomFilter} as a sliding window (kind {@code aging}'s
 * peer), with the count-based layer manager set up like the segmented rotation: layers of {@code
 * Shape.fromNP(ceil(n / 4), p / 5)}, a new layer every {@code ceil(n / 4)} merges ({@code
 * ExtendCheck.advanceOnCount}), and at most five layers ({@code Cleanup.onMaxSize}). A query asks
 * each layer in turn ({@code processBloomFilters}): the filter's own {@code contains(IndexExtractor)}
 * first builds a Bloom filter of the layer's size from the key, a 200 KB array per query at n = 10^6,
 * which no user who measured it would keep. One thread at a time.
 */
public final class CommonsLayeredBloomContestant implements Contestant {
    /** Layers kept, as the segmented rotation keeps five filters. */
    private static final int LAYERS = 5;

    private final Shape shape;
    private final LayeredBloomFilter<SimpleBloomFilter> filter;

    private CommonsLayeredBloomContestant(KeyType keyType, long window, double fpp) {
        int perLayer = CommonsShapes.insertions(Math.max(1, (window + LAYERS - 2) / (LAYERS - 1)));
        shape = Shape.fromNP(perLayer, fpp / LAYERS);
        LayerManager<SimpleBloomFilter> layers = LayerManager.<SimpleBloomFilter>builder()
                .setSupplier(() -> new SimpleBloomFilter(shape))
                .setExtendCheck(LayerManager.ExtendCheck.advanceOnCount(perLayer))
                .setCleanup(LayerManager.Cleanup.onMaxSize(LAYERS))
                .get();
        filter = new LayeredBloomFilter<>(shape, layers);
    }

    /**
     * The entrant {@code commons-layered}.
     *
     * @return the entrant
     */
    public static Entrant entrant() {
        return new Entrant("commons-layered", AgingProvider.KIND, Side.PEER, Set.of(Ability.WINDOW), true,
                "Commons Collections " + LibraryVersions.of("commons-collections")
                        + " LayeredBloomFilter (advanceOnCount(n/4), onMaxSize(5), layers at p/5)",
                CommonsLayeredBloomContestant::new);
    }

    @Override
    public boolean add(long key) {
        return filter.merge(CommonsHashing.ofLong(key).indices(shape));
    }

    @Override
    public boolean mightContain(long key) {
        return anyLayerContains(CommonsHashing.ofLong(key).indices(shape));
    }

    @Override
    public boolean add(String key) {
        return filter.merge(CommonsHashing.ofString(key).indices(shape));
    }

    @Override
    public boolean mightContain(String key) {
        return anyLayerContains(CommonsHashing.ofString(key).indices(shape));
    }

    private boolean anyLayerContains(IndexExtractor indices) {
        // processBloomFilters stops at the first layer for which the predicate is false.
        return !filter.processBloomFilters(layer -> !layer.contains(indices));
    }

    @Override
    public OptionalLong bitSize() {
        return OptionalLong.of((long) filter.getDepth() * shape.getNumberOfBits());
    }

    @Override
    public OptionalInt layers() {
        return OptionalInt.of(filter.getDepth());
    }
}
