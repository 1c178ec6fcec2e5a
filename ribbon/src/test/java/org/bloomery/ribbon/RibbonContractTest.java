package org.bloomery.ribbon;

import org.bloomery.api.contract.MembershipFilterContract;

/** The shared contract, for kind "ribbon": the parts that apply to a static filter. */
class RibbonContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return RibbonProvider.KIND;
    }
}
