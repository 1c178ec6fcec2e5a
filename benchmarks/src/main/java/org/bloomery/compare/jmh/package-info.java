/**
 * The JMH suite: add, query present, query absent and remove for every Bloomery kind and every peer,
 * through the same adapters as the report, with the answers counted next to the timings. See
 * {@link org.bloomery.compare.jmh.MembershipBenchmark} for the command.
 */
package org.bloomery.compare.jmh;
