package org.bloomery.classic;

import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.MappedFilterContract;
import org.bloomery.api.contract.MembershipFilterContract;

/** The shared read-only contract, for kind "classic" in the standard layout mapped from its file. */
class ClassicMappedContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "classic";
    }

    @Override
    protected <T> MembershipFilter<T> served(MembershipFilter<T> built) {
        return MappedFilterContract.mapped(built);
    }
}
