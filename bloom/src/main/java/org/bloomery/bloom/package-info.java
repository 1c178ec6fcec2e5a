/**
 * Internal engine shared by Bloomery's Bloom-family kinds (classic, counting, scalable, and the
 * Redis and Spark modules that store the same bits elsewhere); not an API, and it may change in any
 * release. It holds one sizing rule ({@link org.bloomery.bloom.BloomShape}, with {@link
 * org.bloomery.bloom.ShapeOptions} naming a kind's options), the layouts ({@link
 * org.bloomery.bloom.BloomLayout}) with their position rules ({@link org.bloomery.bloom.BloomProbes}
 * for the standard layout, {@link org.bloomery.bloom.BlockedProbes} for the blocked one), and the
 * bits: {@link org.bloomery.bloom.BloomBits}, one final class per layout that holds a key's whole
 * query and add over one array (a paged class past 2^31 words), chosen once when a filter is made.
 * So the kinds agree on space, positions and false-positive rate, and a new layout is one new class
 * and its sizing model.
 */
package org.bloomery.bloom;
