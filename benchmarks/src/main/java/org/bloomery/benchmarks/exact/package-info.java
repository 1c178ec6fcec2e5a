/**
 * Exact sets holding the same keys, for the space comparison people ask about: {@code java.util.HashSet},
 * fastutil's open-addressing sets and HPPC's. Their size is read from their table arrays where the
 * library lets a caller see them, and measured from the heap (approximately) where it does not.
 */
package org.bloomery.benchmarks.exact;
