/**
 * Shared by the Bloom-family kinds (classic, counting, scalable): one sizing rule ({@link
 * org.bloomery.api.bloom.BloomShape}), one probe derivation ({@link
 * org.bloomery.api.bloom.BloomProbes}) and one lock-free bit array ({@link
 * org.bloomery.api.bloom.BitArray}), so the kinds agree on space and false-positive rate.
 */
package org.bloomery.api.bloom;
