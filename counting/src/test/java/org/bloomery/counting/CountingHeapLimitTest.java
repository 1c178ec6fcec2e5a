package org.bloomery.counting;

import org.bloomery.api.contract.HeapLimitContract;

class CountingHeapLimitTest extends HeapLimitContract {
    @Override
    protected String kind() {
        return "counting";
    }
}
