/**
 * For provider authors: the binary envelope every kind is written in ({@link
 * org.bloomery.api.spi.Envelope}, with bounded body input and output) and typed, validated access to
 * a spec's options ({@link org.bloomery.api.spi.SpecOptions}), the heap check made before every
 * large allocation ({@link org.bloomery.api.spi.HeapBudget}), and what the static kinds share: the
 * collection of a stream of hashes ({@link org.bloomery.api.spi.HashCollection}) and the seeded,
 * invertible mix of a hash ({@link org.bloomery.api.spi.SeededMix}). A kind's filter and provider
 * extend {@link org.bloomery.api.spi.AbstractFilter} and {@link org.bloomery.api.spi.AbstractProvider},
 * which hold what every kind repeats, and {@link org.bloomery.api.spi.BloomKinds} names the Bloom
 * kinds for a module that may not depend on them.
 */
package org.bloomery.api.spi;
