/**
 * The counting Bloom filter (kind {@code "counting"}): 4-bit saturating counters packed sixteen to
 * a {@code long}, updated lock-free, so that items can be removed. Found through {@link
 * org.bloomery.api.Filters} or built directly with {@link
 * org.bloomery.counting.CountingFilter#create}.
 */
package org.bloomery.counting;
