package org.bloomery.classic;

import org.bloomery.api.FilterSpec;

/** The whole contract kit again, for option {@code writers=single} in the patterned layout. */
class ClassicPatternedSingleWriterContractTest extends ClassicPatternedContractTest {
    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("writers", "single");
    }
}
