package org.bloomery.classic;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.MappedFilterContract;
import org.bloomery.api.contract.MembershipFilterContract;

/** The shared read-only contract, for kind "classic" in the patterned layout mapped from its file. */
class ClassicPatternedMappedContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "classic";
    }

    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return super.spec(expectedInsertions, fpp).withOption("layout", "patterned");
    }

    @Override
    protected <T> MembershipFilter<T> served(MembershipFilter<T> built) {
        return MappedFilterContract.mapped(built);
    }
}
