/**
 * The workloads ({@code uniform}, {@code churn}, {@code growth}, {@code exact}), the comparison that
 * broadcasts identical keys to every contestant, and the result rows it produces. Throughput is
 * timed with {@link System#nanoTime()} around whole phases of one pass: a report figure, not a
 * micro-benchmark (the JMH suite in {@code org.bloomery.compare.jmh} is that).
 */
package org.bloomery.compare.workload;
