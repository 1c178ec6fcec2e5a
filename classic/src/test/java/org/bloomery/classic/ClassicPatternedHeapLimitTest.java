package org.bloomery.classic;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.HeapLimitContract;

/** The heap-limit contract in the patterned layout, whose model sizes the arrays it refuses. */
class ClassicPatternedHeapLimitTest extends HeapLimitContract {
    @Override
    protected String kind() {
        return "classic";
    }

    @Override
    protected FilterSpec spec(long n) {
        return super.spec(n).withOption("layout", "patterned");
    }
}
