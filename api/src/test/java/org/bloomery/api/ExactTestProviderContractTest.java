package org.bloomery.api;

import org.bloomery.api.contract.MutableFilterContract;

/** The contract kit run against the test provider, proving the kit itself runs and passes. */
class ExactTestProviderContractTest extends MutableFilterContract {
    @Override
    protected String kind() {
        return ExactTestProvider.KIND;
    }
}
