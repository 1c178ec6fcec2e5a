package org.bloomery.counting;

import java.util.List;
import org.bloomery.api.FilterSpec;

/** The whole contract kit again, for option {@code writers=single} in the blocked layout. */
class CountingBlockedSingleWriterContractTest extends CountingBlockedContractTest {
    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("writers", "single");
    }

    @Override
    protected boolean oneWriterManyReaders() {
        return true;
    }

    /** The default (many writers) gives the kind's {@code CONCURRENT}, which a single-writer filter lacks. */
    @Override
    protected List<FilterSpec> specsCoveringEveryCapability() {
        return List.of(spec(1000, 0.01), super.spec(1000, 0.01));
    }
}
