/**
 * The JMH suite: add, query present, query absent and remove for every Bloomery kind and every peer,
 * through the same adapters as the report, with the answers counted next to the timings. See
 * {@link org.bloomery.benchmarks.jmh.MembershipBenchmark} for the command.
 */
package org.bloomery.benchmarks.jmh;
