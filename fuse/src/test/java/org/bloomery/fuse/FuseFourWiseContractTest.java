package org.bloomery.fuse;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.MembershipFilterContract;

/** The shared contract, for kind "fuse" with option {@code arity=4}. */
class FuseFourWiseContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "fuse";
    }

    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return FilterSpec.of(expectedInsertions, fpp).withOption("arity", "4");
    }
}
