package org.bloomery.classic;

import org.bloomery.api.contract.MembershipFilterContract;

class ClassicContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "classic";
    }
}
