/**
 * The one workload generator: identical keys for every contestant, derived from a seed, with present
 * and absent keys disjoint by construction; and the key arrays that drive a contestant through a
 * range of keys.
 */
package org.bloomery.benchmarks.keys;
