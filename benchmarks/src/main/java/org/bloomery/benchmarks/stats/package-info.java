/** The statistics of the report: measured rates with their confidence intervals. */
package org.bloomery.benchmarks.stats;
