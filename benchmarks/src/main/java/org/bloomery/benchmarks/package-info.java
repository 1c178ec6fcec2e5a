/**
 * The {@code bloomery-compare} command line: {@code compare} runs identical workloads over every
 * Bloomery kind found through ServiceLoader and over the peer libraries and writes the report;
 * {@code list} shows who would take part.
 */
package org.bloomery.benchmarks;
