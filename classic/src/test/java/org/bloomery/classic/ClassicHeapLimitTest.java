package org.bloomery.classic;

import org.bloomery.api.contract.HeapLimitContract;

class ClassicHeapLimitTest extends HeapLimitContract {
    @Override
    protected String kind() {
        return "classic";
    }
}
