package org.bloomery.bloom;

/**
 * What one layer of a scalable filter is built for ({@link GrowthPlan#layer}), and the Bloom shape
 * that gives it.
 *
 * @param capacity items the layer takes before the filter grows
 * @param error the false-positive probability the layer is sized for at {@code capacity} items
 * @param shape {@code BloomShape.optimal(capacity, error, layout)}: the same size a classic filter
 *     of that layout gets
 */
public record LayerPlan(long capacity, double error, BloomShape shape) {
}
