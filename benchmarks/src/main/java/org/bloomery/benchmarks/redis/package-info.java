/**
 * The {@code redis} workload: Bloomery's shared kinds ({@code redis-classic}, {@code
 * redis-counting}) and Redisson's {@code RBloomFilter} on identical keys against one Redis server,
 * started here from an embedded binary unless a URI names another: throughput with one and eight
 * client threads, batched, memory in Redis, measured fpp, false negatives and commands per
 * operation.
 */
package org.bloomery.benchmarks.redis;
