/**
 * The report: what was run on which machine ({@link org.bloomery.benchmarks.report.RunInfo}), and one
 * writer per format: Markdown tables, CSV rows and a self-contained HTML page with hand-written SVG
 * charts.
 */
package org.bloomery.benchmarks.report;
