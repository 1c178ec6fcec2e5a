package org.bloomery.fuse;

import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.MappedFilterContract;
import org.bloomery.api.contract.MembershipFilterContract;

/** The shared contract, for kind "fuse" mapped from its file: every filter the kit builds is queried mapped. */
class FuseMappedContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "fuse";
    }

    @Override
    protected <T> MembershipFilter<T> served(MembershipFilter<T> built) {
        return MappedFilterContract.mapped(built);
    }
}
