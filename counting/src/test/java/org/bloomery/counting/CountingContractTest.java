package org.bloomery.counting;

import org.bloomery.api.contract.MembershipFilterContract;

class CountingContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "counting";
    }
}
