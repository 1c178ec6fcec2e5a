package org.bloomery.benchmarks.redis;

import org.bloomery.benchmarks.stats.Proportion;

/**
 * One contestant of the growth row: a scalable filter that started at capacity n/1000 and took n
 * keys.
 *
 * @param contestant {@code redis-scalable} or the in-process {@code scalable}
 * @param capacity the first layer's capacity
 * @param items keys inserted
 * @param layers layers at the end
 * @param bitsPerItem the layers' bits over the keys inserted
 * @param fpp false positives among n absent keys
 * @param falseNegatives inserted keys that answered absent (must be 0)
 * @param adds adds per second
 * @param queries queries per second, present and absent together
 */
public record GrowthRow(String contestant, long capacity, long items, int layers, double bitsPerItem,
        Proportion fpp, long falseNegatives, double adds, double queries) {
}
