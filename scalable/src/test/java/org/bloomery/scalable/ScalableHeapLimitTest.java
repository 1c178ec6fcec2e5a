package org.bloomery.scalable;

import org.bloomery.api.contract.HeapLimitContract;

class ScalableHeapLimitTest extends HeapLimitContract {
    @Override
    protected String kind() {
        return "scalable";
    }
}
