/**
 * Internal engine shared by Bloomery's Bloom-family kinds (classic, counting, scalable, and the
 * Redis and Spark modules that store the same bits elsewhere); not an API, and it may change in any
 * release. It holds one sizing rule ({@link org.bloomery.bloom.BloomShape}, with {@link
 * org.bloomery.bloom.ShapeOptions} naming a kind's options), the layouts ({@link
 * org.bloomery.bloom.BloomLayout}) with their position rules ({@link org.bloomery.bloom.BloomProbes}
 * for the standard layout, {@link org.bloomery.bloom.BlockedProbes} for the blocked one), and the
 * bits apart from where they go: {@link org.bloomery.bloom.BitArray} stores them (words, pages,
 * atomic or single-writer writes, bulk operations, I/O) and {@link org.bloomery.bloom.BitProbing}
 * sets and tests a key's bits in it through one strategy class per layout. So the kinds agree on space, positions and
 * false-positive rate, and a new layout is one new probe strategy and its sizing model.
 */
package org.bloomery.bloom;
