package org.bloomery.scalable;

/**
 * One layer of a {@link ScalableFilter}, as {@link ScalableFilter#info()} saw it.
 *
 * @param capacity items the layer takes before the filter adds the next layer
 * @param error the false-positive probability the layer is sized for at capacity
 * @param k hashes (bit probes) per item
 * @param bits the layer's bit array size
 * @param items items inserted into the layer, at most {@code capacity}
 */
public record LayerInfo(long capacity, double error, int k, long bits, long items) {
}
