package org.bloomery.classic;

import org.bloomery.api.FilterSpec;

/** The whole contract kit again, for the sectored layout. */
class ClassicSectoredContractTest extends ClassicContractTest {
    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("layout", "sectored");
    }
}
