package org.bloomery.classic;

import org.bloomery.api.FilterSpec;

/** The whole contract kit again, for the patterned layout. */
class ClassicPatternedContractTest extends ClassicContractTest {
    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("layout", "patterned");
    }
}
