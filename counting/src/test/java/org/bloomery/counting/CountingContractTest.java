package org.bloomery.counting;

import org.bloomery.api.contract.MutableFilterContract;

class CountingContractTest extends MutableFilterContract {
    @Override
    protected String kind() {
        return "counting";
    }
}
