package org.bloomery.api;

import org.bloomery.api.contract.MembershipFilterContract;

/** The contract kit run against the test provider, proving the kit itself runs and passes. */
class ExactTestProviderContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return ExactTestProvider.KIND;
    }
}
