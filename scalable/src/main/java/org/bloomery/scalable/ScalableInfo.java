package org.bloomery.scalable;

import java.util.List;

/**
 * A snapshot of a {@link ScalableFilter}, with the fields of RedisBloom's {@code BF.INFO} and
 * each layer's parameters. Taken without stopping concurrent adds, so counts may lag them.
 *
 * @param capacity items the filter takes before it adds its next layer: the sum of the layers'
 *     capacities
 * @param bitSize bits allocated, the sum of the layers' bit arrays
 * @param layers the number of layers
 * @param itemsInserted adds that returned true, like {@code BF.CARD}
 * @param expansion each layer's capacity over the previous one's
 * @param tightening each layer's error over the previous one's
 * @param perLayer every layer, oldest (layer 0) first; immutable
 */
public record ScalableInfo(long capacity, long bitSize, int layers, long itemsInserted, int expansion,
        double tightening, List<LayerInfo> perLayer) {

    /** Copies {@code perLayer} into an immutable list. */
    public ScalableInfo {
        perLayer = List.copyOf(perLayer);
    }
}
