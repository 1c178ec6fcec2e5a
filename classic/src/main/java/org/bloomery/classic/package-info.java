/**
 * The classic Bloom filter: {@link org.bloomery.classic.ClassicFilter}, a lock-free, mergeable bit
 * array with k probes per item, and {@link org.bloomery.classic.ClassicProvider}, which
 * registers it with {@link org.bloomery.api.Filters} as kind {@code "classic"}.
 */
package org.bloomery.classic;
