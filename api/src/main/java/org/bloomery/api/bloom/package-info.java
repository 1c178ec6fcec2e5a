/**
 * Shared by the Bloom-family kinds (classic, counting, scalable, and any kind that stores the same
 * bits elsewhere): one sizing rule ({@link org.bloomery.api.bloom.BloomShape}, with {@link
 * org.bloomery.api.bloom.ShapeOptions} naming a kind's options), two layouts ({@link
 * org.bloomery.api.bloom.BloomLayout}), their probe derivations ({@link
 * org.bloomery.api.bloom.BloomProbes} for the standard layout, {@link
 * org.bloomery.api.bloom.BlockedProbes} for the blocked one) and one lock-free bit array ({@link
 * org.bloomery.api.bloom.BitArray}), so the kinds agree on space, positions and false-positive rate.
 */
package org.bloomery.api.bloom;
