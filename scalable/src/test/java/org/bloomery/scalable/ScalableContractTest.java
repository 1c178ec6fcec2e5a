package org.bloomery.scalable;

import org.bloomery.api.contract.MembershipFilterContract;

class ScalableContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "scalable";
    }
}
