package org.bloomery.ribbon;

import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.MappedFilterContract;
import org.bloomery.api.contract.MembershipFilterContract;

/** The shared contract, for kind "ribbon" mapped from its file: every filter the kit builds is queried mapped. */
class RibbonMappedContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "ribbon";
    }

    @Override
    protected <T> MembershipFilter<T> served(MembershipFilter<T> built) {
        return MappedFilterContract.mapped(built);
    }
}
