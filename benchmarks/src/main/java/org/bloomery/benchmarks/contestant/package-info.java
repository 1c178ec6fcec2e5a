/**
 * The contestants: one small {@link org.bloomery.benchmarks.contestant.Contestant} interface that every
 * filter under comparison is driven through, an {@link org.bloomery.benchmarks.contestant.Entrant} that
 * names and builds one, and one adapter per Bloomery kind or peer library. No peer type leaks past its
 * adapter.
 */
package org.bloomery.benchmarks.contestant;
