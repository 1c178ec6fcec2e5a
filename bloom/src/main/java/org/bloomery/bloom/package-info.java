/**
 * Internal engine shared by Bloomery's Bloom-family kinds (classic, counting, scalable, and the
 * Redis and Spark modules that store the same bits elsewhere); not an API, and it may change in any
 * release. It holds one sizing rule ({@link org.bloomery.bloom.BloomShape}, with {@link
 * org.bloomery.bloom.ShapeOptions} naming a kind's options), the layouts ({@link
 * org.bloomery.bloom.BloomLayout}), their probe derivations ({@link
 * org.bloomery.bloom.BloomProbes} for the standard layout, {@link
 * org.bloomery.bloom.BlockedProbes} for the blocked one) and one lock-free bit array ({@link
 * org.bloomery.bloom.BitArray}), so the kinds agree on space, positions and false-positive rate.
 */
package org.bloomery.bloom;
