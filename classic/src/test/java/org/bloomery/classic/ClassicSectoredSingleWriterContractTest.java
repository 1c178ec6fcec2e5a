package org.bloomery.classic;

import org.bloomery.api.FilterSpec;

/** The whole contract kit again, for option {@code writers=single} in the sectored layout. */
class ClassicSectoredSingleWriterContractTest extends ClassicSectoredContractTest {
    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("writers", "single");
    }
}
