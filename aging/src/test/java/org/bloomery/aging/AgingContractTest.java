package org.bloomery.aging;

import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.MutableFilterContract;

/**
 * The contract kit for a count window as long as the kit's capacity: every item the kit adds (at most
 * {@code expectedInsertions} adds, plus a tenth of a percent of repeats) stays within the window.
 */
class AgingContractTest extends MutableFilterContract {
    @Override
    protected String kind() {
        return AgingProvider.KIND;
    }

    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("window", Long.toString(expectedInsertions));
    }

    /** A count window does not grow; a time window does. */
    @Override
    protected List<FilterSpec> specsCoveringEveryCapability() {
        FilterSpec spec = FilterSpec.of(1000, 0.01);
        return List.of(spec.withOption("window", "1000"), spec.withOption("windowMillis", "60000"));
    }
}
