package org.bloomery.scalable;

import org.bloomery.api.bloom.BloomShape;

/**
 * What one layer is built for, and the Bloom shape that gives it.
 *
 * @param capacity items the layer takes before the filter grows
 * @param error the false-positive probability the layer is sized for at {@code capacity} items
 * @param shape {@code BloomShape.optimal(capacity, error, layout)}: the same size a classic filter
 *     of that layout gets
 */
record LayerPlan(long capacity, double error, BloomShape shape) {
}
