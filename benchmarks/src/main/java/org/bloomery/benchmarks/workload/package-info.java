/**
 * The workloads ({@code uniform}, {@code churn}, {@code growth}, {@code exact}, {@code scaling},
 * {@code threads}), the comparison that broadcasts identical keys to every contestant, and the result
 * rows it produces. Each workload lays out heats ({@link org.bloomery.benchmarks.workload.Workload}'s
 * {@code Setup}): contestants measured against each other, one lane each. Every contestant is warmed
 * before any is timed; a heat's timed passes are then interleaved round by round in a rotated order,
 * and each figure is the median of its rounds with their range. Throughput is timed with
 * {@link System#nanoTime()} around whole phases: a report figure, not a micro-benchmark (the JMH suite
 * in {@code org.bloomery.benchmarks.jmh} is that).
 */
package org.bloomery.benchmarks.workload;
