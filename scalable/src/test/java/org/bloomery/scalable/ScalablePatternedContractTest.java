package org.bloomery.scalable;

import org.bloomery.api.FilterSpec;

/** The whole contract kit again, with every layer patterned. */
class ScalablePatternedContractTest extends ScalableContractTest {
    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("layout", "patterned");
    }
}
