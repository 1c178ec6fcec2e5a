package org.bloomery.classic;

import org.bloomery.api.contract.MutableFilterContract;

class ClassicContractTest extends MutableFilterContract {
    @Override
    protected String kind() {
        return "classic";
    }
}
