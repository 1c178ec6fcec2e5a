package org.bloomery.cuckoo;

import org.bloomery.api.contract.HeapLimitContract;

class CuckooHeapLimitTest extends HeapLimitContract {
    @Override
    protected String kind() {
        return "cuckoo";
    }
}
