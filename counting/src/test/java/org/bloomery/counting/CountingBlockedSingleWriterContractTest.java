package org.bloomery.counting;

import org.bloomery.api.FilterSpec;

/** The whole contract kit again, for option {@code writers=single} in the blocked layout. */
class CountingBlockedSingleWriterContractTest extends CountingBlockedContractTest {
    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("writers", "single");
    }
}
