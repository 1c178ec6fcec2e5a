package org.bloomery.aging;

import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The contract kit again for a time window of 2^40 ms read from the system clock: its generations
 * are 2^38 ms (about 8.7 years) long and begin at multiples of that since 1970, so every item the kit
 * adds is within the window, and a filter built twice lands in the same generation until December
 * 2030. A whole window of items arrives in one generation, which grows to three layers. It doubles
 * the module's test time, so it runs with {@code -Dbloomery.slowTests=true}; by default
 * {@code TimeWindowTest}, {@code WindowConcurrencyTest} and {@code AgingOptionsTest} cover the time
 * window, its growth and its file.
 */
@EnabledIfSystemProperty(named = "bloomery.slowTests", matches = "true")
class AgingTimeContractTest extends AgingContractTest {
    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return FilterSpec.of(expectedInsertions, fpp).withOption("windowMillis", Long.toString(1L << 40));
    }
}
