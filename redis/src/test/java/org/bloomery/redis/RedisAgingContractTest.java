package org.bloomery.redis;

import java.util.List;
import org.bloomery.api.FilterSpec;

/**
 * The contract kit for {@code redis-aging} with a count window as long as the kit's capacity, so
 * every item the kit adds stays within the window; snapshots are read back as kind {@code aging}.
 */
class RedisAgingContractTest extends SharedFilterContract {
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
