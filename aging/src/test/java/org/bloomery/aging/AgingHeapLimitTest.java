package org.bloomery.aging;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.HeapLimitContract;

/** "Never an OutOfMemoryError" for a count window as long as n: its five generations, created and read back. */
class AgingHeapLimitTest extends HeapLimitContract {
    @Override
    protected String kind() {
        return AgingProvider.KIND;
    }

    @Override
    protected FilterSpec spec(long n) {
        return super.spec(n).withOption("window", Long.toString(n));
    }
}
