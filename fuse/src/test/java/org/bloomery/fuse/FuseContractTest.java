package org.bloomery.fuse;

import org.bloomery.api.contract.MembershipFilterContract;

/** The shared contract, for kind "fuse": the parts that apply to a static filter. */
class FuseContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "fuse";
    }
}
