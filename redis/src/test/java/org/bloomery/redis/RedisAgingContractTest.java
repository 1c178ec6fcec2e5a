package org.bloomery.redis;

import java.util.List;
import org.bloomery.api.FilterSpec;

/**
 * The contract kit for {@code redis-aging} with a count window as long as the kit's capacity, so
 * every item the kit adds stays within the window; snapshots are read back as kind {@code aging}.
 * Each add and query probes g + 1 generations on the server, so the capacity tests insert the kit's
 * least, 10,000 items, with 20,000 fpp probes: a count window at 1% measures about 0.85%
 * ({@code RedisAgingWindowTest} proves its answers equal the in-process kind's, which runs the kit at
 * full size), about 170 false positives, standard deviation 13, so the 15% tolerance above 1% is
 * over 4 sigma away.
 */
class RedisAgingContractTest extends SharedFilterContract {
    @Override
    protected int items() {
        return 10_000;
    }

    @Override
    protected String kind() {
        return RedisAgingProvider.KIND;
    }

    @Override
    protected String snapshotKind() {
        return "aging";
    }

    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("window", Long.toString(expectedInsertions));
    }

    /** A count window does not grow; a time window does. */
    @Override
    protected List<FilterSpec> specsCoveringEveryCapability() {
        FilterSpec spec = super.spec(1000, 0.01);
        return List.of(spec.withOption("window", "1000"),
                spec.withOption("windowMillis", "60000").withOption("name", "contract-time"));
    }
}
